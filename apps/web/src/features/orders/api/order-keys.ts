import type { OrderListRequest } from '@/features/orders/order-list-params';
import type { OrderVariant } from '@/features/orders/order-variant';
import { QUERY_ROOT } from '@/shared/query/resource-changes';

/** The one query-key factory of the orders feature (the manager's variant apart from the partner's). */
export const orderKeys = {
  all: [QUERY_ROOT.orders] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (request: OrderListRequest, variant: OrderVariant = 'partner') => [...orderKeys.lists(), variant, request] as const,
  details: () => [...orderKeys.all, 'detail'] as const,
  detail: (id: number, variant: OrderVariant = 'partner') => [...orderKeys.details(), variant, id] as const,
  basket: () => [...orderKeys.all, 'basket'] as const,
  clientOptions: () => [...orderKeys.all, 'client-options'] as const,
};
