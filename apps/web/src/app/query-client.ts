import { MutationCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/api/api-error';
import { errorText } from '@/api/error-text';
import { notifyError } from '@/shared/ui/notify';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** false: the mutation shows its own error (a modal, a form field) instead of the toast. */
      toastError?: boolean;
    };
  }
}

const isTransient = (error: unknown) => isApiError(error) && (error.kind === 'network' || error.kind === 'timeout');

/**
 * Screens load their data on entry only when it is not loaded yet or a reload is asked for (back-office.md §4):
 * data stays fresh until a mutation invalidates it. Failed mutations become a toast; a 5xx already opened the
 * server-error modal.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        retry: (failures, error) => failures < 1 && isTransient(error),
      },
      mutations: { retry: false },
    },
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.toastError === false) return;
        if (isApiError(error) && error.status >= 500) return;
        notifyError(errorText(error));
      },
    }),
  });
}
