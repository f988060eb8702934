import { listPeriod } from '@b2b/contracts/dates';
import { LIMITS } from '@b2b/contracts/limits';
import { type OFFER_SORTS, offerListQuery } from '@b2b/contracts/offers';
import type { ListParams, ListParamsPatch } from '@/shared/list-params/list-params';

/** The offer list's saved filters (shop-pricing-offers-loyalty.md §9): cookie `params_offers`; `period=all` keeps a cleared period. */
export const OFFER_LIST_COOKIE = 'params_offers';
export const OFFER_SAVED_KEYS = ['date_start', 'date_end', 'period', 'limit', 'active'] as const;

export type OfferSort = (typeof OFFER_SORTS)[number];
export type OfferActiveFilter = 'Y' | 'N' | 'ALL';

/** §2: newest first, the running and planned offers, 12 a page. The URL carries only what differs. */
export const OFFER_LIST_DEFAULTS: ListParams = {
  sort: 'DATE_CREATE',
  order: 'DESC',
  active: 'Y',
  limit: String(LIMITS.offersPageSize),
  p: '1',
};

/** What GET /v3/api/partner/offer/ is asked: the contract's own reading of the query (bad values fall back to the defaults). */
export interface OfferListRequest {
  sort: OfferSort;
  order: 'ASC' | 'DESC';
  active: OfferActiveFilter;
  limit: number;
  p: number;
  /** The period the offers overlap: the days chosen, else the default's first day (three months back, open-ended). */
  date_start?: string;
  date_end?: string;
  /** The period cleared: every offer, whenever it runs. */
  period?: 'all';
  /** The manager's list only: one partner's offers (absent: every partner's). */
  partner_id?: number;
}

export function offerListRequest(params: ListParams, now = new Date()): OfferListRequest {
  const q = offerListQuery.parse({ ...OFFER_LIST_DEFAULTS, ...params });
  const out: OfferListRequest = { sort: q.sort, order: q.order, active: q.active, limit: q.limit, p: q.p };
  const period = listPeriod(q, now);
  if (period.date_start) out.date_start = period.date_start;
  if (period.date_end) out.date_end = period.date_end;
  if (!period.date_start && !period.date_end) out.period = 'all';
  if (q.partner_id) out.partner_id = q.partner_id;
  return out;
}

/** A value equal to its default leaves the URL (and the cookie) clean. */
const unlessDefault = (key: string, value: string | number | null | undefined) =>
  value === null || value === undefined || String(value) === OFFER_LIST_DEFAULTS[key] ? null : value;

/** A filter change starts again at the first page. */
export function offerFilterPatch(patch: ListParamsPatch): ListParamsPatch {
  const out: ListParamsPatch = { p: null };
  for (const [key, value] of Object.entries(patch)) out[key] = unlessDefault(key, value);
  return out;
}

/** Paging: a new page size starts again at the first page. */
export function offerPagePatch(page: number, pageSize: number, current: Pick<OfferListRequest, 'limit'>): ListParamsPatch {
  const p = pageSize !== current.limit ? 1 : Math.max(1, page);
  return { limit: unlessDefault('limit', pageSize), p: unlessDefault('p', p) };
}
