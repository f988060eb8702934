import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_MSG, type ReportResult, type ReportRow } from '@b2b/contracts/reports';
import { bearer, createTestApp, form, type TestApp } from '@/test/test-app';
import { partnerIdOf } from '../clients/clients-test-fixtures';

/*
 * report_id honoured (issue 39 §3, back-office.md §7 POST /manager/report/{code}/ … action export, report_id): a
 * built report answers its REPORT_ID and is kept a day; action=export&report_id=… writes exactly that result even
 * after orders changed, and an unknown, expired, other report's or malformed id is refused with the Russian message.
 */

let t: TestApp;
let manager: string;
let owner: string;
let pid: number;

const FROM = '2000-01-01';
const TO = '2100-12-31';
const post = (code: string, data: Record<string, string>, token = manager) =>
  t.app.inject({ method: 'POST', url: `/v3/api/manager/report/${code}/`, ...form(data), headers: { ...form(data).headers, ...bearer(token) } });
const build = async (code: string, data: Record<string, string> = {}) => {
  const res = await post(code, { date_from: FROM, date_to: TO, ...data });
  expect(res.statusCode).toBe(200);
  return res.json() as ReportResult;
};
const gone = { SUCCESS: 'N', errors: { report_id: REPORT_MSG.resultGone } };

/** The .xlsx rows (header, then each row) of an export's FILE. */
async function sheetOf(url: string): Promise<(string | number)[][]> {
  const file = await t.app.inject({ method: 'GET', url, headers: bearer(manager) });
  expect(file.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  const rows: (string | number)[][] = [];
  book.worksheets[0].eachRow((row) => rows.push((row.values as (string | number)[]).slice(1)));
  return rows;
}

/** What a report's .xlsx holds: its titles, then each row and the totals (money to kopecks). */
function expectedSheet(r: ReportResult): string[][] {
  const cell = (row: ReportRow, key: string, type: string) =>
    type === 'text' ? String(row[key] ?? '') : new Decimal(String(row[key] ?? 0)).toFixed(type === 'count' ? 0 : 2);
  return [r.COLUMNS.map((c) => c.TITLE), ...[...r.ITEMS, r.TOTALS].map((row) => r.COLUMNS.map((c) => cell(row, c.KEY, c.TYPE)))];
}
const shownSheet = (rows: (string | number)[][], r: ReportResult) =>
  rows.map((row, n) =>
    n === 0
      ? row.map(String)
      : r.COLUMNS.map((c, i) => (c.TYPE === 'text' ? String(row[i] ?? '') : new Decimal(Number(row[i] ?? 0)).toFixed(c.TYPE === 'count' ? 0 : 2))),
  );

beforeAll(async () => {
  t = await createTestApp();
  [manager, owner] = await Promise.all([t.login('manager@platform.demo'), t.login('owner@partner.demo')]);
  pid = await partnerIdOf(t.database.db, 'owner@partner.demo');
});
afterAll(() => t.close());

describe('report_id: a built report exported as it was built', () => {
  it('answers a REPORT_ID and exports exactly that result after an order changed the figures', async () => {
    const first = await build('sales_by_partner');
    expect(first.REPORT_ID).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.database.db.selectFrom('report_results').selectAll().where('id', '=', first.REPORT_ID).executeTakeFirstOrThrow();
    expect(kept.code).toBe('sales_by_partner');
    // Kept for a day.
    expect(Math.abs(new Date(kept.expires_at).getTime() - Date.now() - 24 * 3600_000)).toBeLessThan(60_000);

    // An order of the period is canceled: the report built now differs.
    const order = await t.database.db
      .selectFrom('orders')
      .select(['id', 'position_sum'])
      .where('partner_id', '=', pid)
      .where('status', '=', 'NEW')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const cancel = { action: 'cancel', cancel_comment: 'Проверка report_id' };
    const canceled = await t.app.inject({
      method: 'POST',
      url: `/v3/api/partner/order/${order.id}/`,
      ...form(cancel),
      headers: { ...form(cancel).headers, ...bearer(owner) },
    });
    expect(canceled.json().SUCCESS).toBe('Y');
    const second = await build('sales_by_partner');
    expect(second.REPORT_ID).not.toBe(first.REPORT_ID);
    expect(new Decimal(String(first.TOTALS.REVENUE)).minus(String(second.TOTALS.REVENUE)).toFixed(2)).toBe(
      new Decimal(order.position_sum).toFixed(2),
    );

    // The first report's export is the first report, row by row; the filters sent beside report_id do not matter.
    const exported = (
      await post('sales_by_partner', { action: 'export', report_id: first.REPORT_ID, date_from: '2001-01-01', date_to: '2001-01-31' })
    ).json();
    expect(exported).toMatchObject({
      SUCCESS: 'Y',
      MESSAGE: REPORT_MSG.exported,
      FILE: { FILENAME: expect.stringMatching(/^Продажи по партнерам .*\.xlsx$/), URL: expect.stringContaining(`report_id=${first.REPORT_ID}`) },
    });
    expect(shownSheet(await sheetOf(exported.FILE.URL), first)).toEqual(expectedSheet(first));
    // The second's is the second.
    const again = (await post('sales_by_partner', { action: 'export', report_id: second.REPORT_ID })).json();
    expect(shownSheet(await sheetOf(again.FILE.URL), second)).toEqual(expectedSheet(second));
    expect(expectedSheet(first)).not.toEqual(expectedSheet(second));
    // Without report_id the export is built again from the filters, as before.
    const rebuilt = (await post('sales_by_partner', { action: 'export', date_from: FROM, date_to: TO })).json();
    expect(shownSheet(await sheetOf(rebuilt.FILE.URL), second)).toEqual(expectedSheet(second));
  });

  it('refuses an unknown, malformed, other report’s, other manager’s or expired report_id with the message, never a 500', async () => {
    const r = await build('top_products', { shop_id: String(pid), limit: '5' });
    expect((await post('top_products', { action: 'export', report_id: r.REPORT_ID })).json().SUCCESS).toBe('Y');
    for (const id of [randomUUID(), 'abc', "'; drop table report_results; --", '1'.repeat(500), r.REPORT_ID.replace(/-/g, '')]) {
      expect((await post('top_products', { action: 'export', report_id: id })).json()).toEqual(gone);
      const file = await t.app.inject({
        method: 'GET',
        url: `/v3/api/manager/report/top_products/xlsx/?report_id=${encodeURIComponent(id)}`,
        headers: bearer(manager),
      });
      expect(file.statusCode).toBe(400);
      expect(file.json().error_description).toBe(REPORT_MSG.resultGone);
    }
    // Another report's id.
    expect((await post('sales_by_brand', { action: 'export', report_id: r.REPORT_ID })).json()).toEqual(gone);
    expect(
      (await t.app.inject({ method: 'GET', url: `/v3/api/manager/report/sales_by_brand/xlsx/?report_id=${r.REPORT_ID}`, headers: bearer(manager) }))
        .statusCode,
    ).toBe(400);
    // Another manager's (kept under another user).
    const other = await build('top_products', { limit: '5' });
    await t.database.db.updateTable('report_results').set({ user_id: 999_999_999 }).where('id', '=', other.REPORT_ID).execute();
    expect((await post('top_products', { action: 'export', report_id: other.REPORT_ID })).json()).toEqual(gone);

    // A day later it has expired: refused, and the hourly upkeep deletes it while a fresh one stays.
    await t.database.db
      .updateTable('report_results')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', r.REPORT_ID)
      .execute();
    expect((await post('top_products', { action: 'export', report_id: r.REPORT_ID })).json()).toEqual(gone);
    expect(
      (await t.app.inject({ method: 'GET', url: `/v3/api/manager/report/top_products/xlsx/?report_id=${r.REPORT_ID}`, headers: bearer(manager) }))
        .statusCode,
    ).toBe(400);
    const fresh = await build('top_products', { limit: '5' });
    expect(await t.app.services.reports.purge()).toBeGreaterThanOrEqual(1);
    const left = await t.database.db.selectFrom('report_results').select('id').where('id', 'in', [r.REPORT_ID, fresh.REPORT_ID]).execute();
    expect(left.map((x) => x.id)).toEqual([fresh.REPORT_ID]);
    expect((await post('top_products', { action: 'export', report_id: fresh.REPORT_ID })).json().SUCCESS).toBe('Y');
  });

  it('is the manager’s only: partner staff get 403 with or without report_id', async () => {
    const r = await build('sales_by_brand', { limit: '5' });
    expect((await post('sales_by_brand', { action: 'export', report_id: r.REPORT_ID }, owner)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/v3/api/manager/report/sales_by_brand/xlsx/?report_id=${r.REPORT_ID}`, headers: bearer(owner) }))
        .statusCode,
    ).toBe(403);
  });
});
