import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { orderListAnswer } from '@b2b/contracts/orders';
import { ORDER_ROUTES } from '@b2b/contracts/routes/orders';
import { answerAs } from '@/api/answer-as';
import { api } from '@/api/api-client';
import { clientKeys } from '@/features/clients/api/client-keys';
import type { ListParams } from '@/shared/list-params/list-params';

/** The client's orders: the order list's route filtered by client_id (back-office.md §7), by its contract. */
export const useClientOrders = (clientId: number, query: ListParams) =>
  useQuery({
    queryKey: clientKeys.orders(clientId, query),
    queryFn: async ({ signal }) =>
      answerAs(orderListAnswer, await api.call(ORDER_ROUTES.list, { query: { ...query, client_id: clientId } }, { signal }), ORDER_ROUTES.list.path),
    placeholderData: keepPreviousData,
  });
