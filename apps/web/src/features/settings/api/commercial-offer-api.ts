import { queryOptions, useQuery } from '@tanstack/react-query';
import { COMMERCIAL_OFFER_ROUTES as R } from '@b2b/contracts/routes/commercial-offer';
import type { CommercialOfferInput } from '@b2b/contracts/shop-requisites';
import { api } from '@/api/api-client';
import { settingsKeys } from '@/features/settings/api/settings-keys';
import { useSettingsMutation } from '@/features/settings/api/settings-mutation';

export const commercialOfferQuery = () =>
  queryOptions({
    queryKey: settingsKeys.commercialOffer(),
    queryFn: ({ signal }) => api.call(R.view, {}, { signal }),
  });

export const useCommercialOffer = () => useQuery(commercialOfferQuery());

/** Saves the form; the logo and the stamp go as files (multipart). The form shows its own errors. */
export const useSaveCommercialOffer = () =>
  useSettingsMutation((body: CommercialOfferInput) => api.call(R.save, { body }, { silent: true }), [settingsKeys.commercialOffer()]);
