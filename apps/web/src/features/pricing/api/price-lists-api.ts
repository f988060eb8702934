import { useMutation, useQuery } from '@tanstack/react-query';
import {
  PRICE_LIST_KIND,
  priceListSaved,
  stripTags,
  type PriceListId,
  type PriceListType,
  type PriceRounding,
  type PriceUnit,
} from '@b2b/contracts/price-lists';
import { PRICE_LIST_ROUTES as R } from '@b2b/contracts/routes/price-lists';
import { api } from '@/api/api-client';
import { answerAs } from '@/api/answer-as';
import { QUERY_ROOT, useInvalidateAfter } from '@/shared/query/resource-changes';

/** The query keys of the price lists and columns (under the pricing root, so one price change refreshes them). */
export const priceListKeys = {
  all: [QUERY_ROOT.pricing, 'price-lists'] as const,
  lists: () => [...priceListKeys.all, 'list'] as const,
};

/** Both kinds (PRICELISTS and COLUMNS) and the price types: one call serves both tabs. */
export const usePriceLists = () =>
  useQuery({
    queryKey: priceListKeys.lists(),
    queryFn: ({ signal }) => api.call(R.pricelist.list, {}, { signal }),
  });

export interface PriceListFormValues {
  name: string;
  section_rate: string;
  price_type: string;
  rounding: PriceRounding;
  unit: PriceUnit;
  /** A column's price list. */
  parent_id?: PriceListId;
}

/** Creates (no id) or saves a list or column; the name goes without tags (§5). */
async function savePriceList(v: { type: PriceListType; id?: PriceListId; values: PriceListFormValues }) {
  const body = { ...v.values, name: stripTags(v.values.name), parent_id: PRICE_LIST_KIND[v.type] === 'COLUMN' ? v.values.parent_id : undefined };
  const routes = R[v.type];
  if (v.id === undefined) return answerAs(priceListSaved, await api.call(routes.create, { body }), routes.create.path);
  return answerAs(priceListSaved, await api.call(routes.save, { params: { id: v.id }, body }), routes.save.path);
}

async function copyPriceList(v: { type: PriceListType; id: PriceListId; name: string }) {
  const routes = R[v.type];
  const answer = await api.call(routes.save, { params: { id: v.id }, body: { action: 'copy', name: stripTags(v.name) } });
  return answerAs(priceListSaved, answer, routes.save.path);
}

async function deletePriceList(v: { type: PriceListType; id: PriceListId }) {
  const routes = R[v.type];
  return answerAs(priceListSaved, await api.call(routes.save, { params: { id: v.id }, body: { delete: 'Y' } }), routes.save.path);
}

/** The mutations show their own errors (on the form's fields, or in the failure modal). */
const quiet = { meta: { toastError: false } } as const;

export function useSavePriceList() {
  return useMutation({ mutationFn: savePriceList, onSuccess: useInvalidateAfter('priceList'), ...quiet });
}

export function useCopyPriceList() {
  return useMutation({ mutationFn: copyPriceList, onSuccess: useInvalidateAfter('priceList'), ...quiet });
}

export function useDeletePriceList() {
  return useMutation({ mutationFn: deletePriceList, onSuccess: useInvalidateAfter('priceList'), ...quiet });
}
