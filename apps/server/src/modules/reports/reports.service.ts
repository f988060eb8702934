import Decimal from 'decimal.js';
import {
  REPORT_CODES,
  REPORT_COLUMN_TITLE,
  REPORT_MSG,
  REPORTS,
  type ReportCode,
  type reportBody,
  type ReportResult,
  type ReportRow,
} from '@b2b/contracts/reports';
import type { z } from 'zod';
import { randomUUID } from 'node:crypto';
import { LIMITS } from '@b2b/contracts/limits';
import type { Db } from '@/db/database';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { writeXlsxTable } from '@/files/xlsx-table-writer';
import { failed, ok } from '@/http/envelope';
import { moscowIsoDay } from '@/http/moscow-days';
import { reporting, type ReportFilter, type SalesRow } from './reporting';
import { reportResultsRepo, type KeptReport } from './report-results.repo';

/*
 * The manager's reports (issue 16.4): the kinds and their filters, each built from the reporting read model into
 * columns, rows, totals and a chart's axes; action=export writes the same table to a real .xlsx (a report is at most
 * a few hundred rows: the top-N choices and the platform's partners). Each built report is kept for a day under its
 * REPORT_ID (issue 39 §3, report_results): action=export&report_id=… writes exactly that result, even when orders
 * changed since; only the manager who built it, for the same report code, exports it.
 */

type Body = z.output<typeof reportBody>;
type ColumnType = ReportResult['COLUMNS'][number]['TYPE'];

const DEFAULT_LIMIT = 20;
/** A built report is kept as long as a generated file (an export) is: a day. */
const KEPT_MS = LIMITS.generatedFileTtlHours * 3600_000;
const DEFAULT_DAYS = 90;
const money = (v: Decimal.Value | null) => new Decimal(v ?? 0).toFixed(2);
/** Money kept exact while rows and totals are computed (rounded to kopecks only when shown: `shown`). */
const exact = (v: Decimal.Value | null) => new Decimal(v ?? 0).toFixed();
const pct = (part: Decimal.Value, whole: Decimal.Value) => (new Decimal(whole).isZero() ? '0.00' : new Decimal(part).div(whole).mul(100).toFixed(2));

const COLUMN_TYPES: Record<string, ColumnType> = {
  NAME: 'text',
  CODE: 'text',
  PARTNER: 'text',
  ORDERS: 'count',
  QUANTITY: 'count',
  CANCELED: 'count',
  REVENUE: 'money',
  COST: 'money',
  MARGIN: 'money',
  AVERAGE: 'money',
  MARGIN_PCT: 'percent',
  SHARE: 'percent',
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

/** The average of `orders` orders worth `revenue` in all (none: 0). */
const average = (revenue: Decimal.Value, orders: number) => exact(orders > 0 ? new Decimal(revenue).div(orders) : 0);

/** A row as the answer gives it: money rounded to kopecks (half up) from its exact value. */
const shown = (row: ReportRow): ReportRow =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, COLUMN_TYPES[k] === 'money' ? money(String(v ?? 0)) : v]));

/**
 * The totals row of the rows shown (issue 38.2): money and counts add up, except the distinct orders of rows that
 * share orders (products, brands, sections: `orders`, counted apart). Percentages and averages are computed from the
 * totals, never added up: the share (of the column `shareOf`) of the whole is 100 %, the margin % is the total margin
 * ÷ the total revenue, the average order the total revenue ÷ the total orders.
 */
function totals(rows: ReportRow[], columns: string[], shareOf: string | undefined, orders?: number): ReportRow {
  const out: ReportRow = { NAME: 'Итого' };
  const sum = (key: string) => rows.reduce((s, r) => s.plus(String(r[key] ?? 0)), new Decimal(0));
  for (const key of columns) {
    const type = COLUMN_TYPES[key];
    if (type === 'count') out[key] = sum(key).toNumber();
    if (type === 'money') out[key] = exact(sum(key));
  }
  if (orders !== undefined && columns.includes('ORDERS')) out.ORDERS = orders;
  if (shareOf) out.SHARE = pct(sum(shareOf), sum(shareOf));
  if (columns.includes('MARGIN_PCT')) out.MARGIN_PCT = pct(sum('MARGIN'), sum('REVENUE'));
  if (columns.includes('AVERAGE')) out.AVERAGE = average(sum('REVENUE'), Number(out.ORDERS ?? 0));
  return out;
}

/** Each row's share of the column `key` over the rows shown: they add up to the totals row's 100 %. */
function withShares(rows: ReportRow[], key: string): ReportRow[] {
  const all = rows.reduce((s, r) => s.plus(String(r[key] ?? 0)), new Decimal(0));
  return rows.map((r) => ({ ...r, SHARE: pct(String(r[key] ?? 0), all) }));
}

function salesRows(rows: SalesRow[], fallbackName: string): ReportRow[] {
  return withShares(
    rows.map((r) => ({
      ...(r.code !== undefined ? { CODE: r.code } : {}),
      NAME: r.name ?? fallbackName,
      ORDERS: Number(r.orders),
      QUANTITY: Number(r.quantity),
      REVENUE: exact(r.revenue),
    })),
    'REVENUE',
  );
}

/** The rows of a report and, where its rows share orders, the distinct orders of them all. */
interface Rows {
  items: ReportRow[];
  orders?: number;
  shareOf?: string;
}

export function reportsService(db: Db) {
  const read = reporting(db);

  const sales = async (q: Promise<{ rows: SalesRow[]; orders: number }>, fallbackName = ''): Promise<Rows> => {
    const { rows, orders } = await q;
    return { items: salesRows(rows, fallbackName), orders, shareOf: 'REVENUE' };
  };

  async function rowsOf(code: ReportCode, f: ReportFilter): Promise<Rows> {
    switch (code) {
      case 'sales_by_partner':
        return sales(read.salesByPartner(f));
      case 'top_products':
        return sales(read.topProducts(f));
      case 'sales_by_brand':
        return sales(read.salesByBrand(f), REPORT_MSG.noBrand);
      case 'sales_by_section':
        return sales(read.salesBySection(f));
      case 'client_activity':
        return {
          items: (await read.clientActivity(f)).map((r) => ({
            NAME: r.name,
            PARTNER: r.partner,
            ORDERS: Number(r.orders),
            REVENUE: exact(r.revenue),
            AVERAGE: average(r.revenue, Number(r.orders)),
          })),
        };
      case 'margin_by_partner':
        return {
          items: (await read.marginByPartner(f)).map((r) => ({
            NAME: r.name,
            ORDERS: Number(r.orders),
            REVENUE: exact(r.revenue),
            COST: exact(r.cost),
            MARGIN: exact(new Decimal(r.revenue).minus(r.cost)),
            MARGIN_PCT: pct(new Decimal(r.revenue).minus(r.cost), r.revenue),
            CANCELED: Number(r.canceled),
          })),
        };
      case 'cancel_reasons':
        return {
          items: withShares(
            (await read.cancelReasons(f)).map((r) => ({ NAME: r.name ?? REPORT_MSG.noReason, ORDERS: Number(r.orders), REVENUE: exact(r.revenue) })),
            'ORDERS',
          ),
          shareOf: 'ORDERS',
        };
    }
  }

  async function build(code: ReportCode, body: Body): Promise<KeptReport | { refused: Record<string, string> }> {
    const now = new Date();
    const to = body.date_to ?? moscowIsoDay(now);
    const from = body.date_from ?? moscowIsoDay(new Date(now.getTime() - DEFAULT_DAYS * 86400_000));
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
    const { items, orders, shareOf } = await rowsOf(code, filter);
    const { chart } = REPORTS[code];
    return {
      REPORT: { CODE: code, NAME: REPORTS[code].name },
      PERIOD: { FROM: from, TO: to },
      COLUMNS: columns.map((key) => ({ KEY: key, TITLE: REPORT_COLUMN_TITLE[key], TYPE: COLUMN_TYPES[key] })),
      ITEMS: items.map(shown),
      TOTALS: shown(totals(items, columns, shareOf, orders)),
      CHART: { X: chart.x, Y: chart.y, KIND: chart.kind },
    };
  }

  const results = reportResultsRepo(db);
  const keptReport = (code: ReportCode, id: string, userId: number) => results.find(id, code, userId);

  return {
    /** Deletes the built reports kept longer than a day (the server's hourly upkeep). */
    purge: (now = new Date()) => results.purge(now),

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

    /**
     * The report, kept under its REPORT_ID; or with action=export the address of its .xlsx: the report kept under
     * report_id, or (none sent) the same filters built again on download.
     */
    async report(code: ReportCode, body: Body, userId: number) {
      if (body.action === 'export' && body.report_id) {
        const kept = await keptReport(code, body.report_id, userId);
        if (!kept) return failed({ report_id: REPORT_MSG.resultGone });
        const url = `/v3/api/manager/report/${code}/xlsx/?${new URLSearchParams({ report_id: body.report_id.toLowerCase() })}`;
        return ok({ FILE: { FILENAME: fileName(kept), URL: url } }, REPORT_MSG.exported);
      }
      const result = await build(code, body);
      if ('refused' in result) return failed(result.refused);
      if (body.action !== 'export') {
        const id = randomUUID();
        await results.keep({ id, code, userId, result, expiresAt: new Date(Date.now() + KEPT_MS) });
        return { REPORT_ID: id, ...result };
      }
      const params = new URLSearchParams({ date_from: result.PERIOD.FROM, date_to: result.PERIOD.TO });
      for (const key of ['shop_id', 'tm_id', 'product_id', 'limit'] as const) if (body[key] !== undefined) params.set(key, String(body[key]));
      for (const id of body.sections ?? []) params.append('sections', String(id));
      return ok({ FILE: { FILENAME: fileName(result), URL: `/v3/api/manager/report/${code}/xlsx/?${params}` } }, REPORT_MSG.exported);
    },

    /** The report (kept under report_id, else built from the filters) written to a temporary .xlsx; the caller streams it and removes it. */
    async xlsx(code: ReportCode, body: Body, userId: number): Promise<{ path: string; name: string } | { refused: Record<string, string> }> {
      const result = body.report_id
        ? ((await keptReport(code, body.report_id, userId)) ?? { refused: { report_id: REPORT_MSG.resultGone } })
        : await build(code, body);
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
          row: (r: ReportRow) => result.COLUMNS.map((c) => xlsxCell(r[c.KEY], c.TYPE)),
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

/** A cell of the .xlsx: text as it is, a number from its decimal string (money and percents to 2 places, counts whole). */
function xlsxCell(value: ReportRow[string] | undefined, type: ColumnType): string | number {
  if (type === 'text') return value === null || value === undefined ? '' : String(value);
  const exact = new Decimal(value === null || value === undefined || value === '' ? 0 : String(value));
  return Number(exact.toFixed(type === 'count' ? 0 : 2));
}

const fileName = (r: KeptReport) => `${r.REPORT.NAME} ${r.PERIOD.FROM} — ${r.PERIOD.TO}.xlsx`;

export type ReportsService = ReturnType<typeof reportsService>;
