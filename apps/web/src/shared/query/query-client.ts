import { MutationCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/api/api-error';
import { errorText } from '@/api/error-text';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** false: the mutation shows its own error (a modal, a form field) instead of the toast. */
      toastError?: boolean;
    };
  }
}

const isTransient = (error: unknown) => isApiError(error) && (error.kind === 'network' || error.kind === 'timeout');

/** How long loaded data counts as current: a screen entered or a window focused later reads it again. */
export const STALE_TIME_MS = 30_000;

/**
 * Screens load their data on entry when it is not loaded yet or older than STALE_TIME_MS, again when the window
 * regains focus or the network comes back (new orders and other staff's changes show up without a page reload), on
 * the lists' «Обновить», and after a mutation that changes it (shared/query/resource-changes.ts). Lists keep their
 * previous rows while the next ones load (keepPreviousData in their queries). Failed mutations become a toast; a
 * 5xx already opened the server-error modal. `showToast` shows it: the back office passes antd's, the shop's
 * first page one that loads antd only when a toast is due.
 */
export function createQueryClient(showToast: (text: string) => void): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
        retry: (failures, error) => failures < 1 && isTransient(error),
      },
      mutations: { retry: false },
    },
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.toastError === false) return;
        if (isApiError(error) && error.status >= 500) return;
        showToast(errorText(error));
      },
    }),
  });
}
