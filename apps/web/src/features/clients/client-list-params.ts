import { LIMITS } from '@b2b/contracts/limits';
import type { ListParams } from '@/shared/list-params/list-params';

/** The client list's defaults (back-office.md §2, §9): newest registrations first, 24 a page. */
export const CLIENT_LIST_DEFAULTS: ListParams = {
  sort: 'REGISTRATION_DATE',
  order: 'DESC',
  limit: String(LIMITS.clientListPageSize),
  offset: '0',
};

/** The cookie the client lists (active and black) keep their filters in. */
export const CLIENT_LIST_COOKIE = 'params_clients';

/** What the params_clients cookie keeps: the filters (search included), the sort and the page size (not the page, not the tab). */
export const CLIENT_LIST_SAVED_KEYS = ['sort', 'order', 'limit', 'date_start', 'date_end', 'query'] as const;

export const GROUP_LIST_DEFAULTS: ListParams = {
  sort: 'CREATE_DATE',
  order: 'DESC',
  limit: String(LIMITS.groupPageSizeChoices[0]),
  offset: '0',
};

export const GROUP_LIST_SAVED_KEYS = ['sort', 'order', 'limit', 'date_start', 'date_end', 'query'] as const;

const API_KEYS = ['sort', 'order', 'limit', 'offset', 'date_start', 'date_end', 'query'];

/** The API query of a list screen: its known params only, with the tab's blacklist flag. */
export function listRequest(params: ListParams, extra: ListParams = {}): ListParams {
  const out: ListParams = {};
  for (const key of API_KEYS) if (params[key]) out[key] = params[key];
  return { ...out, ...extra };
}

/** The page (1-based) of an offset and the offset of a page. */
export const pageOf = (params: ListParams) => Math.floor(Number(params.offset || 0) / Number(params.limit)) + 1;
export const offsetOf = (page: number, limit: number) => String((page - 1) * limit);
