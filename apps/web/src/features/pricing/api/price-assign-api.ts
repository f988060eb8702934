import { keepPreviousData, queryOptions, useMutation, useQueries, useQuery, type QueryClient } from '@tanstack/react-query';
import type { AssignAnswer, AssignClient } from '@b2b/contracts/pricing';
import { PRICE_ASSIGN_ROUTES as R } from '@b2b/contracts/routes/pricing';
import { PRICE_LIST_ROUTES } from '@b2b/contracts/routes/price-lists';
import { api } from '@/api/api-client';
import { assignCalls, type AssignDiff } from '@/features/pricing/assign/assign-state';
import { QUERY_ROOT, useInvalidateAfter } from '@/shared/query/resource-changes';

/*
 * Установка цен (shop-pricing-offers-loyalty.md §2 /partner/pricing/pricesettings; routes: PRICE_ASSIGN_ROUTES): the
 * groups with their counts, each group's clients a page at a time, and the assignment.
 */

export interface AssignPrice {
  type: 'pricelist' | 'column';
  /** A number, or personal_price for the base list. */
  id: number | string;
}

/** The filters of the tree: a client's name, its registration days (YYYY-MM-DD). */
export interface AssignFilter {
  query?: string;
  date_start?: string;
  date_end?: string;
}

/** Clients of a group asked for at a time (the contract allows up to 200). */
export const MEMBERS_PAGE_SIZE = 50;
/** Ids one assign call takes (the contract's maximum). */
const IDS_PER_CALL = 5000;

/** Under the pricing root: a price or assignment change (resource 'priceList') refreshes them. */
export const assignKeys = {
  all: [QUERY_ROOT.pricing, 'assign'] as const,
  prices: () => [...assignKeys.all, 'prices'] as const,
  tree: (price: AssignPrice, filter: AssignFilter) => [...assignKeys.all, price.type, String(price.id), filter] as const,
  groups: (price: AssignPrice, filter: AssignFilter) => [...assignKeys.tree(price, filter), 'groups'] as const,
  members: (price: AssignPrice, filter: AssignFilter, groupId: number, offset: number) =>
    [...assignKeys.tree(price, filter), 'members', groupId, offset] as const,
};

/** The price lists and columns to choose from (GET /partner/pricelist/ answers both kinds). */
export const useAssignPrices = () =>
  useQuery({
    queryKey: assignKeys.prices(),
    queryFn: ({ signal }) => api.call(PRICE_LIST_ROUTES.pricelist.list, {}, { signal }),
  });

const treeQuery = (price: AssignPrice, filter: AssignFilter) => ({ price_type: price.type, price_id: String(price.id), ...filter });

/** The groups (ENTITIES.GROUPS with their counts, «Без группы» last) and how many clients match the filter (NAV.CNT). */
export const useAssignGroups = (price: AssignPrice | undefined, filter: AssignFilter) =>
  useQuery({
    queryKey: assignKeys.groups(price ?? { type: 'pricelist', id: '' }, filter),
    queryFn: ({ signal }) => api.call(R.tree, { query: { ...treeQuery(price!, filter), limit: 1 } }, { signal }),
    enabled: price !== undefined,
    placeholderData: keepPreviousData,
  });

const membersQuery = (price: AssignPrice, filter: AssignFilter, groupId: number, offset: number) =>
  queryOptions({
    queryKey: assignKeys.members(price, filter, groupId, offset),
    queryFn: ({ signal }) =>
      api.call(R.tree, { query: { ...treeQuery(price, filter), group_id: groupId, limit: MEMBERS_PAGE_SIZE, offset } }, { signal }),
  });

/** A group's loaded clients: the pages asked for, in order; how many match (NAV.CNT); whether a page is loading. */
export interface GroupMembers {
  items: AssignClient[];
  total: number | undefined;
  loading: boolean;
  error: unknown;
}

/** The clients of the groups opened in the tree, `pages` pages of each. */
export function useGroupMembers(price: AssignPrice, filter: AssignFilter, pages: ReadonlyMap<number, number>) {
  const wanted = [...pages].flatMap(([groupId, n]) => Array.from({ length: n }, (_, i) => ({ groupId, offset: i * MEMBERS_PAGE_SIZE })));
  return useQueries({
    queries: wanted.map((w) => membersQuery(price, filter, w.groupId, w.offset)),
    combine: (results) => {
      const byGroup = new Map<number, GroupMembers>();
      results.forEach((result, i) => {
        const { groupId } = wanted[i];
        const group = byGroup.get(groupId) ?? { items: [], total: undefined, loading: false, error: null };
        const data: AssignAnswer | undefined = result.data;
        if (data) {
          group.items.push(...data.ITEMS);
          group.total = data.NAV.CNT;
        }
        group.loading ||= result.isPending;
        group.error ||= result.error;
        byGroup.set(groupId, group);
      });
      return byGroup;
    },
  });
}

/** Every client of a group matching the filter (for ticking the whole group): the pages, read from the cache when there. */
export async function fetchAllMembers(queryClient: QueryClient, price: AssignPrice, filter: AssignFilter, groupId: number) {
  const first = await queryClient.fetchQuery(membersQuery(price, filter, groupId, 0));
  const pages = Math.max(1, Math.ceil(first.NAV.CNT / MEMBERS_PAGE_SIZE));
  const rest = await Promise.all(
    Array.from({ length: pages - 1 }, (_, i) => queryClient.fetchQuery(membersQuery(price, filter, groupId, (i + 1) * MEMBERS_PAGE_SIZE))),
  );
  return { clients: [first, ...rest].flatMap((page) => page.ITEMS), pages };
}

/**
 * «Сохранить»: the additions, then the removals (delete=Y), in calls of at most 5000 ids. Answers the last MESSAGE
 * («Клиентам установлены новые настройки цен»); the client lists and cards and the pricing screens read again.
 */
export function useSaveAssign() {
  const invalidate = useInvalidateAfter('priceList');
  return useMutation({
    mutationFn: async ({ price, diff }: { price: AssignPrice; diff: AssignDiff }) => {
      let message: string | undefined;
      for (const call of assignCalls(diff, IDS_PER_CALL)) {
        const answer = await api.call(R.save, {
          body: {
            price_type: price.type,
            price_id: String(price.id),
            clients: call.clients.map(String),
            groups: call.groups.map(String),
            delete: call.remove ? 'Y' : undefined,
          },
        });
        message = answer.MESSAGE ?? message;
      }
      return message;
    },
    onSettled: invalidate,
  });
}
