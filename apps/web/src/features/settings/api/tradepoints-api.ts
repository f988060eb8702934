import { queryOptions, useQuery } from '@tanstack/react-query';
import { TRADEPOINT_ROUTES as R } from '@b2b/contracts/routes/tradepoints';
import type { TradepointSaveInput } from '@b2b/contracts/tradepoint-wire';
import { api } from '@/api/api-client';
import { settingsKeys } from '@/features/settings/api/settings-keys';
import { useSettingsMutation } from '@/features/settings/api/settings-mutation';

export const tradepointsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.tradepoints(),
    queryFn: ({ signal }) => api.call(R.list, {}, { signal }),
  });

export const useTradepoints = () => useQuery(tradepointsQuery());

/** Create (no id) or edit; delete with delete=Y. The base one is the shop's main one: the shop is read again too. */
const useTradepointMutation = <V, A>(mutationFn: (variables: V) => Promise<A>) =>
  useSettingsMutation(mutationFn, [settingsKeys.tradepoints(), settingsKeys.shop()]);

export const useSaveTradepoint = () => useTradepointMutation((body: TradepointSaveInput) => api.call(R.save, { body }, { silent: true }));

export const useDeleteTradepoint = () =>
  useTradepointMutation((id: number) => api.call(R.edit, { params: { id }, body: { delete: 'Y' } }, { silent: true }));

/** Whether a geocoder provider is configured (GET without an address). */
export const useGeocoderStatus = () =>
  useQuery({
    queryKey: settingsKeys.geocoder(),
    queryFn: ({ signal }) => api.call(R.geocoder, {}, { signal, silent: true }),
    retry: false,
  });

/** Places found for an address, best first; none found (or no provider) rejects with the reason under its field. */
export const findAddress = (address: string) => api.call(R.geocoder, { query: { address } }, { silent: true });
