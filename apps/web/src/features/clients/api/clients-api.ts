import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ClientCard, ClientListItem, ClientPriceItem, ClientShortItem } from '@b2b/contracts/clients';
import type { ExportAnswer } from '@b2b/contracts/orders';
import { api } from '@/api/api-client';
import { clientKeys } from '@/features/clients/api/client-keys';
import { downloadExport } from '@/features/clients/api/download-export';
import type { ListParams } from '@/shared/list-params/list-params';
import { useInvalidateAfter } from '@/shared/query/resource-changes';

export interface ListAnswer<T> {
  ITEMS: T[];
  NAV: { CNT: number; CNT_ALL: number };
  ENTITIES: Record<string, unknown>;
}

const LIST_PATH = '/v3/api/partner/client/';

export const clientListQuery = (query: ListParams) =>
  queryOptions({
    queryKey: clientKeys.list(query),
    queryFn: ({ signal }) => api.get<ListAnswer<ClientListItem>>(LIST_PATH, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const useClientList = (query: ListParams) => useQuery(clientListQuery(query));

export const useClientShort = (query: string) =>
  useQuery({
    queryKey: clientKeys.short(query),
    queryFn: ({ signal }) =>
      api.get<ListAnswer<ClientShortItem>>(`${LIST_PATH}short/`, { query: { query, limit: 50 }, signal }),
    placeholderData: keepPreviousData,
  });

export const clientCardQuery = (id: number) =>
  queryOptions({
    queryKey: clientKeys.detail(id),
    queryFn: ({ signal }) => api.get<ClientCard>(`${LIST_PATH}${id}/`, { signal }),
  });

export const useClientCard = (id: number) => useQuery(clientCardQuery(id));

export const useClientPrices = (id: number, page: number, pageSize: number) =>
  useQuery({
    queryKey: clientKeys.prices(id, page),
    queryFn: ({ signal }) =>
      api.get<ListAnswer<ClientPriceItem>>(`${LIST_PATH}${id}/prices/`, { query: { limit: pageSize, offset: (page - 1) * pageSize }, signal }),
    placeholderData: keepPreviousData,
  });

/** The list with action=export: the whole filtered list as an .xlsx, then its download. */
export async function exportClientList(query: ListParams): Promise<void> {
  const answer = await api.get<ExportAnswer>(LIST_PATH, { query: { ...query, offset: undefined, action: 'export' } });
  await downloadExport(answer);
}

export const useExportClientList = () => useMutation({ mutationFn: exportClientList });

/** Every mutation of the feature changes client and group lists, member lists and cards: they reload. */
export const useInvalidateClients = () => useInvalidateAfter('client');

export interface ActionAnswer {
  SUCCESS: 'Y';
  MESSAGE?: string;
}

/** POST /blacklist/: block (delete=Y) or restore (delete=N). */
export function useBlacklist() {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: (v: { clients: number[]; block: boolean }) =>
      api.post<ActionAnswer>('/v3/api/partner/blacklist/', { body: { clients: v.clients, delete: v.block } }),
    onSuccess: invalidate,
  });
}

/** POST /client/{id}/ with price_type or column_id, check=Y. */
export function useSetPriceSettings(id: number) {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: (v: { price_type?: number; column_id?: number }) =>
      api.post<ActionAnswer & Pick<ClientCard, 'PRICE_TYPE' | 'COLUMN'>>(`${LIST_PATH}${id}/`, { body: { ...v, check: 'Y' } }),
    onSuccess: invalidate,
  });
}
