import ExcelJS from 'exceljs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { MSG } from '@b2b/contracts/messages';
import { ORDER_MSG } from '@b2b/contracts/orders';
import { REPORT_MSG } from '@b2b/contracts/reports';
import { chooseOption, signInAs, urlHas } from './helpers';

/*
 * The platform manager's console (issue 16, web): orders across partners with the partner filter and the manager's
 * order card, the offers of every partner, the reports (table, chart, .xlsx), and the reports closed to partner staff.
 */

test.describe.configure({ timeout: 120_000 });

const MANAGER = 'manager@platform.demo';
/** The demo's main partner (its shop has the same name). */
const PARTNER = 'Канцлер Опт';
const SECOND = 'Офис Маркет';

/** The manager's Selects are picked by their option's exact title (partner names contain one another). */
const choose = (page: Page, select: Locator, label: string, isDone: () => Promise<boolean>, search?: string) =>
  chooseOption(page, select, label, isDone, { search, exact: true });

const orderRows = (page: Page) => page.getByTestId('orders-table').locator('tr[data-row-key]');

async function ordersLoaded(page: Page) {
  await expect(page.getByTestId('orders-table')).toHaveAttribute('data-loading', 'false');
}

/** The partners' names the order rows show. */
async function shownPartners(page: Page): Promise<string[]> {
  await ordersLoaded(page);
  await expect(orderRows(page).first()).toBeVisible();
  return [...new Set((await orderRows(page).getByTestId('order-shop').allTextContents()).map((s) => s.trim()))];
}

async function cookieValue(page: Page, name: string) {
  return (await page.context().cookies()).find((c) => c.name === name)?.value;
}

test('the manager sees every partner’s orders, filters them by a partner, and the offers keep that partner', async ({ page }) => {
  await signInAs(page, MANAGER, '/partner/orderlist');
  await expect(page.getByTestId('manager-order-count')).toBeVisible();
  await expect(page.getByTestId('orders-export')).toHaveCount(0);
  await expect(page.getByTestId('basket-summary')).toHaveCount(0);
  expect((await shownPartners(page)).length).toBeGreaterThan(0);

  await choose(page, page.getByTestId('partner-picker'), PARTNER, urlHas(page, /partner_id=\d+/), 'Канц');
  await expect.poll(() => shownPartners(page)).toEqual([PARTNER]);
  const partnerId = /partner_id=(\d+)/.exec(page.url())![1];
  expect(decodeURIComponent((await cookieValue(page, 'params_manager_partner')) ?? '')).toContain(`"partner_id":"${partnerId}"`);

  // The other partner's orders are its own.
  await choose(page, page.getByTestId('partner-picker'), SECOND, urlHas(page, new RegExp(`partner_id=(?!${partnerId}\\b)\\d+`)), 'Офис');
  await expect.poll(() => shownPartners(page)).toEqual([SECOND]);
  await choose(page, page.getByTestId('partner-picker'), PARTNER, urlHas(page, new RegExp(`partner_id=${partnerId}\\b`)), 'Канц');

  // The offers (promotions) open with the same partner, from the cookie, each naming it; the list is read-only.
  await page.getByTestId('nav-offers').click();
  await expect(page).toHaveURL(new RegExp(`/partner/offers\\?.*partner_id=${partnerId}`));
  await expect(page.getByTestId('offers-table')).toHaveAttribute('data-loading', 'false');
  const offerRows = page.getByTestId('offers-table').locator('tr[data-row-key]');
  await expect(offerRows.first()).toBeVisible();
  await expect.poll(async () => [...new Set(await offerRows.getByTestId('offer-partner').allTextContents())]).toEqual([PARTNER]);
  await expect(page.getByTestId('offer-create')).toHaveCount(0);
  await offerRows.first().click();
  await expect(page).toHaveURL(/\/partner\/offers\?/);

  // «Все партнеры»: every partner's offers again, the cookie emptied.
  await page.getByTestId('partner-picker').hover();
  await page.getByTestId('partner-picker').locator('.ant-select-clear').click();
  await expect(page).not.toHaveURL(/partner_id=/);
  await expect(page.getByTestId('partner-picker')).toContainText('Все партнеры');
  await expect.poll(async () => decodeURIComponent((await cookieValue(page, 'params_manager_partner')) ?? '')).not.toContain('partner_id');
  await page.goto('/partner/offers/create');
  await expect(page).toHaveURL(/\/partner\/offers$/);
});

test('the manager opens a partner’s order, writes a note and cancels it with a reason', async ({ page }) => {
  // The partner's oldest order in the basket: the order tests of its staff take the newest ones.
  await signInAs(page, MANAGER, '/partner/orderlist?status=IN_BASKET&sort=CREATE_DATE&order=ASC');
  await choose(page, page.getByTestId('partner-picker'), PARTNER, urlHas(page, /partner_id=\d+/), 'Канц');
  await expect.poll(() => shownPartners(page)).toEqual([PARTNER]);
  await expect(orderRows(page).and(page.locator(':not([data-status="IN_BASKET"])'))).toHaveCount(0);
  const link = orderRows(page).first().getByTestId('order-link');
  const number = (await link.textContent())!.trim();
  await link.click();

  await expect(page.getByTestId('order-card')).toBeVisible();
  await expect(page.getByTestId('page-title')).toContainText(number);
  await expect(page.getByTestId('order-field-shop')).toHaveText(PARTNER);
  // The manager's actions: the status and text ones, none of the basket, payment type or download.
  await expect(page.getByTestId('order-action-reject')).toBeVisible();
  for (const id of ['order-action-accept', 'order-action-basket', 'order-export', 'payment-type-select', 'order-client-link']) {
    await expect(page.getByTestId(id)).toHaveCount(0);
  }

  await page.getByTestId('order-note-open').click();
  await page.getByTestId('order-note-input').fill('Проверено менеджером');
  await page.getByTestId('order-note-submit').click();
  await expect(page.getByTestId('order-note-modal')).toHaveCount(0);
  await expect(page.getByTestId('order-field-note')).toHaveText('Проверено менеджером');

  await page.getByTestId('order-action-reject').click();
  await page.getByTestId('reject-submit').click();
  await expect(page.getByTestId('reject-error')).toHaveText(ORDER_MSG.cancelReasonRequired);
  await page.getByTestId('reject-reason').fill('Отменено менеджером платформы');
  await page.getByTestId('reject-submit').click();
  await expect(page.getByTestId('order-cancel-confirmation')).toBeVisible();
  await page.getByRole('button', { name: /OK|ОК/ }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Отменен');
  await expect(page.getByTestId('order-field-cancel-comment')).toHaveText('Отменено менеджером платформы');
  await expect(page.getByTestId('order-action-reject')).toHaveCount(0);

  // Read again from the server: the order stays canceled, and the partner's staff see it so.
  await page.reload();
  await expect(page.getByTestId('order-status')).toHaveText('Отменен');
  const id = await page.getByTestId('order-card').getAttribute('data-order-id');
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login/);
  await signInAs(page, 'owner@partner.demo', `/partner/orderlist/${id}`);
  await expect(page.getByTestId('order-status')).toHaveText('Отменен');
  await expect(page.getByTestId('order-field-cancel-comment')).toHaveText('Отменено менеджером платформы');
  await expect(page.getByTestId('order-field-note')).toHaveText('Проверено менеджером');
});

test('the manager builds «Топ товаров» for a partner: five rows, totals, a chart, and its .xlsx', async ({ page }) => {
  await signInAs(page, MANAGER, '/');
  await page.getByTestId('nav-reports').click();
  await expect(page.getByTestId('reports-page')).toBeVisible();
  await choose(page, page.getByTestId('report-picker'), 'Топ товаров', urlHas(page, /report=top_products/));
  await expect(page.getByTestId('report-period')).toBeVisible();
  await choose(page, page.getByTestId('report-partner'), PARTNER, urlHas(page, /shop_id=\d+/), 'Канц');
  await choose(page, page.getByTestId('report-limit'), '5', async () => (await page.getByTestId('report-limit').textContent())?.trim() === '5');

  await page.getByTestId('report-build').click();
  await expect(page.getByTestId('report-result')).toHaveAttribute('data-code', 'top_products');
  await expect(page.getByTestId('report-row')).toHaveCount(5);
  await expect(page.getByTestId('report-chart').locator('svg.recharts-surface').first()).toBeVisible();
  await expect(page.getByTestId('report-chart').locator('.recharts-bar-rectangle')).toHaveCount(5);
  for (const text of await page.getByTestId('report-cell-REVENUE').allTextContents()) expect(text).toMatch(/^\d{1,3}( \d{3})*,\d{2}$/);
  await expect(page.getByTestId('report-totals')).toContainText('Итого');
  await expect(page.getByTestId('report-total-REVENUE')).toHaveText(/^\d{1,3}( \d{3})*,\d{2}$/);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export').click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  // The header, the five products, the totals.
  expect(sheet.actualRowCount).toBe(7);
  const names = (await page.getByTestId('report-cell-NAME').allTextContents()).map((s) => s.trim());
  expect(sheet.getRow(2).values).toContain(names[0]);
  await expect(page.getByText(REPORT_MSG.exported)).toBeVisible();

  // A period with no sales: the spec's empty text.
  const period = page.getByTestId('report-period').locator('input');
  await period.first().click();
  await period.first().fill('01.01.2001');
  await period.first().press('Enter');
  await period.last().fill('31.01.2001');
  await period.last().press('Enter');
  await page.getByTestId('report-build').click();
  await expect(page.getByTestId('report-empty')).toHaveText(REPORT_MSG.empty);
  await expect(page.getByTestId('report-title')).toContainText('01.01.2001 — 31.01.2001');
});

test('the manager builds a pie report (its code loads with the reports)', async ({ page }) => {
  await signInAs(page, MANAGER);
  const reportsCode = page.waitForRequest(/reports-page-[^/]*\.js$/);
  await page.goto('/partner/reports?report=sales_by_section');
  await reportsCode;
  await expect(page.getByTestId('report-picker')).toContainText('Продажи по разделам');
  await page.getByTestId('report-build').click();
  await expect(page.getByTestId('report-result')).toHaveAttribute('data-code', 'sales_by_section');
  await expect(page.getByTestId('report-chart')).toHaveAttribute('data-kind', 'pie');
  await expect(page.getByTestId('report-chart').locator('.recharts-pie-sector').first()).toBeVisible();

  // Narrowed to one brand chosen from the catalogue's brands: fewer sales than all brands together.
  const all = (await page.getByTestId('report-total-REVENUE').innerText()).trim();
  await page.getByTestId('report-brand').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await page.getByTestId('report-build').click();
  await expect(page.getByTestId('report-total-REVENUE')).not.toHaveText(all);
});

test('a partner owner opening /partner/reports is refused, and no partner screen downloads the reports', async ({ page }) => {
  // The partner's screens never download the reports' code (and its chart library).
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await signInAs(page, 'owner@partner.demo', '/');
  await expect(page.getByTestId('nav-reports')).toHaveCount(0);
  await page.goto('/partner/reports');
  await expect(page.getByTestId('forbidden')).toBeVisible();
  await expect(page.getByText(MSG.forbidden)).toBeVisible();
  await expect(page.getByTestId('report-picker')).toHaveCount(0);
  await page.getByTestId('nav-orders').click();
  await expect(page.getByTestId('orders-table')).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((url) => /reports-page/.test(url))).toEqual([]);
});
