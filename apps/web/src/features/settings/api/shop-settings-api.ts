import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShopSaveType, ShopSettingsAnswer } from '@b2b/contracts/shop';
import { api } from '@/api/api-client';
import type { Fields } from '@/api/form-encoding';
import { settingsKeys } from '@/features/settings/api/settings-keys';
import { useSettingsMutation } from '@/features/settings/api/settings-mutation';

const SHOP_PATH = '/v3/api/partner/shop/';
const PRICE_SETTINGS_PATH = '/v3/api/partner/pricesettings/';

/** The answer of a save (SUCCESS "N" rejects with an ApiError carrying `errors`). */
export interface SaveAnswer {
  SUCCESS: 'Y';
  MESSAGE?: string;
}

export function fetchShopSettings(signal?: AbortSignal): Promise<ShopSettingsAnswer> {
  return api.get<ShopSettingsAnswer>(SHOP_PATH, { signal });
}

export const shopSettingsQuery = () =>
  queryOptions({ queryKey: settingsKeys.shop(), queryFn: ({ signal }) => fetchShopSettings(signal) });

export const useShopSettings = () => useQuery(shopSettingsQuery());

/** POST /partner/shop/ of one part (`type`): multipart when files are among the values. */
export const saveShopPart = (type: ShopSaveType, fields: Fields) =>
  api.post<SaveAnswer>(SHOP_PATH, { body: { type, ...fields }, silent: true });

/** The shop files and the logo, saved apart from the form (shop_file, shop_file_del, logo, logo_del=Y). */
export const saveShopFiles = (fields: Fields) => api.post<SaveAnswer>(SHOP_PATH, { body: fields, silent: true });

export const savePriceSettings = (fields: Fields) => api.post<SaveAnswer>(PRICE_SETTINGS_PATH, { body: fields, silent: true });

/**
 * A save of the shop settings: the form shows its own field errors, so no toast; the saved part is read again
 * (§4: otherwise the relevant part is refetched).
 */
export const useSaveShopSettings = <V>(save: (values: V) => Promise<SaveAnswer>) => useSettingsMutation(save, [settingsKeys.shop()]);
