import { useMutation, useQuery } from '@tanstack/react-query';
import { LOYALTY_ROUTES as R } from '@b2b/contracts/routes/loyalty';
import { api } from '@/api/api-client';
import { clientKeys } from '@/features/clients/api/client-keys';
import { useInvalidateAfter } from '@/shared/query/resource-changes';

/**
 * The client card's loyalty tab (back-office.md §2–§4): GET loyalty/client/{id}/ answers the member row and its
 * history; a client outside the programme is refused with loyalty_client_not_found.
 */
export const useClientLoyalty = (clientId: number) =>
  useQuery({
    queryKey: clientKeys.loyalty(clientId),
    queryFn: ({ signal }) => api.call(R.client, { params: { id: clientId } }, { signal }),
  });

/** Connects the client to the programme (the server gives it a card code). */
export const useConnectClient = (clientId: number) =>
  useMutation({
    mutationFn: () => api.call(R.setParticipation, { body: { client_id: clientId, enabled: 'Y' } }),
    onSuccess: useInvalidateAfter('loyalty'),
    meta: { toastError: false },
  });
