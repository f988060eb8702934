import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GeocoderPlace, Tradepoint } from '@b2b/contracts/shop';
import { api } from '@/api/api-client';
import type { Fields } from '@/api/form-encoding';
import { settingsKeys } from '@/features/settings/api/settings-keys';
import { useSettingsMutation } from '@/features/settings/api/settings-mutation';
import type { SaveAnswer } from '@/features/settings/api/shop-settings-api';

const TRADEPOINT_PATH = '/v3/api/partner/tradepoint/';
const GEOCODER_PATH = '/v3/api/partner/geocoder/';

export interface TradepointList {
  ITEMS: Tradepoint[];
  NAV: { CNT: number; CNT_ALL: number };
}

export const tradepointsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.tradepoints(),
    queryFn: ({ signal }) => api.get<TradepointList>(TRADEPOINT_PATH, { signal }),
  });

export const useTradepoints = () => useQuery(tradepointsQuery());

/** Create (no id) or edit; delete with delete=Y. The base one is the shop's main one: the shop is read again too. */
const useTradepointMutation = <V, R>(mutationFn: (variables: V) => Promise<R>) =>
  useSettingsMutation(mutationFn, [settingsKeys.tradepoints(), settingsKeys.shop()]);

export const useSaveTradepoint = () =>
  useTradepointMutation((fields: Fields) => api.post<SaveAnswer & { ID: number }>(TRADEPOINT_PATH, { body: fields, silent: true }));

export const useDeleteTradepoint = () =>
  useTradepointMutation((id: number) => api.post<SaveAnswer>(`${TRADEPOINT_PATH}${id}/`, { body: { delete: 'Y' }, silent: true }));

export interface GeocoderAnswer {
  CONFIGURED: 'Y' | 'N';
  ITEMS: GeocoderPlace[];
}

/** Whether a geocoder provider is configured (GET without an address). */
export const useGeocoderStatus = () =>
  useQuery({
    queryKey: settingsKeys.geocoder(),
    queryFn: ({ signal }) => api.get<GeocoderAnswer>(GEOCODER_PATH, { signal, silent: true }),
    retry: false,
  });

export const findAddress = (address: string) => api.get<GeocoderAnswer>(GEOCODER_PATH, { query: { address }, silent: true });
