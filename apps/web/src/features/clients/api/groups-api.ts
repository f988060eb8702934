import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { groupSaved, type GroupSaved } from '@b2b/contracts/clients';
import { exportQueued } from '@b2b/contracts/jobs';
import { GROUP_ROUTES as R } from '@b2b/contracts/routes/groups';
import { api } from '@/api/api-client';
import { answerAs } from '@/api/answer-as';
import { clientKeys } from '@/features/clients/api/client-keys';
import { useInvalidateClients } from '@/features/clients/api/clients-api';
import { runExportJob } from '@/api/run-export-job';
import type { ListParams } from '@/shared/list-params/list-params';

export const useGroupList = (query: ListParams, enabled = true) =>
  useQuery({
    queryKey: clientKeys.groupList(query),
    queryFn: ({ signal }) => api.call(R.list, { query }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useGroup = (id: number, query: ListParams) =>
  useQuery({
    queryKey: clientKeys.group(id, query),
    queryFn: ({ signal }) => api.call(R.card, { params: { id }, query }, { signal }),
    placeholderData: keepPreviousData,
  });

export interface GroupFormValues {
  groupName: string;
  groupDescription: string;
}

/** Creates (no id) or saves a group; clients given at creation are added after it exists (INFO). */
async function saveGroup(v: GroupFormValues & { id?: number; clients?: number[] }): Promise<GroupSaved> {
  const body = { groupName: v.groupName, groupDescription: v.groupDescription, clients: v.clients };
  if (v.id === undefined) return answerAs(groupSaved, await api.call(R.create, { body }), R.create.path);
  return answerAs(groupSaved, await api.call(R.save, { params: { id: v.id }, body }), R.save.path);
}

export function useSaveGroup() {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: saveGroup,
    onSuccess: invalidate,
    // The form shows the field errors itself.
    meta: { toastError: false },
  });
}

export function useDeleteGroup() {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: async (id: number) => answerAs(groupSaved, await api.call(R.save, { params: { id }, body: { delete: 'Y' } }), R.save.path),
    onSuccess: invalidate,
  });
}

/** POST /client_group/{groupId}/: adds the clients, or removes them. Failures are shown as a modal by the caller. */
export function useChangeMembers() {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: (v: { groupId: number; clients: number[]; remove: boolean }) =>
      api.call(R.members, { params: { groupId: v.groupId }, body: { clients: v.clients, delete: v.remove ? 'Y' : 'N' } }),
    onSettled: invalidate,
    meta: { toastError: false },
  });
}

/** POST /group/{id}/ with action=export: the job writing the group's clients as an .xlsx, followed to its download. */
export async function exportGroup(id: number, query: ListParams): Promise<void> {
  const answer = await api.call(R.save, { params: { id }, query: { ...query, offset: undefined }, body: { action: 'export' } });
  await runExportJob(answerAs(exportQueued, answer, R.save.path));
}

export const useExportGroup = () => useMutation({ mutationFn: (v: { id: number; query: ListParams }) => exportGroup(v.id, v.query) });

/** POST /group/ with action=export: the job writing the whole filtered, sorted group list, followed to its download. */
export async function exportGroupList(query: ListParams): Promise<void> {
  const answer = await api.call(R.create, { query: { ...query, offset: undefined, limit: undefined }, body: { action: 'export' } });
  await runExportJob(answerAs(exportQueued, answer, R.create.path));
}

export const useExportGroupList = () => useMutation({ mutationFn: exportGroupList });
