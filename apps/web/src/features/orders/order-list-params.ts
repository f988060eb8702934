import { readDay } from '@b2b/contracts/dates';
import { LIMITS, ORDER_STATUSES, type OrderStatus } from '@b2b/contracts/limits';
import { ORDER_SORTS } from '@b2b/contracts/orders';
import type { ListParams, ListParamsPatch } from '@/shared/list-params/list-params';

/** The order list's saved filters (back-office.md §2): cookie `params_orders`, restored on return. */
export const ORDER_LIST_COOKIE = 'params_orders';
export const ORDER_SAVED_KEYS = ['status', 'client_id', 'date_start', 'date_end', 'shop_id'] as const;

export type OrderSort = (typeof ORDER_SORTS)[number];
export type SortDirection = 'ASC' | 'DESC';

export const DEFAULT_SORT: OrderSort = 'CREATE_DATE';
export const DEFAULT_DIRECTION: SortDirection = 'DESC';

/** The defaults under the URL query; the URL itself carries only what differs. */
export const ORDER_LIST_DEFAULTS: ListParams = {
  sort: DEFAULT_SORT,
  order: DEFAULT_DIRECTION,
  limit: String(LIMITS.orderListPageSize),
  offset: '0',
};

/** What GET /v3/api/partner/orderlist/ is asked, cleaned of anything the server would refuse or ignore. */
export interface OrderListRequest {
  sort: OrderSort;
  order: SortDirection;
  limit: number;
  offset: number;
  status?: OrderStatus;
  client_id?: number;
  shop_id?: number;
  date_start?: string;
  date_end?: string;
  query?: string;
  /** The manager's list only: one partner's orders (absent: every partner's). */
  partner_id?: number;
}

const positiveInt = (raw: string | undefined): number | undefined => {
  if (!raw || !/^\d+$/.test(raw)) return undefined;
  const n = Number(raw);
  return n > 0 && Number.isSafeInteger(n) ? n : undefined;
};

/** A filter's day as YYYY-MM-DD (contracts' readDay: a real day in range, YYYY-MM-DD or dd.MM.yyyy), else none. */
function filterDay(raw: string | undefined): string | undefined {
  const read = readDay(raw ?? '');
  return 'day' in read ? read.day : undefined;
}

export function orderListRequest(params: ListParams): OrderListRequest {
  const sort = (ORDER_SORTS as readonly string[]).includes(params.sort) ? (params.sort as OrderSort) : DEFAULT_SORT;
  const direction = params.order?.toUpperCase();
  const limit = Number(params.limit);
  const validLimit = (LIMITS.pageSizeChoices as readonly number[]).includes(limit) ? limit : LIMITS.orderListPageSize;
  const offset = Number(params.offset);
  const out: OrderListRequest = {
    sort,
    order: direction === 'ASC' || direction === 'DESC' ? direction : DEFAULT_DIRECTION,
    limit: validLimit,
    // A page boundary: an offset typed into the URL by hand snaps to the start of its page.
    offset: Number.isSafeInteger(offset) && offset > 0 ? Math.floor(offset / validLimit) * validLimit : 0,
  };
  if ((ORDER_STATUSES as readonly string[]).includes(params.status)) out.status = params.status as OrderStatus;
  const clientId = positiveInt(params.client_id);
  if (clientId) out.client_id = clientId;
  const shopId = positiveInt(params.shop_id);
  if (shopId) out.shop_id = shopId;
  const start = filterDay(params.date_start);
  const end = filterDay(params.date_end);
  if (start) out.date_start = start;
  if (end) out.date_end = end;
  const query = params.query?.trim();
  if (query) out.query = query.slice(0, 200);
  return out;
}

/** The filters as the list query, without paging and sort: what an export takes. */
export function exportRequest(request: OrderListRequest): Omit<OrderListRequest, 'limit' | 'offset'> {
  const { limit: _limit, offset: _offset, ...rest } = request;
  return rest;
}

export const pageOf = (offset: number, limit: number) => Math.floor(offset / limit) + 1;

/** Paging patch: page 1 and the default page size leave the URL clean. */
export function pagePatch(page: number, pageSize: number, currentLimit: number): ListParamsPatch {
  const limit = pageSize;
  // A new page size starts again at the first page.
  const offset = pageSize !== currentLimit ? 0 : Math.max(0, (page - 1) * limit);
  return {
    limit: limit === LIMITS.orderListPageSize ? null : limit,
    offset: offset === 0 ? null : offset,
  };
}

/** A filter change starts again at the first page. */
export function filterPatch(patch: ListParamsPatch): ListParamsPatch {
  return { ...patch, offset: null };
}

export type TableSortOrder = 'ascend' | 'descend' | null;

/** The sort order a column shows. */
export function columnSortOrder(request: Pick<OrderListRequest, 'sort' | 'order'>, column: OrderSort): TableSortOrder {
  if (request.sort !== column) return null;
  return request.order === 'ASC' ? 'ascend' : 'descend';
}

/** Clicking a column header: its sort, or back to the default (newest first) when the column's sort is cleared. */
export function sortPatch(column: OrderSort | undefined, order: TableSortOrder | undefined): ListParamsPatch {
  if (!column || !order) return { sort: null, order: null, offset: null };
  const direction: SortDirection = order === 'ascend' ? 'ASC' : 'DESC';
  const isDefault = column === DEFAULT_SORT && direction === DEFAULT_DIRECTION;
  return { sort: isDefault ? null : column, order: isDefault ? null : direction, offset: null };
}
