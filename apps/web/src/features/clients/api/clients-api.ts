import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { clientListAnswer } from '@b2b/contracts/clients';
import { exportQueued } from '@b2b/contracts/jobs';
import { CLIENT_ROUTES as R } from '@b2b/contracts/routes/clients';
import { api } from '@/api/api-client';
import { answerAs } from '@/api/answer-as';
import { clientKeys } from '@/features/clients/api/client-keys';
import { runExportJob } from '@/api/run-export-job';
import type { ListParams } from '@/shared/list-params/list-params';
import { useInvalidateAfter } from '@/shared/query/resource-changes';

export const clientListQuery = (query: ListParams) =>
  queryOptions({
    queryKey: clientKeys.list(query),
    queryFn: async ({ signal }) => answerAs(clientListAnswer, await api.call(R.list, { query }, { signal }), R.list.path),
    placeholderData: keepPreviousData,
  });

export const useClientList = (query: ListParams) => useQuery(clientListQuery(query));

export const useClientShort = (query: string) =>
  useQuery({
    queryKey: clientKeys.short(query),
    queryFn: ({ signal }) => api.call(R.short, { query: { query, limit: 50 } }, { signal }),
    placeholderData: keepPreviousData,
  });

export const clientCardQuery = (id: number) =>
  queryOptions({
    queryKey: clientKeys.detail(id),
    queryFn: ({ signal }) => api.call(R.card, { params: { id } }, { signal }),
  });

export const useClientCard = (id: number) => useQuery(clientCardQuery(id));

export const useClientPrices = (id: number, page: number, pageSize: number) =>
  useQuery({
    queryKey: clientKeys.prices(id, page),
    queryFn: ({ signal }) => api.call(R.prices, { params: { id }, query: { limit: pageSize, offset: (page - 1) * pageSize } }, { signal }),
    placeholderData: keepPreviousData,
  });

/** The list with action=export: the job writing the whole filtered list as an .xlsx, followed to its download. */
export async function exportClientList(query: ListParams): Promise<void> {
  const answer = await api.call(R.list, { query: { ...query, offset: undefined, action: 'export' } });
  await runExportJob(answerAs(exportQueued, answer, R.list.path));
}

export const useExportClientList = () => useMutation({ mutationFn: exportClientList });

/** Every mutation of the feature changes client and group lists, member lists and cards: they reload. */
export const useInvalidateClients = () => useInvalidateAfter('client');

/** POST /blacklist/: block (delete=Y) or restore (delete=N). */
export function useBlacklist() {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: (v: { clients: number[]; block: boolean }) => api.call(R.blacklist, { body: { clients: v.clients, delete: v.block ? 'Y' : 'N' } }),
    onSuccess: invalidate,
  });
}

/** POST /client/{id}/ with price_type or column_id, check=Y. */
export function useSetPriceSettings(id: number) {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: (v: { price_type?: number; column_id?: number }) => api.call(R.setPriceSettings, { params: { id }, body: { ...v, check: 'Y' } }),
    onSuccess: invalidate,
  });
}
