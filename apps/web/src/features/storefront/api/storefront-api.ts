import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pathOf, type CallInput, type Resolved, type RouteContract } from '@b2b/contracts/http/route';
import { STOREFRONT_ROUTES as R } from '@b2b/contracts/routes/storefront';
import { LIMITS } from '@b2b/contracts/limits';
import { catalogAnswer, type BasketAnswer, type DeliveryChoice } from '@b2b/contracts/storefront';
import { answerAs } from '@/api/answer-as';
import { ApiError } from '@/api/api-error';
import { buyerRequest, type BuyerRequest } from '@/features/storefront/api/buyer-client';
import { saveBlob } from '@/shared/browser/save-blob';
import { shopKeys } from '@/features/storefront/api/shop-keys';

/*
 * The signed-in buyer's calls by their route contracts (packages/contracts/src/routes/storefront.ts), with the
 * buyer's token: the answer is checked against its contract, a refused action (SUCCESS "N") rejects with its
 * field errors.
 */

/** One buyer call by its contract. */
export async function buyerCall<C extends RouteContract>(
  link: string,
  contract: C,
  input: CallInput<C>,
  options: Pick<BuyerRequest, 'signal' | 'silent'> = {},
): Promise<Resolved<C>> {
  const { params, query, body } = input as { params?: Record<string, string | number>; query?: BuyerRequest['query']; body?: BuyerRequest['body'] };
  const answer = await buyerRequest<unknown>(link, contract.method, pathOf(contract, params), { query, body, ...options });
  const parsed = contract.answer.safeParse(answer);
  if (!parsed.success) throw new ApiError('contract', 200, contract.path, answer);
  return parsed.data as Resolved<C>;
}

/** The catalogue's lists change rarely while a buyer shops. */
const CATALOG_STALE_MS = 5 * 60_000;

export const useSections = (link: string) =>
  useQuery({ queryKey: shopKeys.sections(link), queryFn: ({ signal }) => buyerCall(link, R.sections, {}, { signal }), staleTime: CATALOG_STALE_MS });

export const useBrands = (link: string) =>
  useQuery({ queryKey: shopKeys.brands(link), queryFn: ({ signal }) => buyerCall(link, R.brands, {}, { signal }), staleTime: CATALOG_STALE_MS });

export interface ProductsRequest {
  section_id?: number;
  brand_id?: number;
  query?: string;
  limit: number;
  offset: number;
}

export const useProducts = (link: string, query: ProductsRequest) =>
  useQuery({
    queryKey: shopKeys.products(link, { ...query }),
    queryFn: async ({ signal }) => answerAs(catalogAnswer, await buyerCall(link, R.products, { query }, { signal }), R.products.path),
    placeholderData: keepPreviousData,
  });

export const useProduct = (link: string, id: number | null) =>
  useQuery({
    queryKey: shopKeys.product(link, id ?? 0),
    queryFn: ({ signal }) => buyerCall(link, R.product, { params: { id: id ?? 0 } }, { signal }),
    enabled: id !== null && id > 0,
  });

/** The basket priced for the delivery zone chosen (the delivery's price, free-from and minimum in its currency). */
export const useBasket = (link: string, delivery: DeliveryChoice = {}) =>
  useQuery({
    queryKey: [...shopKeys.basket(link), delivery],
    queryFn: ({ signal }) => buyerCall(link, R.basket, { query: delivery }, { signal }),
    placeholderData: keepPreviousData,
  });

/** After a change of the basket: its new state at once (for the delivery it was priced for); the rest read again. */
function useKeepBasket(link: string, delivery: DeliveryChoice = {}) {
  const queryClient = useQueryClient();
  return (basket: BasketAnswer) => {
    void queryClient.invalidateQueries({ queryKey: shopKeys.basket(link) });
    queryClient.setQueryData([...shopKeys.basket(link), delivery], basket);
    void queryClient.invalidateQueries({ queryKey: shopKeys.checkout(link) });
    void queryClient.invalidateQueries({ queryKey: [...shopKeys.buyer(link), 'product'] });
  };
}

export interface BasketChange {
  product_id: number;
  quantity: number;
  /** Adds to what is in the basket rather than setting the quantity. */
  add?: boolean;
}

/** POST client/basket/: sets (or with add adds) a product's quantity; 0 takes it out. */
export function useSaveBasket(link: string, delivery: DeliveryChoice = {}) {
  const keep = useKeepBasket(link, delivery);
  return useMutation({
    mutationFn: (change: BasketChange) =>
      buyerCall(link, R.saveBasket, {
        body: { product_id: change.product_id, quantity: change.quantity, ...(change.add ? { add: 'Y' as const } : {}), ...delivery },
      }),
    onSuccess: (answer) => keep(answer.BASKET),
  });
}

export const useCheckout = (link: string, delivery: DeliveryChoice = {}) =>
  useQuery({
    queryKey: [...shopKeys.checkout(link), delivery],
    queryFn: ({ signal }) => buyerCall(link, R.checkout, { query: delivery }, { signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export interface OrderRequest {
  delivery: 'DELIVERY' | 'PICKUP';
  address?: string;
  tradepoint_id?: number;
  delivery_zone_id?: number;
  outside_zone?: 'Y';
  payment_type: 'CASH' | 'NON_CASH' | 'CARD';
  contact_name: string;
  contact_phone: string;
  contact_email?: string;
  comment?: string;
  expected_sum?: string;
}

/** POST client/order/: the basket becomes an order; the basket and the order list are read again. */
export function usePlaceOrder(link: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderRequest) => buyerCall(link, R.placeOrder, { body }),
    // Placed or refused (prices changed, an offer ended), the basket is read again.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: shopKeys.basket(link) });
      void queryClient.invalidateQueries({ queryKey: shopKeys.checkout(link) });
      void queryClient.invalidateQueries({ queryKey: shopKeys.orders(link) });
    },
    // The form shows its field errors itself.
    meta: { toastError: false },
  });
}

export const ORDERS_PAGE_SIZE = 12;

export const useBuyerOrders = (link: string, page: number) =>
  useQuery({
    queryKey: shopKeys.orderList(link, page),
    queryFn: ({ signal }) => buyerCall(link, R.orders, { query: { limit: ORDERS_PAGE_SIZE, offset: (page - 1) * ORDERS_PAGE_SIZE } }, { signal }),
    placeholderData: keepPreviousData,
    // Statuses change as the partner works on the orders.
    refetchInterval: 60_000,
  });

export const useBuyerOrder = (link: string, id: number) =>
  useQuery({
    queryKey: shopKeys.order(link, id),
    queryFn: ({ signal }) => buyerCall(link, R.order, { params: { id } }, { signal }),
    enabled: id > 0,
  });

/** POST client/order/{id}/repeat/: the order's products go into the basket again at today's prices. */
export function useRepeatOrder(link: string) {
  const keep = useKeepBasket(link);
  return useMutation({ mutationFn: (id: number) => buyerCall(link, R.repeat, { params: { id } }), onSuccess: (answer) => keep(answer.BASKET) });
}

/** The basket's commercial offer (КП) as a PDF, saved by the browser. */
export async function downloadOffer(link: string, delivery: DeliveryChoice = {}): Promise<void> {
  const blob = await buyerRequest<Blob>(link, 'GET', pathOf(R.offerPdf), { responseType: 'blob', query: delivery });
  saveBlob(blob, OFFER_FILE_NAME);
}

export const OFFER_FILE_NAME = 'Коммерческое предложение.pdf';

export const POINTS_PAGE_SIZE = LIMITS.buyerPointsPageSize;

/** GET client/loyalty/history/: the buyer's own points (figures and a page of its history); rejects outside the programme. */
export const useBuyerPoints = (link: string, page: number) =>
  useQuery({
    queryKey: shopKeys.points(link, page),
    queryFn: ({ signal }) =>
      buyerCall(link, R.buyerPoints, { query: { limit: POINTS_PAGE_SIZE, offset: (page - 1) * POINTS_PAGE_SIZE } }, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** POST /v1/personal/review: the buyer's review reaches the partner (listed in the back office, mailed to the shop). */
export function useSendReview(link: string) {
  return useMutation({ mutationFn: (text: string) => buyerCall(link, R.review, { body: { text } }), meta: { toastError: false } });
}
