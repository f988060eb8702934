import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { ORDER_ROUTES as R } from '@b2b/contracts/routes/orders';
import { api } from '@/api/api-client';
import { orderKeys } from '@/features/orders/api/order-keys';
import { useInvalidateAfter } from '@/shared/query/resource-changes';

/** GET /v3/api/partner/sendtorelef/: the distribution-centre basket, with CNT and SUM. */
export const fetchBasket = (signal?: AbortSignal) => api.call(R.basket, {}, { signal });

export const basketQuery = () => queryOptions({ queryKey: orderKeys.basket(), queryFn: ({ signal }) => fetchBasket(signal) });

export const useBasket = () => useQuery(basketQuery());

export interface SendToBasket {
  /** "all": every accepted order; or the ids of the orders to send. */
  orders: 'all' | number[];
  products?: number[];
  offers?: number[];
}

export const sendToBasket = (payload: SendToBasket) => api.call(R.sendToBasket, { body: payload });

/** Sends orders to the basket; the caller shows the sent message or the first error. Everything is read again. */
export function useSendToBasket() {
  return useMutation({
    mutationFn: sendToBasket,
    meta: { toastError: false },
    onSettled: useInvalidateAfter('order'),
  });
}
