import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A mutation of the settings: the form or card shows its own errors (no toast), and on success the queries
 * it changes are read again.
 */
export function useSettingsMutation<V, R>(mutationFn: (variables: V) => Promise<R>, invalidates: QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { toastError: false },
    onSuccess: () => Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
