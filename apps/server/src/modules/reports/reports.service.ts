import Decimal from 'decimal.js';
import {
  REPORT_CODES, REPORT_COLUMN_TITLE, REPORT_MSG, REPORTS, type ReportCode, type reportBody, type ReportResult, type ReportRow,
} from '@b2b/contracts/reports';
import type { z } from 'zod';
import type { Db } from '@/db/database';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { writeXlsxTable } from '@/files/xlsx-table-writer';
import { failed, ok } from '@/http/envelope';
import { moscowDayText } from '@/http/moscow-days';
import { reporting, type ReportFilter, type SalesRow } from './reporting';

/*
 * The manager's reports (issue 16.4): the kinds and their filters, each built from the reporting read model into
 * columns, rows, totals and a chart's axes; action=export writes the same table to a real .xlsx (a report is at most
 * a few hundred rows: the top-N choices and the platform's partners).
 */

type Body = z.output<typeof reportBody>;
type ColumnType = ReportResult['COLUMNS'][number]['TYPE'];

const DEFAULT_LIMIT = 20;
const DEFAULT_DAYS = 90;
const isoDay = (at: Date) => moscowDayText(at).split('.').reverse().join('-');
const money = (v: Decimal.Value | null) => new Decimal(v ?? 0).toFixed(2);
const pct = (part: Decimal.Value, whole: Decimal.Value) => (new Decimal(whole).isZero() ? '0.00' : new Decimal(part).div(whole).mul(100).toFixed(2));

const COLUMN_TYPES: Record<string, ColumnType> = {
  NAME: 'text', CODE: 'text', PARTNER: 'text', ORDERS: 'count', QUANTITY: 'count', CANCELED: 'count',
  REVENUE: 'money', COST: 'money', MARGIN: 'money', AVERAGE: 'money', MARGIN_PCT: 'percent', SHARE: 'percent',
};

const COLUMNS: Record<ReportCode, string[]> = {
  sales_by_partner: ['NAME', 'ORDERS', 'QUANTITY', 'REVENUE', 'SHARE'],
  top_products: ['CODE', 'NAME', 'ORDERS', 'QUANTITY', 'REVENUE', 'SHARE'],
  sales_by_brand: ['NAME', 'ORDERS', 'QUANTITY', 'REVENUE', 'SHARE'],
  sales_by_section: ['NAME', 'ORDERS', 'QUANTITY', 'REVENUE', 'SHARE'],
  client_activity: ['NAME', 'PARTNER', 'ORDERS', 'REVENUE', 'AVERAGE'],
  margin_by_partner: ['NAME', 'ORDERS', 'REVENUE', 'COST', 'MARGIN', 'MARGIN_PCT', 'CANCELED'],
  cancel_reasons: ['NAME', 'ORDERS', 'REVENUE', 'SHARE'],
};

/** Sums of the count and money columns (a share totals its rows' share). */
function totals(rows: ReportRow[], columns: string[]): ReportRow {
  const out: ReportRow = { NAME: 'Итого' };
  for (const key of columns) {
    const type = COLUMN_TYPES[key];
    if (type === 'count') out[key] = rows.reduce((s, r) => s + Number(r[key] ?? 0), 0);
    if (type === 'money') out[key] = money(rows.reduce((s, r) => s.plus(String(r[key] ?? 0)), new Decimal(0)));
  }
  return out;
}

function salesRows(rows: SalesRow[], fallbackName: string): ReportRow[] {
  const all = rows.reduce((s, r) => s.plus(r.revenue), new Decimal(0));
  return rows.map((r) => ({
    ...(r.code !== undefined ? { CODE: r.code } : {}),
    NAME: r.name ?? fallbackName,
    ORDERS: Number(r.orders),
    QUANTITY: Number(r.quantity),
    REVENUE: money(r.revenue),
    SHARE: pct(r.revenue, all),
  }));
}

export function reportsService(db: Db) {
  const read = reporting(db);

  async function rowsOf(code: ReportCode, f: ReportFilter): Promise<ReportRow[]> {
    switch (code) {
      case 'sales_by_partner':
        return salesRows(await read.salesByPartner(f), '');
      case 'top_products':
        return salesRows(await read.topProducts(f), '');
      case 'sales_by_brand':
        return salesRows(await read.salesByBrand(f), REPORT_MSG.noBrand);
      case 'sales_by_section':
        return salesRows(await read.salesBySection(f), '');
      case 'client_activity':
        return (await read.clientActivity(f)).map((r) => ({
          NAME: r.name,
          PARTNER: r.partner,
          ORDERS: Number(r.orders),
          REVENUE: money(r.revenue),
          AVERAGE: money(new Decimal(r.revenue).div(Math.max(1, Number(r.orders)))),
        }));
      case 'margin_by_partner':
        return (await read.marginByPartner(f)).map((r) => ({
          NAME: r.name,
          ORDERS: Number(r.orders),
          REVENUE: money(r.revenue),
          COST: money(r.cost),
          MARGIN: money(new Decimal(r.revenue).minus(r.cost)),
          MARGIN_PCT: pct(new Decimal(r.revenue).minus(r.cost), r.revenue),
          CANCELED: Number(r.canceled),
        }));
      case 'cancel_reasons': {
        const { rows, total } = await read.cancelReasons(f);
        return rows.map((r) => ({ NAME: r.name ?? REPORT_MSG.noReason, ORDERS: Number(r.orders), REVENUE: money(r.revenue), SHARE: pct(r.orders, total) }));
      }
    }
  }

  async function build(code: ReportCode, body: Body): Promise<ReportResult | { refused: Record<string, string> }> {
    const now = new Date();
    const to = body.date_to ?? isoDay(now);
    const from = body.date_from ?? isoDay(new Date(now.getTime() - DEFAULT_DAYS * 86400_000));
    if (from > to) return { refused: { date_to: REPORT_MSG.periodInvalid } };
    const params = REPORTS[code].params;
    const filter: ReportFilter = {
      from,
      to,
      partnerId: params.includes('shop_id') ? body.shop_id : undefined,
      brandId: params.includes('tm_id') ? body.tm_id : undefined,
      productId: params.includes('product_id') ? body.product_id : undefined,
      sectionIds: params.includes('sections') ? body.sections : undefined,
      limit: params.includes('limit') ? (body.limit ?? DEFAULT_LIMIT) : 1000,
    };
    const columns = COLUMNS[code];
    const items = await rowsOf(code, filter);
    const { chart } = REPORTS[code];
    return {
      REPORT: { CODE: code, NAME: REPORTS[code].name },
      PERIOD: { FROM: from, TO: to },
      COLUMNS: columns.map((key) => ({ KEY: key, TITLE: REPORT_COLUMN_TITLE[key], TYPE: COLUMN_TYPES[key] })),
      ITEMS: items,
      TOTALS: totals(items, columns),
      CHART: { X: chart.x, Y: chart.y, KIND: chart.kind },
    };
  }

  return {
    /** The catalogue's brands and sections (reference data) the filters choose from. */
    catalog: async () => {
      const [brands, sections] = await Promise.all([
        db.selectFrom('catalog_brands').select(['id', 'name']).orderBy('name').execute(),
        db.selectFrom('catalog_sections').select(['id', 'name', 'parent_id']).orderBy('sort').orderBy('name').execute(),
      ]);
      return {
        BRANDS: brands.map((b) => ({ ID: Number(b.id), NAME: b.name })),
        SECTIONS: sections.map((x) => ({ ID: Number(x.id), NAME: x.name, PARENT_ID: x.parent_id === null ? null : Number(x.parent_id) })),
      };
    },

    kinds: () => ({ ITEMS: REPORT_CODES.map((code) => ({ CODE: code, NAME: REPORTS[code].name, PARAMS: [...REPORTS[code].params] })) }),

    /** The report, or with action=export the address of its .xlsx (the same filters, built again on download). */
    async report(code: ReportCode, body: Body) {
      const result = await build(code, body);
      if ('refused' in result) return failed(result.refused);
      if (body.action !== 'export') return result;
      const params = new URLSearchParams({ date_from: result.PERIOD.FROM, date_to: result.PERIOD.TO });
      for (const key of ['shop_id', 'tm_id', 'product_id', 'limit'] as const) if (body[key] !== undefined) params.set(key, String(body[key]));
      for (const id of body.sections ?? []) params.append('sections', String(id));
      return ok({ FILE: { FILENAME: fileName(result), URL: `/v3/api/manager/report/${code}/xlsx/?${params}` } }, REPORT_MSG.exported);
    },

    /** The report written to a temporary .xlsx; the caller streams it and removes it. */
    async xlsx(code: ReportCode, body: Body): Promise<{ path: string; name: string } | { refused: Record<string, string> }> {
      const result = await build(code, body);
      if ('refused' in result) return result;
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'report-'));
      const file = path.join(dir, 'report.xlsx');
      await writeXlsxTable(
        file,
        {
          name: result.REPORT.NAME,
          setup: (sheet) => {
            sheet.columns = result.COLUMNS.map((c) => ({ header: c.TITLE, key: c.KEY, width: c.TYPE === 'text' ? 48 : 16 }));
            sheet.getRow(1).font = { bold: true };
            sheet.getRow(1).commit();
          },
          row: (r: ReportRow) => result.COLUMNS.map((c) => (c.TYPE === 'text' ? (r[c.KEY] ?? '') : Number(r[c.KEY] ?? 0))),
          style: (row) => {
            result.COLUMNS.forEach((c, i) => {
              if (c.TYPE === 'money') row.getCell(i + 1).numFmt = '#,##0.00';
              if (c.TYPE === 'percent') row.getCell(i + 1).numFmt = '0.00';
            });
          },
        },
        (async function* () {
          yield [...result.ITEMS, result.TOTALS];
        })(),
      );
      return { path: file, name: fileName(result) };
    },
  };
}

const fileName = (r: ReportResult) => `${r.REPORT.NAME} ${r.PERIOD.FROM} — ${r.PERIOD.TO}.xlsx`;

export type ReportsService = ReturnType<typeof reportsService>;
