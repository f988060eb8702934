import { listPeriod } from '@b2b/contracts/dates';
import { LIMITS } from '@b2b/contracts/limits';
import { loyaltyBalanceQuery, loyaltyParticipationQuery } from '@b2b/contracts/loyalty';
import type { z } from 'zod';
import type { ListParams, ListParamsPatch } from '@/shared/list-params/list-params';

/*
 * The participation and balance lists (shop-pricing-offers-loyalty.md §2, §9): filters saved in the cookies
 * params_loyalty_participation and params_loyalty_balance and merged with the URL query; the URL carries only what
 * differs from the defaults. Balance: oldest first unless asked otherwise.
 */

export const PARTICIPATION_COOKIE = 'params_loyalty_participation';
export const PARTICIPATION_SAVED_KEYS = ['query', 'is_avail', 'status_id', 'sort', 'order', 'limit'] as const;
export const PARTICIPATION_DEFAULTS: ListParams = { sort: 'NAME', order: 'ASC', limit: String(LIMITS.clientListPageSize), p: '1' };

export const BALANCE_COOKIE = 'params_loyalty_balance';
export const BALANCE_SAVED_KEYS = ['operation', 'client_id', 'date_start', 'date_end', 'period', 'order', 'limit'] as const;
export const BALANCE_DEFAULTS: ListParams = { order: 'ASC', limit: String(LIMITS.clientListPageSize), p: '1' };

export type ParticipationRequest = z.output<typeof loyaltyParticipationQuery>;
export type BalanceRequest = z.output<typeof loyaltyBalanceQuery>;

/** Without the keys left unset, so that equal requests make equal query keys. */
const defined = <T extends object>(value: T): T => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== '')) as T;

/** What GET loyalty/participation/ is asked: the contract's own reading of the query (bad values fall back). */
export const participationRequest = (params: ListParams): ParticipationRequest =>
  defined(loyaltyParticipationQuery.parse({ ...PARTICIPATION_DEFAULTS, ...params }));

/**
 * What GET loyalty/balance/ is asked: the period chosen, else the default's first day (three months back), or the whole
 * ledger (period=all) when the period was cleared.
 */
export function balanceRequest(params: ListParams, now = new Date()): BalanceRequest {
  const q = loyaltyBalanceQuery.parse({ ...BALANCE_DEFAULTS, ...params });
  const period = listPeriod(q, now);
  return defined({ ...q, ...period, period: period.date_start || period.date_end ? undefined : 'all' });
}

/** A filter change: values equal to their default leave the URL (and the cookie), and the list starts at page 1. */
export function filterPatch(defaults: ListParams, patch: ListParamsPatch): ListParamsPatch {
  const out: ListParamsPatch = { p: null };
  for (const [key, value] of Object.entries(patch)) {
    out[key] = value === null || value === undefined || String(value) === defaults[key] ? null : value;
  }
  return out;
}

/** The table's pager: a new page size starts again at the first page. */
export function pagerPatch(defaults: ListParams, page: number, pageSize: number, current: { limit: number }): ListParamsPatch {
  const p = pageSize === current.limit ? Math.max(1, page) : 1;
  return { ...filterPatch(defaults, { limit: pageSize }), p: p === 1 ? null : p };
}

/** The table's pager of a list request: its page, its size among the spec's choices (12, 24, 36), the rows found. */
export const pagerOf = (request: { p: number; limit: number }, total: number) => ({
  current: request.p,
  pageSize: request.limit,
  total,
  showSizeChanger: true,
  pageSizeOptions: LIMITS.pageSizeChoices.map(String),
});
