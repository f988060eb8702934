import dayjs, { type Dayjs } from 'dayjs';
import { LIMITS } from '@b2b/contracts/limits';
import type { ReportBody, ReportCode, ReportParam } from '@b2b/contracts/reports';
import { WIRE_DAY } from '@/shared/inputs/day-range';

/**
 * The reports screen's own saved state (never the orders screen's partner filter, issue 38.2): the report chosen
 * and the partner its filters name, in the URL and the params_reports cookie.
 */
export const REPORTS_STATE = { cookie: 'params_reports', keys: ['report', 'shop_id'] } as const;

/** How far back the period starts by default. */
const DEFAULT_MONTHS = 3;

/** The top-N choices (shop-pricing-offers-loyalty.md §9); the form starts at 20, as the server does without one. */
export const LIMIT_CHOICES = LIMITS.topPositionChoices;
export const DEFAULT_LIMIT: number = LIMITS.topPositionChoices[2];

/** The report form's values; the partner (shop_id) is the page's partner filter. */
export interface ReportFilterValues {
  date_from: string;
  date_to: string;
  shop_id?: number;
  tm_id?: number;
  product_id?: number;
  sections: number[];
  limit: number;
}

/** Three months back → today, the top 20, no brand, product or sections. */
export function defaultReportFilters(today: Dayjs = dayjs()): ReportFilterValues {
  return {
    date_from: today.subtract(DEFAULT_MONTHS, 'month').format(WIRE_DAY),
    date_to: today.format(WIRE_DAY),
    sections: [],
    limit: DEFAULT_LIMIT,
  };
}

/**
 * The export of the report on screen (issue 39 §3): its own filters and the REPORT_ID it was built under, so that the
 * server writes exactly that result (not the filters built again after orders changed).
 */
export function exportOf<R extends { code: ReportCode; body: ReportBody }>(request: R, reportId: string): R {
  return { ...request, body: { ...request.body, report_id: reportId } };
}

/** The body of POST /manager/report/{code}/: only the filters the report takes (its PARAMS), none empty. */
export function reportBodyOf(params: readonly ReportParam[], values: ReportFilterValues): ReportBody {
  const body: ReportBody = {};
  const takes = (param: ReportParam) => params.includes(param);
  if (takes('date_from') && values.date_from) body.date_from = values.date_from;
  if (takes('date_to') && values.date_to) body.date_to = values.date_to;
  if (takes('shop_id') && values.shop_id) body.shop_id = values.shop_id;
  if (takes('tm_id') && values.tm_id) body.tm_id = values.tm_id;
  if (takes('product_id') && values.product_id) body.product_id = values.product_id;
  if (takes('sections') && values.sections.length) body.sections = values.sections;
  if (takes('limit')) body.limit = values.limit;
  return body;
}
