import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OrderListAnswer } from '@b2b/contracts/orders';
import { api } from '@/api/api-client';
import { clientKeys } from '@/features/clients/api/client-keys';
import type { ListParams } from '@/shared/list-params/list-params';

/** The client's orders: the order list of the orders module, filtered by client_id (back-office.md §7). */
export const useClientOrders = (clientId: number, query: ListParams) =>
  useQuery({
    queryKey: clientKeys.orders(clientId, query),
    queryFn: ({ signal }) =>
      api.get<OrderListAnswer>('/v3/api/partner/orderlist/', { query: { ...query, client_id: clientId }, signal }),
    placeholderData: keepPreviousData,
  });
