import { expect as baseExpect, test, type BrowserContext, type Page, type Request } from '@playwright/test';
import ExcelJS from 'exceljs';
import { MSG, ORDER_STATUS_LABEL } from '@b2b/contracts/messages';
import { ORDER_MSG } from '@b2b/contracts/orders';
import { chooseOption, signInAs, urlHas } from './helpers';

/*
 * The order screens (issue 3, back-office.md §2–§4): the list with its filters saved in the params_orders cookie,
 * the card, every action and the distribution-centre basket. The tests of this file run one after another, but
 * other files run beside them against the same server: each test takes its own order (its own status and row)
 * and none depends on exact counts.
 */

// The shared test machine can be busy: give the screens time rather than fail on a slow answer.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const EDITOR = 'orders@partner.demo';
const VIEWER = 'price@partner.demo';

type Status = keyof typeof ORDER_STATUS_LABEL;

const rows = (page: Page) => page.getByTestId('orders-table').locator('tr[data-row-key]');

/** The list has loaded what its URL asks for (the previous rows stay on screen while the next ones load). */
const listLoaded = (page: Page) => expect(page.locator('[data-testid="orders-table"][data-loading="false"]')).toBeVisible();

/** Runs `act`, waits for the list's answer whose URL contains `part`, then for the table to show it. */
async function listAfter(page: Page, part: string, act: () => Promise<void>) {
  const answered = page.waitForResponse(
    (r) => r.url().includes('/v3/api/partner/orderlist/') && r.url().includes(part) && !r.url().includes('action=export'),
  );
  await act();
  await answered;
  await listLoaded(page);
}

const ruDay = (date: Date) => `${String(date.getDate()).padStart(2, '0')}.${String(date.getMonth() + 1).padStart(2, '0')}.${date.getFullYear()}`;

/** The list shows the day only (dd.MM.yyyy, back-office.md §5): its start. */
const rowTime = (text: string) => {
  const [dd, mm, yyyy] = text.split('.');
  return new Date(`${yyyy}-${mm}-${dd}T00:00`).getTime();
};

async function openList(page: Page, email = EDITOR) {
  await signInAs(page, email, '/partner/orderlist');
  await listLoaded(page);
  await expect(rows(page).first()).toBeVisible();
}

/** Filters the list by a status through the status select and waits for the rows to follow. */
async function filterByStatus(page: Page, status: Status) {
  await chooseOption(page, page.getByTestId('orders-filter-status'), ORDER_STATUS_LABEL[status], urlHas(page, new RegExp(`status=${status}`)));
  await listLoaded(page);
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByTestId('orders-table').locator(`tr[data-row-key]:not([data-status="${status}"])`)).toHaveCount(0);
}

/** Opens the card of the index-th order of a status: each test takes a different row, so none shares an order. */
async function openOrderOfStatus(page: Page, status: Status, index: number): Promise<string> {
  await filterByStatus(page, status);
  const link = rows(page).nth(index).getByTestId('order-link');
  const number = (await link.textContent())!.trim();
  await link.click();
  await expect(page.getByTestId('order-card')).toBeVisible();
  await expect(page.getByTestId('page-title')).toContainText(number);
  await expect(page.getByTestId('order-status')).toHaveText(ORDER_STATUS_LABEL[status]);
  return number;
}

async function readWorkbook(path: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const cells: string[] = [];
  workbook.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.text ?? '').trim()))));
  return { workbook, cells };
}

test('the list filters, pages and sorts, and its filters come back from the cookie', async ({ page, context }) => {
  await openList(page);
  await expect(page.getByTestId('orders-found')).toHaveText(/^Найдено [\d ]+ заказ(а|ов)?$/);
  await expect(rows(page)).toHaveCount(12);
  // Newest first by default.
  const dates = await rows(page).getByTestId('order-date').allTextContents();
  expect(dates[0]).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
  expect(rowTime(dates[0])).toBeGreaterThanOrEqual(rowTime(dates[11]));

  // Page size 24, then page 2.
  await chooseOption(page, page.locator('.ant-pagination-options .ant-select'), '24', urlHas(page, /limit=24/));
  await expect(rows(page)).toHaveCount(24);
  await page.locator('.ant-pagination-item-2').click();
  await expect(page).toHaveURL(/offset=24/);
  await expect(page.locator('.ant-pagination-item-active')).toHaveText('2');

  // Sort by the sum, ascending.
  await page.getByTestId('orders-table').locator('th', { hasText: 'Сумма' }).click();
  await expect(page).toHaveURL(/sort=POSITION_SUM&order=ASC|order=ASC.*sort=POSITION_SUM/);
  await expect(page).not.toHaveURL(/offset=/);
  await listLoaded(page);
  const sums = async () =>
    (await rows(page).getByTestId('order-sum').allTextContents()).map((s) => Number(s.replace(/[^\d,]/g, '').replace(',', '.')));
  await expect.poll(async () => (await sums()).every((v, i, all) => i === 0 || all[i - 1] <= v)).toBe(true);
  expect((await rows(page).getByTestId('order-sum').first().textContent())!).toMatch(/^\d{1,3}( \d{3})*,\d{2} ₽$/);

  // A status and a date range.
  await filterByStatus(page, 'COMPLETED');
  await expect(page).not.toHaveURL(/offset=/);
  const from = new Date(Date.now() - 120 * 86_400_000);
  from.setHours(0, 0, 0, 0);
  const start = page.getByTestId('orders-filter-dates').locator('input').first();
  await start.click();
  await start.fill(ruDay(from));
  await start.press('Enter');
  const end = page.getByTestId('orders-filter-dates').locator('input').nth(1);
  await end.fill(ruDay(new Date()));
  await listAfter(page, 'date_end=', () => end.press('Enter'));
  await expect(page).toHaveURL(/date_start=\d{4}-\d{2}-\d{2}/);
  await expect(page).toHaveURL(/date_end=\d{4}-\d{2}-\d{2}/);
  await expect(rows(page).first()).toBeVisible();
  for (const text of await rows(page).getByTestId('order-date').allTextContents()) {
    expect(rowTime(text)).toBeGreaterThanOrEqual(from.getTime());
  }
  const found = await page.getByTestId('orders-found').textContent();

  // The saved filters are in the cookie…
  const saved = (await context.cookies()).find((c) => c.name === 'params_orders');
  expect(saved?.path).toBe('/');
  expect(JSON.parse(decodeURIComponent(saved!.value))).toMatchObject({ status: 'COMPLETED' });

  // …and come back after leaving the list, from its first request: the list never asks its defaults first.
  await page.getByTestId('nav-clients').click();
  await expect(page).toHaveURL(/\/partner\/clients/);
  const asked: string[] = [];
  const record = (r: Request) => {
    if (r.url().includes('/v3/api/partner/orderlist/')) asked.push(r.url());
  };
  page.on('request', record);
  // Every state of the status filter the page shows on the way back, frame by frame.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { statusShown: string[] }).statusShown = seen;
    new MutationObserver(() => {
      const status = document.querySelector('[data-testid="orders-filter-status"]');
      if (status) seen.push(status.textContent ?? '');
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.getByTestId('nav-orders').click();
  await expect(page).toHaveURL(/status=COMPLETED/);
  await expect(page).toHaveURL(/date_end=/);
  await expect(page.getByTestId('orders-filter-status')).toContainText('Исполнен');
  await expect(page.getByTestId('orders-found')).toHaveText(found!);
  page.off('request', record);
  expect(asked.length).toBeGreaterThan(0);
  for (const url of asked) expect(url).toContain('status=COMPLETED');
  // Nor shows them for a frame: the saved filter is there from the list's first render.
  const shown = await page.evaluate(() => (window as unknown as { statusShown: string[] }).statusShown);
  expect(shown.length).toBeGreaterThan(0);
  for (const text of shown) expect(text).toContain('Исполнен');
  await expect(page.getByTestId('orders-table').locator('tr[data-row-key]:not([data-status="COMPLETED"])')).toHaveCount(0);

  // Search by number: one order; a search for nothing says so.
  const number = (await rows(page).first().getByTestId('order-link').textContent())!.trim();
  await page.getByTestId('orders-filter-query').locator('input').fill(number);
  await listAfter(page, 'query=', () => page.getByTestId('orders-filter-query').locator('input').press('Enter'));
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first().getByTestId('order-link')).toHaveText(number);
  await expect(page.getByTestId('orders-found')).toHaveText('Найдено 1 заказ');
  await page.getByTestId('orders-filter-query').locator('input').fill('нет-такого-заказа');
  await page.getByTestId('orders-filter-query').locator('input').press('Enter');
  await expect(page.getByTestId('orders-empty')).toHaveText(MSG.ordersEmpty);

  // Resetting clears the cookie too.
  await page.getByTestId('orders-filter-reset').click();
  await expect(page).not.toHaveURL(/status=/);
  await page.goto('/partner/clients');
  await page.goto('/partner/orderlist');
  await expect(rows(page).first()).toBeVisible();
  await expect(page).not.toHaveURL(/status=/);

  // A broad search (every number starts with «К-») counts its first 1,000 matches and asks to narrow it.
  await page.getByTestId('orders-filter-query').locator('input').fill('К-');
  await listAfter(page, 'query=', () => page.getByTestId('orders-filter-query').locator('input').press('Enter'));
  await expect(page.getByTestId('orders-found')).toHaveText(/^Найдено более 1\s000 заказов — уточните запрос$/);
  await expect(rows(page).first()).toBeVisible();
  await page.getByTestId('orders-filter-reset').click();
});

test('the client filter narrows the list to one client and is saved with the others', async ({ page, context }) => {
  await openList(page);
  const name = (await rows(page).first().getByTestId('order-client').textContent())!.trim();
  const select = page.getByTestId('orders-filter-client');
  await select.click();
  await page.keyboard.type(name.split(' ').slice(0, 2).join(' '));
  await listAfter(page, 'client_id=', () =>
    page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${name}"]`).click(),
  );
  await expect(page).toHaveURL(/client_id=\d+/);
  await expect(rows(page).first()).toBeVisible();
  for (const client of await rows(page).getByTestId('order-client').allTextContents()) expect(client.trim()).toBe(name);
  await expect(select).toContainText(name);
  const saved = (await context.cookies()).find((c) => c.name === 'params_orders');
  expect(JSON.parse(decodeURIComponent(saved!.value)).client_id).toMatch(/^\d+$/);
});

test('accepting a NEW order makes it VIEWED and writes the history', async ({ page }) => {
  await openList(page);
  await openOrderOfStatus(page, 'NEW', 0);
  await page.getByTestId('order-action-accept').click();
  await expect(page.getByTestId('order-status')).toHaveText('Просмотрен');
  await expect(page.getByTestId('order-action-accept')).toHaveCount(0);
  await expect(page.getByTestId('order-action-basket')).toBeVisible();
  await expect(page.getByTestId('order-action-complete')).toBeVisible();
  await expect(page.getByTestId('order-history').locator('tr[data-action="VIEWED"]')).toHaveCount(1);
  await expect(page.getByTestId('order-history')).toContainText('Кузнецов');
});

test('sending a VIEWED order to the basket: once for a double click, and the basket totals change', async ({ page }) => {
  await openList(page);
  const basket = page.getByTestId('basket-text');
  await expect(basket).toHaveText(/^В корзине РЦ: \d+ товар(а|ов)? на сумму [\d ]+,\d{2} ₽$/);
  const before = { cnt: Number(await basket.getAttribute('data-cnt')), sum: Number(await basket.getAttribute('data-sum')) };

  await openOrderOfStatus(page, 'VIEWED', 1);
  await page.getByTestId('order-action-basket').dblclick();
  await expect(page.getByTestId('order-basket-message')).toBeVisible();
  await expect(page.getByTestId('order-basket-message')).not.toHaveClass(/ant-alert-error/);
  await expect(page.getByTestId('order-status')).toHaveText('В корзине');
  await expect(page.getByTestId('order-action-basket')).toHaveCount(0);
  await expect(page.getByTestId('order-history').locator('tr[data-action="SENT_TO_BASKET"]')).toHaveCount(1);

  await page.getByTestId('order-back').click();
  // By number: the attribute is the API's money text, not always String() of its number (a text compare passed at once).
  await expect.poll(async () => Number(await basket.getAttribute('data-sum'))).toBeGreaterThan(before.sum);
  expect(Number(await basket.getAttribute('data-cnt'))).toBeGreaterThanOrEqual(before.cnt);
});

test('rejecting needs a reason; with one the order is canceled and keeps no actions', async ({ page, context }) => {
  await openList(page);
  await openInStockInBasket(page, context);
  await page.getByTestId('order-action-reject').click();
  await page.getByTestId('reject-submit').click();
  await expect(page.getByTestId('reject-error')).toHaveText(ORDER_MSG.cancelReasonRequired);
  await page.getByTestId('reject-reason').fill('   ');
  await page.getByTestId('reject-submit').click();
  await expect(page.getByTestId('reject-error')).toHaveText(ORDER_MSG.cancelReasonRequired);
  await expect(page.getByTestId('order-status')).toHaveText('В корзине');

  await page.getByTestId('reject-reason').fill('Клиент отказался от заказа');
  await page.getByTestId('reject-submit').click();
  await expect(page.getByTestId('order-cancel-confirmation')).toContainText('Заказ отменен');
  await page.getByRole('button', { name: /OK|ОК/ }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Отменен');
  await expect(page.getByTestId('order-field-cancel-comment')).toHaveText('Клиент отказался от заказа');
  for (const id of [
    'order-action-accept',
    'order-action-basket',
    'order-action-complete',
    'order-action-reject',
    'order-note-open',
    'payment-type-select',
  ]) {
    await expect(page.getByTestId(id)).toHaveCount(0);
  }
  await expect(page.getByTestId('order-export')).toBeVisible();
  await expect(page.getByTestId('order-history').locator('tr[data-action="CANCELED"]')).toHaveCount(1);
});

test('an answer with SUCCESS=N shows as a failure inside the modal', async ({ page, context }) => {
  await openList(page);
  await openInStockInBasket(page, context);
  const id = await page.getByTestId('order-card').getAttribute('data-order-id');
  // Someone else cancels the order meanwhile; this page still offers to fulfil it.
  const token = (await context.cookies()).find((c) => c.name === 'access_token')!.value;
  const answer = await page.request.post(`/v3/api/partner/order/${id}/`, {
    headers: { Authorization: `Bearer ${token}` },
    form: { action: 'cancel', cancel_comment: 'Отменен в другом окне' },
  });
  expect((await answer.json()).SUCCESS).toBe('Y');

  await page.getByTestId('order-action-complete').click();
  await expect(page.getByTestId('complete-modal')).toContainText('Все товары в наличии, клиент будет уведомлен');
  await page.getByTestId('complete-submit').click();
  await expect(page.getByTestId('complete-error')).toBeVisible();
  await expect(page.getByTestId('complete-error')).toContainText('Отменен');
  await expect(page.getByTestId('complete-modal')).toBeVisible();
  await page.getByRole('button', { name: 'Отмена' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Отменен');
});

/**
 * The id of an IN_BASKET order whose goods the distributor's stock covers (short=false) or does not (short=true).
 * Stock changes as other tests fulfil orders, so the order is chosen by what the card says now, not by its row.
 */
async function inBasketOrder(page: Page, context: BrowserContext, short: boolean, skip: string[] = []): Promise<string> {
  const token = (await context.cookies()).find((c) => c.name === 'access_token')!.value;
  const headers = { Authorization: `Bearer ${token}` };
  // Page by page: other tests running beside this one fulfil IN_BASKET orders, so the newest page may hold none.
  for (let offset = 0; offset < 36 * 6; offset += 36) {
    const list = await page.request.get(`/v3/api/partner/orderlist/?status=IN_BASKET&limit=36&offset=${offset}`, { headers });
    const ids: string[] = (await list.json()).ITEMS.map((o: { ID: number }) => String(o.ID));
    for (const id of ids.filter((i) => !skip.includes(i)).reverse()) {
      const card = await (await page.request.get(`/v3/api/partner/order/${id}/`, { headers })).json();
      if (card.PRODUCTS.some((p: { TO_ORDER: number }) => p.TO_ORDER > 0) === short) return id;
    }
    if (ids.length < 36) break;
  }
  throw new Error(`no IN_BASKET order with ${short ? 'a' : 'no'} stock shortage`);
}

/**
 * Opens an IN_BASKET order whose goods are in stock: the tests that cancel one take those, so the demo's only order
 * with a shortage stays for the shortage test (which of them is the nth row depends on what ran before).
 */
async function openInStockInBasket(page: Page, context: BrowserContext) {
  await page.goto(`/partner/orderlist/${await inBasketOrder(page, context, false)}`);
  await expect(page.getByTestId('order-card')).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText(ORDER_STATUS_LABEL.IN_BASKET);
}

test('fulfilling an IN_BASKET order whose goods are in stock', async ({ page, context }) => {
  await openList(page);
  await page.goto(`/partner/orderlist/${await inBasketOrder(page, context, false)}`);
  await expect(page.getByTestId('order-status')).toHaveText(ORDER_STATUS_LABEL.IN_BASKET);
  await page.getByTestId('order-action-complete').click();
  await page.getByTestId('complete-submit').click();
  await expect(page.getByTestId('complete-modal')).toHaveCount(0);
  await expect(page.getByTestId('order-status')).toHaveText('Исполнен');
  await expect(page.getByTestId('order-action-complete')).toHaveCount(0);
});

test('a stock shortage is named before fulfilling and the user confirms the goods are there', async ({ page, context }) => {
  await openList(page);
  await page.goto(`/partner/orderlist/${await inBasketOrder(page, context, true)}`);
  await expect(page.getByTestId('order-status')).toHaveText(ORDER_STATUS_LABEL.IN_BASKET);
  await page.getByTestId('order-action-complete').click();
  await page.getByTestId('complete-submit').click();
  const warning = page.getByTestId('complete-stock-warning');
  await expect(warning).toContainText('По остаткам РЦ не хватает товара');
  await expect(page.getByTestId('complete-submit')).toHaveText(/Товар в наличии, исполнить/);
  await expect(page.getByTestId('order-status')).toHaveText(ORDER_STATUS_LABEL.IN_BASKET);
  await page.getByTestId('complete-submit').click();
  await expect(page.getByTestId('complete-modal')).toHaveCount(0);
  await expect(page.getByTestId('order-status')).toHaveText('Исполнен');
  await expect(page.getByTestId('order-history').locator('tr[data-action="COMPLETED"]')).toHaveCount(1);
});

test('changing the payment type notifies and stays after a reload', async ({ page }) => {
  await openList(page);
  await openOrderOfStatus(page, 'IN_BASKET', 5);
  const select = page.getByTestId('payment-type-select');
  const current = (await select.textContent())!.trim();
  const next = current === 'Наличные' ? 'Банковской картой' : 'Наличные';
  await chooseOption(page, select, next, async () => ((await select.textContent()) ?? '').includes(next));
  await expect(page.getByText(`Вы сменили способ оплаты на "${next}"`)).toBeVisible();
  await expect(select).toContainText(next);
  await page.reload();
  await expect(page.getByTestId('payment-type-select')).toContainText(next);
  await expect(page.getByTestId('order-history').locator('tr[data-action="PAYMENT_TYPE"]')).not.toHaveCount(0);
});

test('a note of 1001 characters is refused, one of 1000 is saved; the shop comment too', async ({ page }) => {
  await openList(page);
  await openOrderOfStatus(page, 'COMPLETED', 1);
  await page.getByTestId('order-note-open').click();
  await page.getByTestId('order-note-input').fill('я'.repeat(1001));
  await expect(page.getByTestId('order-note-modal')).toContainText('1001 / 1000');
  await page.getByTestId('order-note-submit').click();
  await expect(page.getByTestId('order-note-error')).toHaveText(ORDER_MSG.noteTooLong);
  await expect(page.getByTestId('order-note-modal')).toBeVisible();

  const note = `Заметка ${'ж'.repeat(992)}`;
  expect(note).toHaveLength(1000);
  await page.getByTestId('order-note-input').fill(note);
  await page.getByTestId('order-note-submit').click();
  await expect(page.getByTestId('order-note-modal')).toHaveCount(0);
  await expect(page.getByTestId('order-field-note')).toHaveText(note);

  await page.getByTestId('order-comment-open').click();
  await page.getByTestId('order-comment-input').fill('Доставим в четверг');
  await page.getByTestId('order-comment-submit').click();
  await expect(page.getByTestId('order-field-shop-comment')).toHaveText('Доставим в четверг');
});

test('the order card shows the entity, its items and its history', async ({ page }) => {
  await openList(page);
  const number = await openOrderOfStatus(page, 'COMPLETED', 2);
  await expect(page.getByTestId('order-field-number')).toHaveText(number);
  await expect(page.getByTestId('order-field-date')).toHaveText(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
  await expect(page.getByTestId('order-client-link')).toHaveAttribute('href', /^\/partner\/clients\/\d+$/);
  await expect(page.getByTestId('order-field-position-sum')).toHaveText(/^\d{1,3}( \d{3})*,\d{2} ₽$/);
  await expect(page.getByTestId('order-field-contact-phone')).toHaveText(/^(\+7 \(\d{3}\) \d{3}-\d{2}-\d{2}|—)$/);
  const items = page.getByTestId('order-items').locator('tr[data-row-key]');
  await expect(items.first()).toBeVisible();
  await expect(items.first().getByTestId('item-code')).toHaveText(/^\d+$/);
  // The item's picture is the product's photo the shop shows (issue 38.6): an image that loads, not the placeholder.
  const picture = items.first().getByTestId('item-picture').locator('img');
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
  await expect(picture).toHaveAttribute('src', /^\/v3\/api\/catalog\/product\/\d+\/photo\/$/);
  await expect(page.getByTestId('order-history').locator('tr[data-action="CREATED"]')).toHaveCount(1);
});

test('a viewer sees no action buttons but downloads the order as an .xlsx with its rows', async ({ page }) => {
  await openList(page, VIEWER);
  await expect(page.getByTestId('basket-summary')).toBeVisible();
  await expect(page.getByTestId('basket-send-all')).toHaveCount(0);
  await expect(page.locator('.ant-table-selection-column')).toHaveCount(0);
  // It only reads: the first NEW order will do (the demo has few, and other tests accept some of them).
  const number = await openOrderOfStatus(page, 'NEW', 0);
  for (const id of [
    'order-action-accept',
    'order-action-basket',
    'order-action-complete',
    'order-action-reject',
    'order-note-open',
    'payment-type-select',
  ]) {
    await expect(page.getByTestId(id)).toHaveCount(0);
  }
  await expect(page.getByTestId('payment-type')).toBeVisible();
  const codes = await page.getByTestId('order-items').getByTestId('item-code').allTextContents();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('order-export').click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const { cells } = await readWorkbook(await download.path());
  expect(cells.join('\n')).toContain(number);
  for (const code of codes) expect(cells).toContain(code.trim());
});

test('the filtered list exports to an .xlsx with its orders', async ({ page }) => {
  await openList(page);
  await filterByStatus(page, 'CANCELED');
  const count = Number((await page.getByTestId('orders-found').getAttribute('data-cnt'))!);
  const numbers = (await rows(page).getByTestId('order-link').allTextContents()).map((s) => s.trim());
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('orders-export').click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const { workbook, cells } = await readWorkbook(await download.path());
  for (const number of numbers) expect(cells).toContain(number);
  const sheet = workbook.worksheets[0];
  // A header row, then one row per order of the filter (others may cancel orders meanwhile: at least as many).
  const orderRows = sheet.getRows(2, sheet.rowCount - 1)?.filter((r) => /^\S+-\d+$/.test(String(r.getCell(1).text))) ?? [];
  expect(orderRows.length).toBeGreaterThanOrEqual(count);
  expect(cells).not.toContain(ORDER_STATUS_LABEL.NEW);
});

// It may accept NEW orders of its own: it runs after the tests that open NEW orders by their row.
test('chosen accepted orders go to the basket with only the products kept checked', async ({ page, context }) => {
  await openList(page);
  // Only accepted orders can be chosen.
  await expect(page.getByTestId('chosen-orders-hint')).toBeVisible();
  const notAccepted = page.getByTestId('orders-table').locator('tr[data-row-key]:not([data-status="VIEWED"])');
  await expect(notAccepted.first().locator('.ant-table-selection-column input')).toBeDisabled();

  // Two accepted orders with two products at least (leaving one product out still sends both): from the end of
  // the accepted list, else new ones accepted through the API. No earlier test of this file takes them by row.
  const token = (await context.cookies()).find((c) => c.name === 'access_token')!.value;
  const headers = { Authorization: `Bearer ${token}` };
  const withTwoProducts = async (status: Status) =>
    (await (await page.request.get(`/v3/api/partner/orderlist/?status=${status}&limit=36`, { headers })).json()).ITEMS.filter(
      (o: { POSITION_COUNT: number }) => o.POSITION_COUNT >= 2,
    );
  const fresh = (await withTwoProducts('VIEWED')).slice(-2);
  for (const order of (await withTwoProducts('NEW')).reverse()) {
    if (fresh.length === 2) break;
    const answer = await page.request.post(`/v3/api/partner/order/${order.ID}/`, { headers, form: { action: 'accept' } });
    expect((await answer.json()).SUCCESS).toBe('Y');
    fresh.push(order);
  }
  expect(fresh).toHaveLength(2);
  const numbers: string[] = fresh.map((o: { ORDER_NUMBER: string }) => o.ORDER_NUMBER);
  await page.getByTestId('orders-refresh').click();
  await filterByStatus(page, 'VIEWED');
  for (const number of numbers) {
    await rows(page)
      .filter({ has: page.getByTestId('order-link').getByText(number, { exact: true }) })
      .locator('.ant-table-selection-column input')
      .check();
  }
  await expect(page.getByTestId('chosen-orders-count')).toHaveText('Выбрано: 2 заказа');
  await page.getByTestId('chosen-orders-send').click();

  const modal = page.getByTestId('send-chosen-modal');
  await expect(modal).toContainText(numbers[0]);
  await expect(modal).toContainText(numbers[1]);
  const products = modal.getByTestId('send-chosen-product');
  await expect(products.first()).toBeVisible();
  const all = await products.count();
  expect(all).toBeGreaterThan(1);
  // Leave the first product out.
  const leftOut = await products.first().getAttribute('data-product-id');
  await products.first().locator('.ant-table-selection-column input').uncheck();
  await expect(page.getByTestId('send-chosen-count')).toContainText(`Отмечено ${all - 1} из`);
  await page.getByTestId('send-chosen-submit').click();
  await expect(page.getByTestId('chosen-orders-sent')).toContainText(ORDER_MSG.sentToBasket);
  await expect(modal).toHaveCount(0);
  await expect(page.getByTestId('chosen-orders-bar')).toHaveCount(0);

  // Both orders are in the basket now, sent without the product left out (the basket answers only its totals:
  // each card's history says what was sent).
  for (const order of fresh) {
    const card = await (await page.request.get(`/v3/api/partner/order/${order.ID}/`, { headers })).json();
    expect(card.STATUS.STATUS_CODE).toBe('IN_BASKET');
    const sent = card.HISTORY_OPERATIONS.find((h: { ACTION: string }) => h.ACTION === 'SENT_TO_BASKET');
    expect(sent.DETAILS.products).toHaveLength(all - 1);
    expect(sent.DETAILS.products.map(String)).not.toContain(leftOut);
  }
  await listLoaded(page);
  await expect(page.getByTestId('orders-table').locator('tr[data-row-key]').getByText(numbers[0], { exact: true })).toHaveCount(0);
});

test('«Отправить все принятые в корзину РЦ» sends every VIEWED order', async ({ page }) => {
  await openList(page);
  const basket = page.getByTestId('basket-text');
  const before = Number(await basket.getAttribute('data-sum'));
  await page.getByTestId('basket-send-all').click();
  const result = page.getByTestId('basket-send-result');
  await expect(result).toBeVisible();
  if (await result.evaluate((e) => e.classList.contains('ant-alert-success'))) {
    await expect(result).toContainText(/товар/);
    await expect.poll(async () => Number(await basket.getAttribute('data-sum'))).toBeGreaterThan(before);
  } else {
    // Nothing was left to send (another test may have sent them): the spec's failure text.
    await expect(result).toHaveText(ORDER_MSG.nothingToSend);
  }
  await chooseOption(page, page.getByTestId('orders-filter-status'), ORDER_STATUS_LABEL.VIEWED, urlHas(page, /status=VIEWED/));
  await listLoaded(page);
  await expect(page.getByTestId('orders-empty')).toHaveText(MSG.ordersEmpty);
});
