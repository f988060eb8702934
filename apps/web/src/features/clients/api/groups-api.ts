import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { ClientGroupAnswer, ClientListItem, GroupListItem } from '@b2b/contracts/clients';
import type { ExportAnswer } from '@b2b/contracts/orders';
import { api } from '@/api/api-client';
import { clientKeys } from '@/features/clients/api/client-keys';
import { type ActionAnswer, type ListAnswer, useInvalidateClients } from '@/features/clients/api/clients-api';
import { downloadExport } from '@/features/clients/api/download-export';
import type { ListParams } from '@/shared/list-params/list-params';

export const useGroupList = (query: ListParams, enabled = true) =>
  useQuery({
    queryKey: clientKeys.groupList(query),
    queryFn: ({ signal }) => api.get<ListAnswer<GroupListItem>>('/v3/api/partner/grouplist/', { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

export type GroupAnswer = ListAnswer<ClientListItem> & { ENTITIES: { GROUP: GroupListItem } };

export const useGroup = (id: number, query: ListParams) =>
  useQuery({
    queryKey: clientKeys.group(id, query),
    queryFn: ({ signal }) => api.get<GroupAnswer>(`/v3/api/partner/group/${id}/`, { query, signal }),
    placeholderData: keepPreviousData,
  });

export interface GroupFormValues {
  groupName: string;
  groupDescription: string;
}

export type SaveGroupAnswer = ActionAnswer & { ID: number; INFO?: ClientGroupAnswer['INFO'] };

/** Creates (no id) or saves a group; clients given at creation are added after it exists. */
export function useSaveGroup() {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: (v: GroupFormValues & { id?: number; clients?: number[] }) =>
      api.post<SaveGroupAnswer>(v.id ? `/v3/api/partner/group/${v.id}/` : '/v3/api/partner/group/', {
        body: { groupName: v.groupName, groupDescription: v.groupDescription, clients: v.clients },
      }),
    onSuccess: invalidate,
    // The form shows the field errors itself.
    meta: { toastError: false },
  });
}

export function useDeleteGroup() {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: (id: number) => api.post<ActionAnswer>(`/v3/api/partner/group/${id}/`, { body: { delete: true } }),
    onSuccess: invalidate,
  });
}

/** POST /client_group/{groupId}/: adds the clients, or removes them. Failures are shown as a modal by the caller. */
export function useChangeMembers() {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: (v: { groupId: number; clients: number[]; remove: boolean }) =>
      api.post<ClientGroupAnswer>(`/v3/api/partner/client_group/${v.groupId}/`, {
        body: { clients: v.clients, delete: v.remove },
      }),
    onSettled: invalidate,
    meta: { toastError: false },
  });
}

export async function exportGroup(id: number, query: ListParams): Promise<void> {
  const answer = await api.post<ExportAnswer>(`/v3/api/partner/group/${id}/`, {
    query: { ...query, offset: undefined },
    body: { action: 'export' },
  });
  await downloadExport(answer);
}

export const useExportGroup = () => useMutation({ mutationFn: (v: { id: number; query: ListParams }) => exportGroup(v.id, v.query) });

/** POST /group/ with action=export: the whole filtered, sorted group list as an .xlsx, then its download. */
export async function exportGroupList(query: ListParams): Promise<void> {
  const answer = await api.post<ExportAnswer>('/v3/api/partner/group/', {
    query: { ...query, offset: undefined, limit: undefined },
    body: { action: 'export' },
  });
  await downloadExport(answer);
}

export const useExportGroupList = () => useMutation({ mutationFn: exportGroupList });
