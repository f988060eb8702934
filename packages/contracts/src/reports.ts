import { z } from 'zod';
import { formId, formInt } from './numbers';
import { actionDone, actionFailed, fileLink } from './http/envelope';
import { formText } from './http/form-fields';
import { LIMITS } from './limits';
import { filterDate } from './orders';

/*
 * The manager's reports (back-office.md §2 /partner/reports, §3 Report: code, name, params; filter fields date_from,
 * date_to, product_id, tm_id, shop_id, limit, sections; §7 GET /manager/report/, POST /manager/report/{code}/ with
 * action=export answering FILE). Each report is a table and a chart; sales count every order that is not CANCELED.
 */

export const REPORT_PARAMS = ['date_from', 'date_to', 'shop_id', 'sections', 'tm_id', 'product_id', 'limit'] as const;
export type ReportParam = (typeof REPORT_PARAMS)[number];

export const REPORT_CODES = [
  'sales_by_partner',
  'top_products',
  'sales_by_brand',
  'sales_by_section',
  'client_activity',
  'margin_by_partner',
  'cancel_reasons',
] as const;
export type ReportCode = (typeof REPORT_CODES)[number];

/** Each report: its Russian name, the filters it takes, and which column the chart draws against which. */
export const REPORTS: Record<ReportCode, { name: string; params: readonly ReportParam[]; chart: { x: string; y: string; kind: 'bar' | 'pie' } }> = {
  sales_by_partner: {
    name: 'Продажи по партнерам',
    params: ['date_from', 'date_to', 'sections', 'tm_id', 'product_id'],
    chart: { x: 'NAME', y: 'REVENUE', kind: 'bar' },
  },
  top_products: {
    name: 'Топ товаров',
    params: ['date_from', 'date_to', 'shop_id', 'sections', 'tm_id', 'limit'],
    chart: { x: 'NAME', y: 'REVENUE', kind: 'bar' },
  },
  sales_by_brand: {
    name: 'Продажи по брендам',
    params: ['date_from', 'date_to', 'shop_id', 'sections', 'limit'],
    chart: { x: 'NAME', y: 'REVENUE', kind: 'bar' },
  },
  sales_by_section: {
    name: 'Продажи по разделам',
    params: ['date_from', 'date_to', 'shop_id', 'tm_id'],
    chart: { x: 'NAME', y: 'REVENUE', kind: 'pie' },
  },
  client_activity: {
    name: 'Активность клиентов',
    params: ['date_from', 'date_to', 'shop_id', 'limit'],
    chart: { x: 'NAME', y: 'ORDERS', kind: 'bar' },
  },
  margin_by_partner: { name: 'Маржа по партнерам', params: ['date_from', 'date_to'], chart: { x: 'NAME', y: 'MARGIN', kind: 'bar' } },
  cancel_reasons: {
    name: 'Причины отмены заказов',
    params: ['date_from', 'date_to', 'shop_id', 'limit'],
    chart: { x: 'NAME', y: 'ORDERS', kind: 'pie' },
  },
};

/** The columns' Russian titles; money columns are decimal strings, counts integers, shares percents. */
export const REPORT_COLUMN_TITLE: Record<string, string> = {
  NAME: 'Наименование',
  CODE: 'Код',
  PARTNER: 'Партнер',
  ORDERS: 'Заказов',
  QUANTITY: 'Количество',
  REVENUE: 'Выручка, ₽',
  COST: 'Закупка, ₽',
  MARGIN: 'Маржа, ₽',
  MARGIN_PCT: 'Маржа, %',
  AVERAGE: 'Средний заказ, ₽',
  SHARE: 'Доля, %',
  CANCELED: 'Отменено',
};

export const REPORT_MSG = {
  periodInvalid: 'Дата окончания периода не может быть раньше даты начала',
  unknown: 'Отчет не найден',
  empty: 'За выбранный период данных нет',
  noReason: 'Причина не указана',
  noBrand: 'Без бренда',
  exported: 'Отчет выгружен',
  /** action=export with a report_id that is unknown, expired (kept a day), another report's or another manager's. */
  resultGone: 'Отчет с этим номером не найден или устарел: постройте его снова',
} as const;

export const reportKind = z.object({ CODE: z.enum(REPORT_CODES), NAME: z.string(), PARAMS: z.array(z.enum(REPORT_PARAMS)) });
export const reportKinds = z.object({ ITEMS: z.array(reportKind) });

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalId = z.preprocess(emptyToUndefined, formId().optional());

/**
 * POST /manager/report/{code}/: the filters (form data); action=export answers the .xlsx — of the report built
 * under report_id (its REPORT_ID) when one is sent, else of the filters built again.
 */
export const reportBody = z.object({
  date_from: z.preprocess(emptyToUndefined, filterDate.optional()),
  date_to: z.preprocess(emptyToUndefined, filterDate.optional()),
  shop_id: optionalId,
  tm_id: optionalId,
  product_id: optionalId,
  sections: z.preprocess((v) => (v === '' || v === undefined ? undefined : Array.isArray(v) ? v : [v]), z.array(formId()).max(100).optional()),
  limit: z.preprocess(
    emptyToUndefined,
    formInt()
      .refine((n) => (LIMITS.topPositionChoices as readonly number[]).includes(n))
      .optional(),
  ),
  action: z.preprocess(emptyToUndefined, z.enum(['export']).optional()),
  report_id: formText.optional(),
});
export type ReportBody = z.input<typeof reportBody>;

export const reportRow = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));
export type ReportRow = z.infer<typeof reportRow>;

export const reportResult = z.object({
  /** The id the built report is kept under for a day: action=export&report_id=… exports exactly this result. */
  REPORT_ID: z.string(),
  REPORT: z.object({ CODE: z.enum(REPORT_CODES), NAME: z.string() }),
  /** The period the report covers (YYYY-MM-DD, Moscow days). */
  PERIOD: z.object({ FROM: z.string(), TO: z.string() }),
  COLUMNS: z.array(z.object({ KEY: z.string(), TITLE: z.string(), TYPE: z.enum(['text', 'money', 'count', 'percent']) })),
  ITEMS: z.array(reportRow),
  TOTALS: reportRow,
  CHART: z.object({ X: z.string(), Y: z.string(), KIND: z.enum(['bar', 'pie']) }),
});
export type ReportResult = z.infer<typeof reportResult>;

export const reportAnswer = z.union([reportResult, actionDone({ FILE: fileLink }), actionFailed]);
