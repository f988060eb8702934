import { expect, type APIRequestContext, type Locator, type Page, test } from '@playwright/test';
import { ORDER_STATUSES } from '@b2b/contracts/limits';
import { chooseOption, PASSWORD, signInAs, urlHas } from './helpers';

/*
 * The manager's reports read true figures (issue 38.2): «Продажи по партнерам» counts the partner's orders — the
 * same number as the order list over the same days without the canceled ones, and as «Маржа по партнерам» — never
 * their lines; and the reports keep their own partner filter, never the one chosen on the orders screen.
 */

test.describe.configure({ timeout: 120_000 });

const MANAGER = 'manager@platform.demo';
const PARTNER = 'Канцлер Опт';
const SECOND = 'Офис Маркет';

/** The manager's Selects are picked by their option's exact title (partner names contain one another). */
const choose = (page: Page, select: Locator, label: string, isDone: () => Promise<boolean>, search?: string) =>
  chooseOption(page, select, label, isDone, { search, exact: true });
const wireDay = (screen: string) => screen.split('.').reverse().join('-');
const whole = (text: string) => Number(text.replace(/\s/g, ''));

/** The manager's API, signed in as any OAuth client would. */
async function managerApi(request: APIRequestContext) {
  const answer = await request.post('/v3/oauth/token/', {
    form: { grant_type: 'password', client_id: 'web', client_secret: 'web-secret', username: MANAGER, password: PASSWORD },
  });
  const headers = { Authorization: `Bearer ${(await answer.json()).access_token as string}` };
  return async <T>(path: string) => (await (await request.get(`/v3/api/manager/${path}`, { headers })).json()) as T;
}

/** Builds the report chosen and answers the cell `key` of the partner's row and the period shown. */
async function build(page: Page, code: string, name: string, key: string) {
  await page.goto(`/partner/reports?report=${code}`);
  await expect(page.getByTestId('report-picker')).toContainText(name);
  await page.getByTestId('report-build').click();
  await expect(page.getByTestId('report-result')).toHaveAttribute('data-code', code);
  const row = page.getByTestId('report-row').filter({ has: page.getByTestId('report-cell-NAME').getByText(PARTNER, { exact: true }) });
  const period = /(\d\d\.\d\d\.\d{4}) — (\d\d\.\d\d\.\d{4})/.exec(await page.getByTestId('report-title').innerText())!;
  return { value: whole(await row.getByTestId(`report-cell-${key}`).innerText()), from: wireDay(period[1]), to: wireDay(period[2]) };
}

test('«Продажи по партнерам» shows the partner’s orders: the order list’s count without the canceled ones, not its lines', async ({
  page,
  request,
}) => {
  const api = await managerApi(request);
  await signInAs(page, MANAGER);
  const sales = await build(page, 'sales_by_partner', 'Продажи по партнерам', 'ORDERS');
  const margin = await build(page, 'margin_by_partner', 'Маржа по партнерам', 'ORDERS');
  expect(margin.from).toBe(sales.from);

  // The order list over the same days, every status but CANCELED.
  const partners = await api<{ ITEMS: { ID: number; NAME: string }[] }>(`partner/?query=${encodeURIComponent('Канцлер')}`);
  const partnerId = partners.ITEMS.find((p) => p.NAME === PARTNER)!.ID;
  let listed = 0;
  for (const status of ORDER_STATUSES.filter((s) => s !== 'CANCELED')) {
    const list = await api<{ NAV: { CNT: number } }>(
      `order/?partner_id=${partnerId}&date_start=${sales.from}&date_end=${sales.to}&status=${status}&limit=12`,
    );
    listed += list.NAV.CNT;
  }
  expect(listed).toBeGreaterThan(0);
  expect(sales.value).toBe(listed);
  expect(margin.value).toBe(listed);
  // The totals row's share is computed: 100 % («100 %» in ru-RU).
  await page.goto('/partner/reports?report=sales_by_partner');
  await page.getByTestId('report-build').click();
  await expect(page.getByTestId('report-total-SHARE')).toHaveText('100 %');
});

test('a partner chosen on the orders screen stays there: the reports keep their own, shown and cleared in their filters', async ({ page }) => {
  await signInAs(page, MANAGER, '/partner/orderlist');
  await choose(page, page.getByTestId('partner-picker'), PARTNER, urlHas(page, /partner_id=\d+/), 'Канц');

  await page.getByTestId('nav-reports').click();
  await expect(page.getByTestId('reports-page')).toBeVisible();
  await expect(page).not.toHaveURL(/partner_id=|shop_id=/);
  await choose(page, page.getByTestId('report-picker'), 'Топ товаров', urlHas(page, /report=top_products/));
  // Every partner: the orders screen's partner is neither in the filter nor in the request.
  await expect(page.getByTestId('report-partner')).toContainText('Все партнеры');
  const [asked] = await Promise.all([
    page.waitForRequest((r) => r.url().includes('/manager/report/top_products/') && r.method() === 'POST'),
    page.getByTestId('report-build').click(),
  ]);
  expect(asked.postData() ?? '').not.toContain('shop_id');
  await expect(page.getByTestId('report-result')).toHaveAttribute('data-code', 'top_products');

  // The reports' own partner: kept for the reports, not given to the orders screen.
  await choose(page, page.getByTestId('report-partner'), SECOND, urlHas(page, /shop_id=\d+/), 'Офис');
  await page.getByTestId('nav-orders').click();
  await expect(page).toHaveURL(/\/partner\/orderlist/);
  await expect(page.getByTestId('partner-picker')).toContainText(PARTNER);
  await page.getByTestId('nav-reports').click();
  await expect(page).toHaveURL(/report=top_products/);
  await expect(page.getByTestId('report-partner')).toContainText(SECOND);
  const [mine] = await Promise.all([
    page.waitForRequest((r) => r.url().includes('/manager/report/top_products/') && r.method() === 'POST'),
    page.getByTestId('report-build').click(),
  ]);
  expect(mine.postData() ?? '').toMatch(/shop_id=\d+/);

  // Cleared where it is shown.
  await page.getByTestId('report-partner').hover();
  await page.getByTestId('report-partner').locator('.ant-select-clear').click();
  await expect(page).not.toHaveURL(/shop_id=/);
  await expect(page.getByTestId('report-partner')).toContainText('Все партнеры');
});
