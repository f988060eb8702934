import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { OfferBody } from '@b2b/contracts/offers';
import { OFFER_ROUTES as R } from '@b2b/contracts/routes/offers';
import { STOREFRONT_ROUTES } from '@b2b/contracts/routes/storefront';
import { productLookup } from '@b2b/contracts/storefront';
import type { z } from 'zod';
import { api } from '@/api/api-client';
import { isApiError } from '@/api/api-error';
import { answerAs } from '@/api/answer-as';
import type { OfferListRequest } from '@/features/offers/offer-list-params';
import { isProductCode } from '@/features/offers/offer-checks';
import { QUERY_ROOT, useInvalidateAfter } from '@/shared/query/resource-changes';

export type ProductLookup = z.infer<typeof productLookup>;

/** The one query-key factory of the offers feature. */
export const offerKeys = {
  all: [QUERY_ROOT.offers] as const,
  lists: () => [...offerKeys.all, 'list'] as const,
  list: (request: OfferListRequest, manager = false) => [...offerKeys.lists(), manager ? 'manager' : 'partner', request] as const,
  details: () => [...offerKeys.all, 'detail'] as const,
  detail: (id: number) => [...offerKeys.details(), id] as const,
  types: () => [...offerKeys.all, 'types'] as const,
  product: (code: string) => [...offerKeys.all, 'product', code] as const,
};

/** The partner's offers, or the manager's variant across partners (partner_id: one partner's; each names its PARTNER). */
export const fetchOfferList = (request: OfferListRequest, manager = false, signal?: AbortSignal) =>
  api.call(manager ? R.managerList : R.list, { query: request }, { signal });

export const offerListQuery = (request: OfferListRequest, manager = false) =>
  queryOptions({
    queryKey: offerKeys.list(request, manager),
    queryFn: ({ signal }) => fetchOfferList(request, manager, signal),
    // Paging and filtering keep the previous rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });

export const useOfferList = (request: OfferListRequest, manager = false) => useQuery(offerListQuery(request, manager));

/** The offer type dictionary (CODE, NAME, SORT): reference data. */
export const useOfferTypes = () =>
  useQuery({
    queryKey: offerKeys.types(),
    queryFn: ({ signal }) => api.call(R.types, {}, { signal }),
    staleTime: 10 * 60_000,
  });

/** §4: the offer detail loads once per id (a focus does not reload it under a form being filled in). */
export const offerCardQuery = (id: number) =>
  queryOptions({
    queryKey: offerKeys.detail(id),
    queryFn: ({ signal }) => api.call(R.card, { params: { id } }, { signal }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const useOffer = (id: number) => useQuery(offerCardQuery(id));

/**
 * A product by its 6-digit code (GET /v3/api/catalog/product/?code1c=…): ID and NAME, or SUCCESS N with the
 * MESSAGE «Товар с таким кодом не найден» (which the client rejects as a failure: read back from its body).
 */
export async function lookupProduct(code: string, signal?: AbortSignal): Promise<ProductLookup> {
  const path = STOREFRONT_ROUTES.products.path;
  try {
    return answerAs(productLookup, await api.call(STOREFRONT_ROUTES.products, { query: { code1c: code } }, { signal }), path);
  } catch (error) {
    if (isApiError(error) && error.kind === 'failure') return answerAs(productLookup, error.body, path);
    throw error;
  }
}

/** The lookup of one gift's code, once the code has its six digits; a code names its product, so it is kept. */
export const useProductByCode = (code: string) =>
  useQuery({
    queryKey: offerKeys.product(code),
    queryFn: ({ signal }) => lookupProduct(code, signal),
    enabled: isProductCode(code),
    staleTime: Infinity,
    retry: false,
  });

/** Creates (no id) or saves an offer: SUCCESS Y with its MESSAGE and ID; SUCCESS N rejects with the check_* errors. */
async function saveOffer(v: { id?: number; body: OfferBody }) {
  if (v.id === undefined) return api.call(R.create, { body: v.body });
  return api.call(R.save, { params: { id: v.id }, body: v.body });
}

/** §4: changedStateOffer=Y with status ON or OFF switches the offer with its earlier parameters. */
async function switchOffer(v: { id: number; on: boolean }) {
  return api.call(R.save, { params: { id: v.id }, body: { changedStateOffer: 'Y', status: v.on ? 'ON' : 'OFF' } });
}

/** The form and the switch show their own errors (on the fields, or beside the switch). */
const quiet = { meta: { toastError: false } } as const;

export function useSaveOffer() {
  return useMutation({ mutationFn: saveOffer, onSuccess: useInvalidateAfter('offer'), ...quiet });
}

export function useSwitchOffer() {
  return useMutation({ mutationFn: switchOffer, onSuccess: useInvalidateAfter('offer'), ...quiet });
}
