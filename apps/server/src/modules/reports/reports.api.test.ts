import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_CODES, REPORT_MSG, REPORTS, type ReportResult } from '@b2b/contracts/reports';
import { bearer, createTestApp, form, type TestApp } from '@/test/test-app';
import { partnerIdOf } from '../clients/clients-test-fixtures';

let t: TestApp;
let manager: string;
let owner: string;
let pid: number;

const FROM = '2000-01-01';
const TO = '2100-12-31';
const build = async (code: string, data: Record<string, string> = {}, token = manager) => {
  const body = { date_from: FROM, date_to: TO, ...data };
  return t.app.inject({
    method: 'POST',
    url: `/v3/api/manager/report/${code}/`,
    ...form(body),
    headers: { ...form(body).headers, ...bearer(token) },
  });
};
const report = async (code: string, data: Record<string, string> = {}) => (await build(code, data)).json() as ReportResult;

/** Sales straight from the orders and their items (not CANCELED), to check the read model against. */
async function rawSales(partnerId?: number) {
  const { rows } = await sql<{ orders: number; revenue: string; quantity: number }>`
    select count(distinct o.id)::int as orders, coalesce(sum(i.price * i.quantity), 0) as revenue, coalesce(sum(i.quantity), 0)::int as quantity
    from orders o join order_items i on i.partner_id = o.partner_id and i.order_id = o.id
    where o.status <> 'CANCELED' ${partnerId ? sql`and o.partner_id = ${partnerId}` : sql``}`.execute(t.database.db);
  return rows[0];
}

beforeAll(async () => {
  t = await createTestApp();
  [manager, owner] = await Promise.all([t.login('manager@platform.demo'), t.login('owner@partner.demo')]);
  pid = await partnerIdOf(t.database.db, 'owner@partner.demo');
});
afterAll(() => t.close());

describe('the manager reports', () => {
  it("gives the filters the catalogue's brands and sections", async () => {
    const catalog = (await t.app.inject({ method: 'GET', url: '/v3/api/manager/catalog/', headers: bearer(manager) })).json();
    expect(catalog.BRANDS.length).toBeGreaterThan(5);
    expect(catalog.SECTIONS.some((x: { PARENT_ID: number | null }) => x.PARENT_ID === null)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/v3/api/manager/catalog/', headers: bearer(owner) })).statusCode).toBe(403);
  });

  it('lists the seven kinds with their filters', async () => {
    const kinds = (await t.app.inject({ method: 'GET', url: '/v3/api/manager/report/', headers: bearer(manager) })).json();
    expect(kinds.ITEMS.map((k: { CODE: string }) => k.CODE)).toEqual([...REPORT_CODES]);
    expect(kinds.ITEMS[1]).toEqual({ CODE: 'top_products', NAME: REPORTS.top_products.name, PARAMS: [...REPORTS.top_products.params] });
  });

  it('sums sales by partner, brand and section to what the orders and their items hold', async () => {
    const raw = await rawSales();
    for (const code of ['sales_by_partner', 'sales_by_section'] as const) {
      const r = await report(code);
      expect(r.TOTALS.REVENUE).toBe(new Decimal(raw.revenue).toFixed(2));
      expect(r.TOTALS.QUANTITY).toBe(raw.quantity);
      expect(r.CHART).toMatchObject({ X: 'NAME', Y: REPORTS[code].chart.y });
    }
    const brands = await report('sales_by_brand', { limit: '250' });
    expect(brands.TOTALS.REVENUE).toBe(new Decimal(raw.revenue).toFixed(2));
    const mine = await report('top_products', { shop_id: String(pid), limit: '5' });
    expect(mine.ITEMS).toHaveLength(5);
    const revenues = mine.ITEMS.map((r) => Number(r.REVENUE));
    expect(revenues).toEqual([...revenues].sort((a, b) => b - a));
    expect(mine.COLUMNS.map((c) => c.KEY)).toEqual(['CODE', 'NAME', 'ORDERS', 'QUANTITY', 'REVENUE', 'SHARE']);
  });

  it('keeps current as orders are canceled: their sales leave every report at once', async () => {
    const before = await report('margin_by_partner');
    const order = await t.database.db
      .selectFrom('orders')
      .select(['id', 'position_sum'])
      .where('partner_id', '=', pid)
      .where('status', '=', 'NEW')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const cancel = { action: 'cancel', cancel_comment: 'Клиент передумал' };
    const res = await t.app.inject({
      method: 'POST',
      url: `/v3/api/partner/order/${order.id}/`,
      ...form(cancel),
      headers: { ...form(cancel).headers, ...bearer(owner) },
    });
    expect(res.json().SUCCESS).toBe('Y');
    const after = await report('margin_by_partner');
    const row = (r: ReportResult) => r.ITEMS.find((i) => i.NAME === 'Канцлер Опт')!;
    expect(new Decimal(String(row(before).REVENUE)).minus(String(row(after).REVENUE)).toFixed(2)).toBe(new Decimal(order.position_sum).toFixed(2));
    expect(Number(row(after).CANCELED)).toBe(Number(row(before).CANCELED) + 1);
    const raw = await rawSales(pid);
    expect((await report('sales_by_partner')).ITEMS.find((i) => i.NAME === 'Канцлер Опт')!.REVENUE).toBe(new Decimal(raw.revenue).toFixed(2));
    const reasons = await report('cancel_reasons', { shop_id: String(pid), limit: '250' });
    expect(reasons.ITEMS.find((r) => r.NAME === 'клиент передумал')?.ORDERS).toBeGreaterThanOrEqual(1);
  });

  it('lists the most active clients in the period and refuses a period that ends before it starts', async () => {
    const r = await report('client_activity', { limit: '10' });
    expect(r.ITEMS).toHaveLength(10);
    expect(r.ITEMS[0]).toMatchObject({ NAME: expect.any(String), PARTNER: expect.any(String), ORDERS: expect.any(Number) });
    expect((await build('client_activity', { date_from: '2026-02-01', date_to: '2026-01-01' })).json()).toEqual({
      SUCCESS: 'N',
      errors: { date_to: REPORT_MSG.periodInvalid },
    });
    expect((await build('no_such_report')).statusCode).toBe(404);
  });

  it('exports every report to a real .xlsx whose every row and totals equal the API answer', async () => {
    for (const code of REPORT_CODES) {
      const r = await report(code, { limit: '20' });
      const exported = (await build(code, { limit: '20', action: 'export' })).json();
      const file = await t.app.inject({ method: 'GET', url: exported.FILE.URL, headers: bearer(manager) });
      expect(file.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0];
      const rows = [...r.ITEMS, r.TOTALS];
      expect(sheet.rowCount).toBe(rows.length + 1);
      r.COLUMNS.forEach((c, i) => {
        expect(sheet.getRow(1).getCell(i + 1).value).toBe(c.TITLE);
        rows.forEach((row, n) => {
          const cell = sheet.getRow(n + 2).getCell(i + 1).value;
          if (c.TYPE === 'text') expect(cell ?? '').toBe(row[c.KEY] ?? '');
          else expect(new Decimal(Number(cell ?? 0)).toFixed(2)).toBe(new Decimal(row[c.KEY] ?? 0).toFixed(2));
        });
      });
    }
  });

  it('exports a real .xlsx whose rows and totals equal the API answer', async () => {
    const r = await report('sales_by_brand', { limit: '10' });
    const exported = (await build('sales_by_brand', { limit: '10', action: 'export' })).json();
    expect(exported).toMatchObject({
      SUCCESS: 'Y',
      MESSAGE: REPORT_MSG.exported,
      FILE: { FILENAME: expect.stringMatching(/\.xlsx$/), URL: expect.stringContaining('/xlsx/') },
    });
    const file = await t.app.inject({ method: 'GET', url: exported.FILE.URL, headers: bearer(manager) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('Наименование');
    expect(sheet.rowCount).toBe(r.ITEMS.length + 2);
    const revenueColumn = r.COLUMNS.findIndex((c) => c.KEY === 'REVENUE') + 1;
    expect(new Decimal(Number(sheet.getRow(sheet.rowCount).getCell(revenueColumn).value)).toFixed(2)).toBe(r.TOTALS.REVENUE);
    expect(sheet.getRow(2).getCell(1).value).toBe(r.ITEMS[0].NAME);
  });

  it('is the manager’s only: partner staff get 403, and the manager lists the partners', async () => {
    expect((await build('top_products', {}, owner)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/v3/api/manager/report/', headers: bearer(owner) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/v3/api/manager/partner/', headers: bearer(owner) })).statusCode).toBe(403);
    const partners = (
      await t.app.inject({ method: 'GET', url: `/v3/api/manager/partner/?query=${encodeURIComponent('канцлер')}`, headers: bearer(manager) })
    ).json();
    expect(partners.ITEMS).toEqual([
      expect.objectContaining({
        ID: pid,
        NAME: 'Канцлер Опт',
        SHOP_LINK: 'kancler',
        CLIENTS_COUNT: expect.any(Number),
        ORDERS_COUNT: expect.any(Number),
      }),
    ]);
    expect(partners.ITEMS[0].ORDERS_COUNT).toBeGreaterThan(100);
  });
});
