import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { EXCHANGE_1C_MSG, EXCHANGE_1C_SETTINGS_MSG } from '@b2b/contracts/exchange-1c';
import { chooseOption, PASSWORD, signInAs } from './helpers';

/*
 * Настройки магазина → «Обмен с 1С» (issue 41). The demo's exchange account (1c@partner.demo / demo1234) and its
 * mapping are what other tests may use: the test saves the same account and puts the statuses and mapping back.
 */

test.describe.configure({ timeout: 120_000, mode: 'serial' });

const LOGIN = '1c@partner.demo';
const API = '/v3/api/partner/exchange1c/';

/** A catalogue as 1C writes it (CommerceML 2.07): a product of the demo catalogue and one it has not. */
const IMPORT_XML = `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_2" ВерсияСхемы="2.07" ДатаФормирования="2026-11-28T10:00:00">
  <Каталог СодержитТолькоИзменения="false">
    <Ид>e2e-catalog</Ид>
    <ИдКлассификатора>e2e-classifier</ИдКлассификатора>
    <Наименование>Основной каталог товаров</Наименование>
    <Товары>
      <Товар><Ид>e2e-known-0001</Ид><Артикул>100001</Артикул><Наименование>Товар из каталога</Наименование></Товар>
      <Товар><Ид>e2e-unknown-0001</Ид><Артикул>НЕТ-В-КАТАЛОГЕ</Артикул><Наименование>Товар, которого нет в каталоге</Наименование></Товар>
    </Товары>
  </Каталог>
</КоммерческаяИнформация>
`;

const saved = (page: Page) => expect(page.locator('.ant-message-notice').getByText(EXCHANGE_1C_SETTINGS_MSG.saved).last()).toBeVisible();

const fieldError = (page: Page, testId: string) =>
  page
    .locator('.ant-form-item')
    .filter({ has: page.getByTestId(testId) })
    .locator('.ant-form-item-explain-error');

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/v3/oauth/token/', {
    form: { grant_type: 'password', client_id: 'web', client_secret: 'web-secret', username: 'admin@partner.demo', password: PASSWORD },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).access_token;
}

/** 1C's first call: HTTP Basic auth → `success`, the cookie's name and value. */
async function checkauth(request: APIRequestContext, login: string, password: string, type: 'sale' | 'catalog' = 'sale') {
  const res = await request.get(`/exchange/1c?type=${type}&mode=checkauth`, {
    headers: { authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}` },
  });
  expect(res.status()).toBe(200);
  return (await res.text()).split('\n');
}

test('ORDERS has no «Обмен с 1С» tab, and its address leads back to the shop tab', async ({ page }) => {
  await signInAs(page, 'orders@partner.demo', '/partner/settings/my-shop');
  await expect(page.getByTestId('tab-my-shop')).toBeVisible();
  await expect(page.getByTestId('tab-my-settings-commercialoffer')).toBeVisible();
  await expect(page.getByTestId('tab-exchange-1c')).toHaveCount(0);
  await page.goto('/partner/settings/exchange-1c');
  await expect(page).toHaveURL(/\/partner\/settings\/my-shop$/);
  await expect(page.getByTestId('exchange-1c-tab')).toHaveCount(0);
});

test('ADMIN: the address to copy, the account, statuses and mapping saved, then real exchanges in the log', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const token = await adminToken(request);
  const before = await (await request.get(API, { headers: { authorization: `Bearer ${token}` } })).json();
  try {
    await signInAs(page, 'admin@partner.demo', '/partner/settings');
    await page.getByTestId('tab-exchange-1c').click();
    await expect(page).toHaveURL(/\/partner\/settings\/exchange-1c$/);
    await expect(page.getByTestId('tab-exchange-1c')).toHaveText('Обмен с 1С');

    // The address 1C is to call, as this browser reached the server, and its copy button.
    const url = `${baseURL}/exchange/1c`;
    await expect(page.getByTestId('exchange-url')).toContainText(url);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await page.getByTestId('exchange-url').locator('.ant-typography-copy').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    // The log of a partner that has not exchanged yet.
    await expect(page.getByTestId('exchange-log-empty')).toHaveText('Обменов с 1С еще не было');

    await expect(page.getByLabel('Логин для 1С', { exact: true })).toHaveValue(LOGIN);
    await expect(page.getByText('Пароль задан. Оставьте поле пустым, чтобы не менять его')).toBeVisible();

    // A password 1C could not use is refused under its field.
    await page.getByLabel('Пароль для 1С', { exact: true }).fill('123');
    await page.getByTestId('exchange-form-save').click();
    await expect(fieldError(page, 'exchange-password')).toHaveText(EXCHANGE_1C_MSG.passwordTooShort);

    // The account (the demo's, typed anew), the statuses sent and a price type mapped by name before any exchange.
    await page.getByLabel('Логин для 1С', { exact: true }).fill(LOGIN);
    await page.getByLabel('Пароль для 1С', { exact: true }).fill(PASSWORD);
    await page.getByTestId('exchange-statuses').getByLabel('Исполнен').check();
    await page.getByTestId('exchange-statuses').getByLabel('Просмотрен').uncheck();
    await page.getByTestId('price-type-add').click();
    const row = page.getByTestId('price-map-row').last();
    await row.getByTestId('price-type-name').fill('Розничная');
    const select = row.locator('.ant-select');
    await chooseOption(page, select, 'Оптовый прайс', async () => (await select.innerText()).includes('Оптовый прайс'));
    await page.getByTestId('exchange-form-save').click();
    await saved(page);
    await expect(page.getByLabel('Пароль для 1С', { exact: true })).toHaveValue('');

    await page.reload();
    const statuses = page.getByTestId('exchange-statuses');
    await expect(statuses.getByLabel('Исполнен')).toBeChecked();
    await expect(statuses.getByLabel('Просмотрен')).not.toBeChecked();
    await expect(statuses.getByLabel('Новый')).toBeChecked();
    const rows = page.getByTestId('price-map-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0).getByTestId('price-type-name')).toHaveValue('Оптовая');
    await expect(rows.nth(0)).toContainText('Базовый прайс');
    await expect(rows.nth(1).getByTestId('price-type-name')).toHaveValue('Розничная');
    await expect(rows.nth(1)).toContainText('Оптовый прайс');

    // 1C signs in with the saved password and takes the orders: the log shows that exchange.
    const auth = await checkauth(request, LOGIN, PASSWORD);
    expect(auth[0]).toBe('success');
    const cookie = `${auth[1]}=${auth[2]}`;
    const query = await request.get('/exchange/1c?type=sale&mode=query', { headers: { cookie } });
    expect(query.status()).toBe(200);
    const documents = ((await query.text()).match(/<Документ>/g) ?? []).length;
    expect(documents).toBeGreaterThan(0);
    await page.getByTestId('exchange-log-refresh').click();
    const run = page.getByTestId('exchange-run').first();
    await expect(run).toContainText('Выгрузка заказов в 1С');
    await expect(run.locator('[data-col="orders"]')).toHaveAttribute('data-value', String(documents));
    await expect(run).toContainText('Выполнено');
    await expect(page.getByTestId('exchange-log-empty')).toHaveCount(0);

    // 1C's catalogue: one product of the catalogue (by its 6-digit code as Артикул) and one the catalogue has not.
    const catalog = await checkauth(request, LOGIN, PASSWORD, 'catalog');
    const session = { cookie: `${catalog[1]}=${catalog[2]}` };
    expect((await (await request.get('/exchange/1c?type=catalog&mode=init', { headers: session })).text()).split('\n')[0]).toBe('zip=yes');
    const sent = await request.post('/exchange/1c?type=catalog&mode=file&filename=import.xml', { headers: session, data: Buffer.from(IMPORT_XML) });
    expect(await sent.text()).toBe('success');
    let answer = '';
    await expect
      .poll(
        async () => {
          answer = await (await request.get('/exchange/1c?type=catalog&mode=import&filename=import.xml', { headers: session })).text();
          return answer.split('\n')[0];
        },
        { timeout: 60_000, intervals: [500] },
      )
      .not.toBe('progress');
    expect(answer).toBe('success');
    await page.getByTestId('exchange-log-refresh').click();
    const imported = page.getByTestId('exchange-run').first();
    await expect(imported).toContainText('import.xml');
    await expect(imported).toContainText('Загрузка из 1С');
    await expect(imported.locator('[data-col="products"]')).toHaveAttribute('data-value', '1');
    await expect(imported.locator('[data-col="unmatched"]')).toHaveAttribute('data-value', '1');
    await imported.locator('.ant-table-row-expand-icon').click();
    await expect(page.getByTestId('run-details')).toContainText('e2e-unknown-0001');
  } finally {
    // The demo's statuses and mapping back, for the other tests of this server.
    const body = new URLSearchParams({ login: before.LOGIN });
    before.STATUSES.forEach((s: string, i: number) => body.append(`statuses[${i}]`, s));
    before.PRICE_MAP.forEach((m: { TYPE_ID: string; TYPE_NAME: string; PRICE_LIST_ID: number }, i: number) => {
      body.append(`price_map[${i}][type_name]`, m.TYPE_NAME);
      body.append(`price_map[${i}][price_list_id]`, String(m.PRICE_LIST_ID));
    });
    const res = await request.post(API, {
      data: body.toString(),
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect((await res.json()).SUCCESS).toBe('Y');
  }
});
