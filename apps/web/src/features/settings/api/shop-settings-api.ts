import { queryOptions, useQuery } from '@tanstack/react-query';
import { SHOP_SETTINGS_ROUTES as R } from '@b2b/contracts/routes/shop-settings';
import type { ShopSaveType } from '@b2b/contracts/shop';
import type { PriceSettingsInput, ShopSaveInput } from '@b2b/contracts/shop-wire';
import { api } from '@/api/api-client';
import { settingsKeys } from '@/features/settings/api/settings-keys';
import { useSettingsMutation } from '@/features/settings/api/settings-mutation';

/** The fields of one part of POST /partner/shop/ (its `type` is added by saveShopPart). */
export type ShopPartFields = Omit<ShopSaveInput, 'type'>;

export const fetchShopSettings = (signal?: AbortSignal) => api.call(R.view, {}, { signal });

export const shopSettingsQuery = () => queryOptions({ queryKey: settingsKeys.shop(), queryFn: ({ signal }) => fetchShopSettings(signal) });

export const useShopSettings = () => useQuery(shopSettingsQuery());

/** POST /partner/shop/ of one part (`type`): multipart when files are among the values. SUCCESS "N" rejects. */
export const saveShopPart = (type: ShopSaveType, fields: ShopPartFields) => api.call(R.save, { body: { type, ...fields } }, { silent: true });

/** The shop files and the logo, saved apart from the form (shop_file, shop_file_del, logo, logo_del=Y). */
export const saveShopFiles = (fields: Pick<ShopSaveInput, 'logo' | 'logo_del' | 'shop_file' | 'shop_file_del'>) =>
  api.call(R.save, { body: fields }, { silent: true });

export const savePriceSettings = (fields: PriceSettingsInput) => api.call(R.savePriceSettings, { body: fields }, { silent: true });

/**
 * A save of the shop settings: the form shows its own field errors, so no toast; the saved part is read again
 * (§4: otherwise the relevant part is refetched).
 */
export const useSaveShopSettings = <V, A>(save: (values: V) => Promise<A>) => useSettingsMutation(save, [settingsKeys.shop()]);
