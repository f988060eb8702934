import type { OrderListRequest } from '@/features/orders/order-list-params';
import { QUERY_ROOT } from '@/shared/query/resource-changes';

/** The one query-key factory of the orders feature. */
export const orderKeys = {
  all: [QUERY_ROOT.orders] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (request: OrderListRequest) => [...orderKeys.lists(), request] as const,
  details: () => [...orderKeys.all, 'detail'] as const,
  detail: (id: number) => [...orderKeys.details(), id] as const,
  basket: () => [...orderKeys.all, 'basket'] as const,
  clientOptions: () => [...orderKeys.all, 'client-options'] as const,
};
