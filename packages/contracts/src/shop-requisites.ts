import { z } from 'zod';
import { yn } from './http/envelope';
import { formFile, formFlag, formText } from './http/form-fields';
import { SHOP_MSG } from './shop';
import { fileRef } from './shop-wire';

/**
 * Commercial-offer settings (shop-pricing-offers-loyalty.md §3, §5): the organisation's requisites, checked
 * by their digits, lengths and check numbers, with a clear Russian text for each.
 */

export const REQUISITES_MSG = {
  required: SHOP_MSG.requiredFields,
  innLength: 'ИНН должен содержать 10 цифр (для ИП — 12)',
  innChecksum: 'ИНН указан с ошибкой: не сходится контрольное число',
  ogrnLength: 'ОГРН должен содержать 13 цифр (ОГРНИП — 15)',
  ogrnChecksum: 'ОГРН указан с ошибкой: не сходится контрольное число',
  kppLength: 'КПП должен содержать 9 знаков: цифры, в 5-м и 6-м знаках допускаются заглавные латинские буквы',
  postcodeLength: 'Почтовый индекс должен содержать 6 цифр',
  bikLength: 'БИК должен содержать 9 цифр и начинаться с 04',
  checkingAccountLength: 'Расчетный счет должен содержать 20 цифр',
  corAccountLength: 'Корреспондентский счет должен содержать 20 цифр и начинаться с 301',
  corAccountBik: 'Корреспондентский счет не соответствует БИК: последние 3 цифры должны совпадать',
  urlInvalid: 'Адрес сайта указан неверно',
  actualDays: 'Укажите срок действия КП в рабочих днях: от 1 до 365',
  saved: 'Настройки коммерческого предложения сохранены',
} as const;

export const ACTUAL_DAYS_MAX = 365;

/** What the commercial offer exported from the basket shows (section «Выгрузка из корзины»). */
export const BASKET_EXPORT_OPTIONS = {
  photo: 'Фото товаров',
  article: 'Код товара',
  description: 'Описание товаров',
} as const;
export type BasketExportOption = keyof typeof BASKET_EXPORT_OPTIONS;

const weighted = (digits: string, weights: readonly number[]) => (weights.reduce((sum, w, i) => sum + w * Number(digits[i]), 0) % 11) % 10;

/** INN of an organisation (10 digits, one check digit) or of an entrepreneur (12 digits, two). */
export function innError(inn: string): string | null {
  if (!/^\d{10}$|^\d{12}$/.test(inn)) return REQUISITES_MSG.innLength;
  const ok =
    inn.length === 10
      ? weighted(inn, [2, 4, 10, 3, 5, 9, 4, 6, 8]) === Number(inn[9])
      : weighted(inn, [7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === Number(inn[10]) && weighted(inn, [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === Number(inn[11]);
  return ok ? null : REQUISITES_MSG.innChecksum;
}

/** OGRN (13 digits: the first 12 mod 11, mod 10) or OGRNIP (15 digits: the first 14 mod 13, mod 10). */
export function ogrnError(ogrn: string): string | null {
  if (!/^\d{13}$|^\d{15}$/.test(ogrn)) return REQUISITES_MSG.ogrnLength;
  const body = BigInt(ogrn.slice(0, -1));
  const check = Number(body % (ogrn.length === 13 ? 11n : 13n)) % 10;
  return check === Number(ogrn[ogrn.length - 1]) ? null : REQUISITES_MSG.ogrnChecksum;
}

export const kppError = (kpp: string) => (/^\d{4}[0-9A-Z]{2}\d{3}$/.test(kpp) ? null : REQUISITES_MSG.kppLength);
export const postcodeError = (v: string) => (/^\d{6}$/.test(v) ? null : REQUISITES_MSG.postcodeLength);
export const bikError = (v: string) => (/^04\d{7}$/.test(v) ? null : REQUISITES_MSG.bikLength);
export const checkingAccountError = (v: string) => (/^\d{20}$/.test(v) ? null : REQUISITES_MSG.checkingAccountLength);

export function corAccountError(v: string, bik: string): string | null {
  if (!/^301\d{17}$/.test(v)) return REQUISITES_MSG.corAccountLength;
  return /^\d{9}$/.test(bik) && v.slice(-3) !== bik.slice(-3) ? REQUISITES_MSG.corAccountBik : null;
}

/** The text fields of the form, by payload name (the names of the answer too). */
export const OFFER_TEXT_FIELDS = [
  'orgName',
  'inn',
  'ogrn',
  'kpp',
  'postcode',
  'phone',
  'email',
  'url',
  'legalAddress',
  'bank',
  'checkingAccount',
  'bik',
  'corAccount',
] as const;
export type OfferTextField = (typeof OFFER_TEXT_FIELDS)[number];

const texts = <T>(value: T) => Object.fromEntries(OFFER_TEXT_FIELDS.map((k) => [k, value])) as Record<OfferTextField, T>;
const exports = <T>(value: T) => Object.fromEntries(Object.keys(BASKET_EXPORT_OPTIONS).map((k) => [k, value])) as Record<BasketExportOption, T>;

/** GET /v3/api/partner/commercial_offer/ → ITEM. */
export const commercialOfferSettings = z.object({
  ...texts(z.string()),
  /** jpeg or png, shown at a height of 24px. */
  logo: fileRef.nullable(),
  /** jpeg or png, shown at 150×93px. */
  stamp: fileRef.nullable(),
  /** Validity of an offer in working days. */
  actualDays: z.number().int().nullable(),
  isActualDays: yn,
  vat: z.enum(['WITH_VAT', 'WO_VAT']),
  basketExport: z.object(exports(yn)),
});
export type CommercialOfferSettings = z.infer<typeof commercialOfferSettings>;

/**
 * POST /v3/api/partner/commercial_offer/: a field that is not sent keeps its stored value. The logo and the seal
 * (jpeg or png) travel as multipart files; logo_del=Y and stamp_del=Y remove them.
 */
export const commercialOfferBody = z.object({
  ...texts(formText.optional()),
  actualDays: formText.optional(),
  isActualDays: formFlag.optional(),
  vat: formText.optional(),
  basketExport: z.object(exports(formFlag.optional())).optional(),
  logo: formFile.optional(),
  logo_del: formFlag.optional(),
  stamp: formFile.optional(),
  stamp_del: formFlag.optional(),
});
export type CommercialOfferBody = z.output<typeof commercialOfferBody>;
export type CommercialOfferInput = z.input<typeof commercialOfferBody>;
