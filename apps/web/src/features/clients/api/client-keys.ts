import type { ListParams } from '@/shared/list-params/list-params';
import { QUERY_ROOT } from '@/shared/query/resource-changes';

/** The one query-key factory of the clients feature (clients, groups, a client's orders and prices). */
export const clientKeys = {
  all: [QUERY_ROOT.clients] as const,
  lists: () => [...clientKeys.all, 'list'] as const,
  list: (query: ListParams) => [...clientKeys.lists(), query] as const,
  short: (query: string) => [...clientKeys.all, 'short', query] as const,
  details: () => [...clientKeys.all, 'detail'] as const,
  detail: (id: number) => [...clientKeys.details(), id] as const,
  prices: (id: number, page: number) => [...clientKeys.detail(id), 'prices', page] as const,
  orders: (id: number, query: ListParams) => [...clientKeys.detail(id), 'orders', query] as const,
  loyalty: (id: number) => [...clientKeys.detail(id), 'loyalty'] as const,
  groups: () => [...clientKeys.all, 'groups'] as const,
  groupList: (query: ListParams) => [...clientKeys.groups(), 'list', query] as const,
  group: (id: number, query: ListParams) => [...clientKeys.groups(), 'detail', id, query] as const,
};
