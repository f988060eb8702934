import type { OrderListRequest } from '@/features/orders/order-list-params';

/** The one query-key factory of the orders feature. */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (request: OrderListRequest) => [...orderKeys.lists(), request] as const,
  details: () => [...orderKeys.all, 'detail'] as const,
  detail: (id: number) => [...orderKeys.details(), id] as const,
  basket: () => [...orderKeys.all, 'basket'] as const,
  clientOptions: () => [...orderKeys.all, 'client-options'] as const,
};
