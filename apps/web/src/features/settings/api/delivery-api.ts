import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeliveryZoneInput } from '@b2b/contracts/delivery-wire';
import { DELIVERY_ROUTES as R } from '@b2b/contracts/routes/delivery';
import { api } from '@/api/api-client';
import { settingsKeys } from '@/features/settings/api/settings-keys';
import { useSettingsMutation } from '@/features/settings/api/settings-mutation';

export const deliveryZonesQuery = () =>
  queryOptions({
    queryKey: settingsKeys.deliveryZones(),
    queryFn: ({ signal }) => api.call(R.zones, {}, { signal }),
  });

export const useDeliveryZones = () => useQuery(deliveryZonesQuery());

const useZoneMutation = <V, A>(fn: (variables: V) => Promise<A>) => useSettingsMutation(fn, [settingsKeys.deliveryZones()]);

/** Create (no id) or edit a zone: name, price, sort. */
export const useSaveDeliveryZone = () =>
  useZoneMutation(({ id, fields }: { id?: number; fields: DeliveryZoneInput }) =>
    id ? api.call(R.editZone, { params: { id }, body: fields }, { silent: true }) : api.call(R.saveZone, { body: fields }, { silent: true }),
  );

export const useDeleteDeliveryZone = () =>
  useZoneMutation((id: number) => api.call(R.editZone, { params: { id }, body: { delete: 'Y' } }, { silent: true }));

export const deliveryExcludeQuery = () =>
  queryOptions({
    queryKey: settingsKeys.deliveryExclude(),
    queryFn: ({ signal }) => api.call(R.exclude, {}, { signal }),
  });

export const useDeliveryExclude = () => useQuery(deliveryExcludeQuery());

const useExcludeMutation = <V, A>(fn: (variables: V) => Promise<A>) => useSettingsMutation(fn, [settingsKeys.deliveryExclude()]);

export const useUploadDeliveryExclude = () => useExcludeMutation((file: File) => api.call(R.uploadExclude, { body: { file } }, { silent: true }));

export const useDeactivateDeliveryExclude = () => useExcludeMutation(() => api.call(R.deactivateExclude, {}, { silent: true }));
