import {
  BASKET_EXPORT_OPTIONS,
  OFFER_TEXT_FIELDS,
  type BasketExportOption,
  type CommercialOfferInput,
  type CommercialOfferSettings,
} from '@b2b/contracts/shop-requisites';

/** A logo or seal chosen in the form: a new file, or the stored one removed; null keeps what is stored. */
export type ImageChange = { file: File } | { remove: true } | null;

export const offerValues = (item: CommercialOfferSettings) => ({
  ...Object.fromEntries(OFFER_TEXT_FIELDS.map((k) => [k, item[k]])),
  isActualDays: item.isActualDays === 'Y',
  actualDays: item.actualDays,
  vat: item.vat,
  basketExport: Object.fromEntries(Object.keys(BASKET_EXPORT_OPTIONS).map((k) => [k, item.basketExport[k as BasketExportOption] === 'Y'])),
  logo: null as ImageChange,
  stamp: null as ImageChange,
  // The stored files: a new one (another ID) clears the choices above.
  stored: `${item.logo?.ID ?? ''}/${item.stamp?.ID ?? ''}`,
});
export type OfferValues = ReturnType<typeof offerValues>;

const image = (key: 'logo' | 'stamp', change: ImageChange): CommercialOfferInput => {
  if (!change) return {};
  return 'file' in change ? { [key]: change.file } : { [`${key}_del`]: 'Y' };
};

export function offerPayload(v: OfferValues): CommercialOfferInput {
  const texts = Object.fromEntries(OFFER_TEXT_FIELDS.map((k) => [k, String((v as Record<string, unknown>)[k] ?? '').trim()]));
  return {
    ...texts,
    isActualDays: Boolean(v.isActualDays),
    actualDays: v.actualDays == null ? '' : String(v.actualDays),
    vat: v.vat,
    basketExport: v.basketExport as Record<BasketExportOption, boolean>,
    ...image('logo', v.logo),
    ...image('stamp', v.stamp),
  };
}
