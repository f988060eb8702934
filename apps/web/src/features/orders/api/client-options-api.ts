import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CLIENT_ROUTES } from '@b2b/contracts/routes/clients';
import { api } from '@/api/api-client';
import { orderKeys } from '@/features/orders/api/order-keys';
import { type ClientOption, clientOptionsFrom } from '@/features/orders/client-options';

const PICKER_LIMIT = 50;

/**
 * The client filter's choices from GET /v3/api/partner/client/short/ (the clients module's route), searched by
 * name on the server. When the route does not answer (a role without the clients right), the filter falls back
 * to a client id.
 */
export async function fetchClientOptions(query: string, signal?: AbortSignal): Promise<ClientOption[]> {
  const answer = await api.call(CLIENT_ROUTES.short, { query: { query: query || undefined, limit: PICKER_LIMIT } }, { signal, silent: true });
  return clientOptionsFrom(answer.ITEMS);
}

export const clientOptionsQuery = (query: string) =>
  queryOptions({
    queryKey: [...orderKeys.clientOptions(), query] as const,
    queryFn: ({ signal }) => fetchClientOptions(query, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useClientOptions = (query: string) => useQuery(clientOptionsQuery(query));
