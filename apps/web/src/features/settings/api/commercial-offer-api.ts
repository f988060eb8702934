import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CommercialOfferSettings } from '@b2b/contracts/shop-requisites';
import { api } from '@/api/api-client';
import type { Fields } from '@/api/form-encoding';
import { settingsKeys } from '@/features/settings/api/settings-keys';
import { useSettingsMutation } from '@/features/settings/api/settings-mutation';
import type { SaveAnswer } from '@/features/settings/api/shop-settings-api';

const OFFER_PATH = '/v3/api/partner/commercial_offer/';

export const commercialOfferQuery = () =>
  queryOptions({
    queryKey: settingsKeys.commercialOffer(),
    queryFn: ({ signal }) => api.get<{ ITEM: CommercialOfferSettings }>(OFFER_PATH, { signal }),
  });

export const useCommercialOffer = () => useQuery(commercialOfferQuery());

/** Saves the form; the logo and the stamp go as files (multipart). The form shows its own errors. */
export const useSaveCommercialOffer = () =>
  useSettingsMutation((fields: Fields) => api.post<SaveAnswer>(OFFER_PATH, { body: fields, silent: true }), [settingsKeys.commercialOffer()]);
