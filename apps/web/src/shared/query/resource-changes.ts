import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';

/** The first element of each feature's query keys: every key factory starts with its root from here. */
export const QUERY_ROOT = {
  orders: 'orders',
  clients: 'clients',
  employees: 'employees',
  info: 'info',
  pricing: 'pricing',
  offers: 'offers',
  loyalty: 'loyalty',
  manager: 'manager',
} as const;

/** What a mutation changed on the server. */
export type ChangedResource = 'order' | 'client' | 'employee' | 'priceList' | 'offer' | 'loyalty';

/**
 * What each change makes stale, in this one place. An order action (accept, send to the basket, complete, cancel,
 * payment type, note) changes the order lists, cards and the basket, and also the client lists and cards, whose
 * totals (ORDERS_SUM, ORDERS_COUNT, LAST_ORDER) and order tabs are computed from orders, and the counters (info).
 * A client or group change (blacklist, prices, membership) changes the client, group and member lists and cards.
 * A price list or column change (create, edit, copy, delete) changes the pricing screens and the price choices
 * and names the client cards and lists show. An offer change (save, switch on or off) changes the offer lists and cards.
 * An order action also moves loyalty points (credit on completion, return on cancel or bonus_return). A loyalty change
 * (settings, switch, members, points, statuses) changes the loyalty screens, the clients' loyalty columns and card
 * tab, and the info (whether the programme is on).
 */
const STALE_AFTER: Record<ChangedResource, readonly QueryKey[]> = {
  order: [[QUERY_ROOT.orders], [QUERY_ROOT.clients], [QUERY_ROOT.info], [QUERY_ROOT.loyalty]],
  client: [[QUERY_ROOT.clients], [QUERY_ROOT.info]],
  employee: [[QUERY_ROOT.employees]],
  priceList: [[QUERY_ROOT.pricing], [QUERY_ROOT.clients]],
  offer: [[QUERY_ROOT.offers]],
  loyalty: [[QUERY_ROOT.loyalty], [QUERY_ROOT.clients], [QUERY_ROOT.info]],
};

/** Marks stale (and refetches where shown) everything the change affects. */
export async function invalidateAfter(queryClient: QueryClient, resource: ChangedResource): Promise<void> {
  await Promise.all(STALE_AFTER[resource].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** For a mutation's onSuccess/onSettled: `onSettled: useInvalidateAfter('order')`. */
export function useInvalidateAfter(resource: ChangedResource): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => invalidateAfter(queryClient, resource);
}
