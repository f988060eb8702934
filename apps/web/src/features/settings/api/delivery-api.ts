import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeliveryExclude, DeliveryZone } from '@b2b/contracts/shop';
import { api } from '@/api/api-client';
import type { Fields } from '@/api/form-encoding';
import { settingsKeys } from '@/features/settings/api/settings-keys';
import { useSettingsMutation } from '@/features/settings/api/settings-mutation';
import type { SaveAnswer } from '@/features/settings/api/shop-settings-api';

const ZONE_PATH = '/v3/api/partner/delivery_zone/';
const EXCLUDE_PATH = '/v3/api/partner/delivery_exclude/';

export const deliveryZonesQuery = () =>
  queryOptions({
    queryKey: settingsKeys.deliveryZones(),
    queryFn: ({ signal }) => api.get<{ ITEMS: DeliveryZone[] }>(ZONE_PATH, { signal }),
  });

export const useDeliveryZones = () => useQuery(deliveryZonesQuery());

const useZoneMutation = <V, R>(fn: (variables: V) => Promise<R>) => useSettingsMutation(fn, [settingsKeys.deliveryZones()]);

/** Create (no id) or edit a zone: name, price, sort. */
export const useSaveDeliveryZone = () =>
  useZoneMutation(({ id, fields }: { id?: number; fields: Fields }) =>
    api.post<SaveAnswer>(id ? `${ZONE_PATH}${id}/` : ZONE_PATH, { body: fields, silent: true }),
  );

export const useDeleteDeliveryZone = () =>
  useZoneMutation((id: number) => api.post<SaveAnswer>(`${ZONE_PATH}${id}/`, { body: { delete: 'Y' }, silent: true }));

export const deliveryExcludeQuery = () =>
  queryOptions({
    queryKey: settingsKeys.deliveryExclude(),
    queryFn: ({ signal }) => api.get<DeliveryExclude>(EXCLUDE_PATH, { signal }),
  });

export const useDeliveryExclude = () => useQuery(deliveryExcludeQuery());

const useExcludeMutation = <V, R>(fn: (variables: V) => Promise<R>) => useSettingsMutation(fn, [settingsKeys.deliveryExclude()]);

export const useUploadDeliveryExclude = () =>
  useExcludeMutation((file: File) => api.post<SaveAnswer & DeliveryExclude>(EXCLUDE_PATH, { body: { file }, silent: true }));

export const useDeactivateDeliveryExclude = () =>
  useExcludeMutation(() => api.post<SaveAnswer & DeliveryExclude>(`${EXCLUDE_PATH}deactive/`, { silent: true }));
