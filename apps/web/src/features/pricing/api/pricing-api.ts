import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { PRICING_MSG, type UPLOAD_ACTIONS } from '@b2b/contracts/pricing';
import { PRICE_FILE_ROUTES as F, PRICING_ROUTES as R } from '@b2b/contracts/routes/pricing';
import { api } from '@/api/api-client';
import { isApiError } from '@/api/api-error';
import { errorText } from '@/api/error-text';
import { runExportJob } from '@/api/run-export-job';
import { type FilePart, type PanelTarget, uploadKindOf } from '@/features/pricing/panel/price-file-target';
import { needsPolling, STATUS_POLL_MS } from '@/features/pricing/panel/upload-phase';
import { QUERY_ROOT, useInvalidateAfter } from '@/shared/query/resource-changes';
import { notifyError } from '@/shared/ui/notify';

/*
 * The pricing panel of a price list, column or client (shop-pricing-offers-loyalty.md §2 /partner/pricing/{type},
 * §4 Pricing sections, Excel transfer, Price list upload; routes: PRICING_ROUTES and PRICE_FILE_ROUTES).
 */

/** The panel's query keys, under the pricing root: every price change (resource 'priceList') refreshes them. */
export const pricingKeys = {
  all: [QUERY_ROOT.pricing, 'panel'] as const,
  target: (t: PanelTarget) => [...pricingKeys.all, t.type, String(t.id)] as const,
  sections: (t: PanelTarget) => [...pricingKeys.target(t), 'sections'] as const,
  products: (t: PanelTarget, sectionId: number, page: { offset: number; query: string }) =>
    [...pricingKeys.target(t), 'products', sectionId, page] as const,
  status: (t: PanelTarget, part: FilePart) => [...pricingKeys.target(t), 'files', part, 'status'] as const,
  history: (t: PanelTarget, part: FilePart, offset: number) => [...pricingKeys.target(t), 'files', part, 'history', offset] as const,
};

/** The list or column of a target: its section and product rates are editable; a client's page reads them. */
function listParams(t: PanelTarget) {
  if (t.type === 'client') throw new Error('A client has no rates of its own');
  return { type: t.type, priceId: t.id };
}

const priceParams = (t: PanelTarget) => ({ type: t.type, priceId: t.id });

/* ---------- the section tree and its products ---------- */

export const useSections = (t: PanelTarget) =>
  useQuery({
    queryKey: pricingKeys.sections(t),
    // action=total: the tree's totals come with it (§7).
    queryFn: ({ signal }) => api.call(R.sections, { params: priceParams(t), query: { action: 'total' } }, { signal }),
  });

export const PRODUCTS_PAGE_SIZE = 24;

export const useSectionProducts = (t: PanelTarget, sectionId: number | undefined, page: { offset: number; query: string }) =>
  useQuery({
    queryKey: pricingKeys.products(t, sectionId ?? 0, page),
    queryFn: ({ signal }) =>
      api.call(
        R.sectionProducts,
        { params: { ...priceParams(t), id: sectionId! }, query: { limit: PRODUCTS_PAGE_SIZE, offset: page.offset, query: page.query || undefined } },
        { signal },
      ),
    enabled: sectionId !== undefined,
    placeholderData: keepPreviousData,
  });

/** A price change: every pricing query (the tree, products, file states) and the client screens showing prices reload. */
const usePriceChange = () => useInvalidateAfter('priceList');

/** A section's percent (section_rate; '' clears it), delete=Y, or delete_individual=Y. */
export function useSaveSection(t: PanelTarget) {
  return useMutation({
    mutationFn: (v: { sectionId: number; body: { section_rate?: string; delete?: 'Y'; delete_individual?: 'Y' } }) =>
      api.call(R.saveSection, { params: { ...listParams(t), id: v.sectionId }, body: v.body }),
    onSuccess: usePriceChange(),
  });
}

/** A product's own percent in a list or column, or a client's point price; remove=true deletes it. */
export function useSaveProductPrice(t: PanelTarget) {
  return useMutation({
    mutationFn: (v: { productId: number; value?: string; remove?: boolean }) => {
      const body = v.remove ? { delete: 'Y' } : t.type === 'client' ? { price: v.value } : { percent: v.value };
      if (t.type === 'client') return api.call(R.saveClientPrice, { params: { clientId: t.id, productId: v.productId }, body });
      return api.call(R.saveProduct, { params: { ...listParams(t), productId: v.productId }, body });
    },
    onSuccess: usePriceChange(),
  });
}

/* ---------- price files ---------- */

type UploadAction = (typeof UPLOAD_ACTIONS)[number];
interface UploadBody {
  file: File;
  keep: 'Y' | 'N';
  period: number;
}

/**
 * The calls of one part's files: a client's personal prices (…/client/{id}/catalog/), a list's or column's prices
 * (…/{type}/{id}/), or the base list's remains and multiplicities (download, upload and reset end in /{part}/; status,
 * history and the actions take the part as `type`).
 */
function fileCalls(t: PanelTarget, part: FilePart) {
  if (t.type === 'client') {
    const params = { clientId: t.id };
    return {
      download: () => api.call(F.client.download, { params }),
      upload: (body: UploadBody) => api.call(F.client.upload, { params, body }),
      reset: () => api.call(F.client.reset, { params }),
      status: (signal: AbortSignal) => api.call(F.client.status, { params }, { signal }),
      history: (offset: number, signal: AbortSignal) => api.call(F.client.history, { params, query: { offset } }, { signal }),
      act: (action: UploadAction, extra: { upload_id?: number; period?: number }) => api.call(F.client.act, { params, body: { action, ...extra } }),
    };
  }
  const params = listParams(t);
  const sub = part === 'price' ? undefined : part;
  const historyType = sub ? uploadKindOf(t, part) : undefined;
  return {
    download: () => (sub ? api.call(F.part.download, { params: { part: sub } }) : api.call(F.list.download, { params })),
    upload: (body: UploadBody) => (sub ? api.call(F.part.upload, { params: { part: sub }, body }) : api.call(F.list.upload, { params, body })),
    reset: () => (sub ? api.call(F.part.reset, { params: { part: sub } }) : api.call(F.list.reset, { params })),
    status: (signal: AbortSignal) => api.call(F.list.status, { params, query: { type: sub } }, { signal }),
    history: (offset: number, signal: AbortSignal) => api.call(F.list.history, { params, query: { type: historyType, offset } }, { signal }),
    act: (action: UploadAction, extra: { upload_id?: number; period?: number }) =>
      api.call(F.list.act, { params, body: { action, type: sub, ...extra } }),
  };
}

/** The latest upload, the loaded rows' validity and the YML links; read again every 1.5 s while a part is in progress. */
export const usePriceFileStatus = (t: PanelTarget, part: FilePart) =>
  useQuery({
    queryKey: pricingKeys.status(t, part),
    queryFn: ({ signal }) => fileCalls(t, part).status(signal),
    refetchInterval: (query) => (needsPolling(query.state.data) ? STATUS_POLL_MS : false),
  });

export const HISTORY_PAGE_SIZE = 20;

export const useUploadHistory = (t: PanelTarget, part: FilePart, offset: number, enabled: boolean) =>
  useQuery({
    queryKey: pricingKeys.history(t, part, offset),
    queryFn: ({ signal }) => fileCalls(t, part).history(offset, signal),
    enabled,
    placeholderData: keepPreviousData,
    // A rollback runs as a job: its row is read again until it ends.
    refetchInterval: (query) => (query.state.data?.ITEMS.some((u) => u.PRICE.STATUS === 'ROLLING_BACK') ? STATUS_POLL_MS : false),
  });

/** The upload shows its refusal (error_upload_file) in its block, not as a toast. */
export function useUploadPriceFile(t: PanelTarget, part: FilePart) {
  return useMutation({
    mutationFn: (body: UploadBody) => fileCalls(t, part).upload(body),
    onSuccess: usePriceChange(),
    meta: { toastError: false },
  });
}

/** apply, cancel, rollback (the latest applied upload) and prolong (period) of a part's files. */
export function useUploadAction(t: PanelTarget, part: FilePart) {
  return useMutation({
    mutationFn: (v: { action: UploadAction; uploadId?: number; period?: number }) =>
      fileCalls(t, part).act(v.action, { upload_id: v.uploadId, period: v.period }),
    onSuccess: usePriceChange(),
  });
}

export function useResetPriceFile(t: PanelTarget, part: FilePart) {
  return useMutation({ mutationFn: () => fileCalls(t, part).reset(), onSuccess: usePriceChange() });
}

/** The current file as a job (its progress shown), then downloaded; a failed job reads as §8's price-file failure. */
export function useDownloadPriceFile(t: PanelTarget, part: FilePart) {
  return useMutation({
    mutationFn: async () => runExportJob(await fileCalls(t, part).download()),
    meta: { toastError: false },
    onError: (error) => notifyError(isApiError(error) ? errorText(error) : PRICING_MSG.priceFileFailed),
  });
}

/* ---------- YML links ---------- */

/** action=create or action=delete (id); a refusal (the link limit, an empty list) is shown by the caller in a modal. */
export function useYmlAction(t: PanelTarget) {
  return useMutation({
    mutationFn: (v: { action: 'create' | 'delete'; id?: number }) =>
      t.type === 'client'
        ? api.call(F.client.yml, { params: { clientId: t.id }, body: v })
        : api.call(F.list.yml, { params: listParams(t), body: v }),
    onSuccess: usePriceChange(),
    meta: { toastError: false },
  });
}
