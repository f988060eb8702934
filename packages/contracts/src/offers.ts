import { z } from 'zod';
import { formId, formInt } from './numbers';
import { actionDone, actionFailed, listOf, money, seconds, yn } from './http/envelope';
import { formFile, formFlag, formText, formWholeRows } from './http/form-fields';
import { LIMITS } from './limits';
import { fileRef } from './shop-wire';
import { MSG } from './messages';
import { formDate, listPeriodParam } from './dates';
import { filterDate, pageSizeParam } from './orders';

/*
 * Promotional offers (shop-pricing-offers-loyalty.md §2 /partner/offers, §3 Offer, §4 Offer save, §5 Offers, §7 offer
 * calls, §8, §9): the list, the form's fields and errors, and what a buyer sees of a running offer (its banners, its
 * promo prices, its gifts). Server and web both use it.
 */

export const OFFER_MSG = {
  empty: 'Акции не найдены',
  nameRequired: 'Не указано название',
  nameMax: (max: number) => `Название акции не длиннее ${max} символов`,
  typeRequired: 'Вы не выбрали тип акции',
  dateStartRequired: 'Не указана дата начала проведения акции',
  dateInvalid: 'Некорректная дата',
  dateEndBeforeStart: 'Дата окончания акции не может быть раньше даты начала',
  ended: 'Срок проведения акции истек: укажите новую дату окончания',
  limitInvalid: 'Лимит — целое число больше нуля',
  limitBelowUsed: (used: number) => `Лимит не может быть меньше числа заказов, уже получивших акцию: ${used}`,
  descriptionOneLetter: 'Описание не может состоять из одной буквы',
  descriptionMax: (max: number) => `Описание не длиннее ${max} символов`,
  sortInvalid: 'Сортировка — целое число',
  presentProductRequired: 'Выберите товар-подарок по коду',
  presentProductUnknown: MSG.productCodeUnknown,
  presentSumRequired: 'Не указана сумма',
  presentSumInvalid: 'Сумма заказа — число больше нуля',
  /** Gift thresholds increase: each sum is above the previous gift's. */
  presentSumIncrease: (value: string) => `Сумма заказа должна больше ${value}`,
  presentsMax: (max: number) => `В акции может быть не больше ${max} подарков`,
  bannerTooLarge: 'Вес файла превышает 300КБ',
  bannerType: 'Недопустимый тип файла',
  /** The promo assortment file (its field is xls_file; the server's key is check_products). */
  fileFailed: 'Произошла ошибка загрузки. Загрузите файл повторно.',
  fileRow: (line: number, text: string) => `Строка ${line}: ${text}`,
  fileEmpty: 'В файле нет строк с кодами товаров',
  productsMax: (max: number) => `В акции может быть не больше ${max} товаров`,
  saved: 'Акция сохранена',
  created: 'Акция создана',
  switchedOff: 'Акция выключена',
  switchedOn: 'Акция включена',
  notFound: 'Акция не найдена',
} as const;

/** The three banner placements: the large banner of the main page, its small banner, the catalogue's banner. */
export const BANNER_PLACEMENTS = ['banner_slider', 'banner_main', 'banner_catalog'] as const;
export type BannerPlacement = (typeof BANNER_PLACEMENTS)[number];
export const BANNER_PLACEMENT_LABEL: Record<BannerPlacement, string> = {
  banner_slider: 'Большой баннер на главной',
  banner_main: 'Малый баннер на главной',
  banner_catalog: 'Баннер в каталоге',
};

/** Where an offer stands now (computed from its flag, dates and limit). */
export const OFFER_STATES = ['RUNNING', 'PLANNED', 'ENDED', 'EXHAUSTED', 'OFF'] as const;
export type OfferState = (typeof OFFER_STATES)[number];
export const OFFER_STATE_LABEL: Record<OfferState, string> = {
  RUNNING: 'Идет',
  PLANNED: 'Запланирована',
  ENDED: 'Завершена',
  EXHAUSTED: 'Лимит исчерпан',
  OFF: 'Выключена',
};

/**
 * The one rule of an offer's state, for the server's answers and for a list row just switched on or off: switched
 * off; over (its end passed); used up (its limit reached); planned (not started); else running.
 */
export function offerStateOf(
  o: { active: boolean; start: Date; end: Date | null; limit: number | null; used: number },
  now = new Date(),
): OfferState {
  if (!o.active) return 'OFF';
  if (o.end && o.end <= now) return 'ENDED';
  if (o.limit !== null && o.used >= o.limit) return 'EXHAUSTED';
  return o.start > now ? 'PLANNED' : 'RUNNING';
}

export const OFFER_SORTS = ['DATE_CREATE', 'DATE_START', 'DATE_END', 'NAME', 'SORT'] as const;

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** GET /v3/api/partner/offer/ (and the manager's /manager/offer/): unknown or malformed values fall back to the defaults. */
export const offerListQuery = z.object({
  sort: z.preprocess(emptyToUndefined, z.enum(OFFER_SORTS).catch('DATE_CREATE').default('DATE_CREATE')),
  order: z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(['ASC', 'DESC']).catch('DESC').default('DESC')),
  /** Y: switched on and not over (running or planned); N: switched off, ended or used up; ALL (or empty): every offer. */
  active: z.preprocess(emptyToUndefined, z.enum(['Y', 'N', 'ALL']).catch('Y').default('Y')),
  limit: pageSizeParam(LIMITS.offersPageSize),
  p: formInt({ max: 100_000 }).catch(1).default(1),
  /** Offers whose period overlaps these Moscow days; neither: the default period (listPeriod), unless period=all. */
  date_start: z.preprocess(emptyToUndefined, filterDate.optional().catch(undefined)),
  date_end: z.preprocess(emptyToUndefined, filterDate.optional().catch(undefined)),
  period: listPeriodParam,
  /** The manager's filter by partner. */
  partner_id: z.preprocess(emptyToUndefined, formId().optional().catch(undefined)),
});

const idName = z.object({ ID: z.number().int(), NAME: z.string() });

/** A gift: the product (ID, NAME, its code), the order sum from which it is given, and its kind. */
export const offerPresent = z.object({
  ID: z.number().int(),
  NAME: z.string(),
  UP_CODE_1C: z.string(),
  sum: money,
  product_type: z.string(),
});

export const offerType = z.object({ CODE: z.string(), NAME: z.string(), SORT: z.number().int() });

/** One offer of the list (§3 Offer). */
export const offerItem = z.object({
  ID: z.number().int(),
  NAME: z.string(),
  TYPE: z.object({ CODE: z.string(), NAME: z.string() }),
  DESCRIPTION: z.string(),
  ACTIVE: yn,
  STATE: z.object({ CODE: z.enum(OFFER_STATES), NAME: z.string() }),
  /** The period: from its first instant to the instant after its last day (null: no end). */
  OFFER_DATE: z.object({ FROM: seconds, TO: seconds.nullable() }),
  LIMIT: z.number().int().nullable(),
  USED: z.number().int(),
  PRESENTS: z.array(offerPresent),
  PRODUCTS_CNT: z.number().int(),
  NOT_IN_BASKET: yn,
  BANNERS: z.object({ banner_slider: fileRef.nullable(), banner_main: fileRef.nullable(), banner_catalog: fileRef.nullable() }),
  SORT: z.number().int(),
  DATE_CREATE: seconds,
  /** The manager's list names the partner. */
  PARTNER: idName.optional(),
});
export type OfferItem = z.infer<typeof offerItem>;

export const offerList = listOf(offerItem, z.object({ TYPES: z.array(offerType) }));
export type OfferList = z.infer<typeof offerList>;

/** GET offer/{id}/: the offer with the dates the form shows (dd.MM.yyyy) and its promo assortment file. */
export const offerCard = offerItem.extend({
  DATE_START: z.string(),
  DATE_END: z.string(),
  XLS_FILE: fileRef.nullable(),
});
export type OfferCard = z.infer<typeof offerCard>;

/** A gift row of the form: the product by id (or its 6-digit code), the order sum. */
const presentRow = {
  ID: z.string().trim().optional(),
  code: z.string().trim().optional(),
  sum: z.string().trim().optional(),
  product_type: z.string().trim().optional(),
};

/**
 * POST offer/ and offer/{id}/ (§3 save fields). Every text is taken as sent and checked by the server, which answers
 * the spec's check_* keys; files travel as multipart parts (banner_*_file, xls_file), `*_del=Y` removes one.
 * With changedStateOffer=Y only `status` (ON or OFF) is read: the offer is switched with its earlier parameters.
 */
export const offerBody = z.object({
  name: formText.optional(),
  type: formText.optional(),
  description: formText.optional(),
  active: formFlag.optional(),
  date_start: formDate.optional(),
  date_end: formDate.optional(),
  limit: formText.optional(),
  sort: formText.optional(),
  not_in_basket: formFlag.optional(),
  status: z.enum(['ON', 'OFF']).optional(),
  changedStateOffer: formFlag.optional(),
  presents: formWholeRows(presentRow).optional(),
  xls_file: formFile.optional(),
  banner_slider_file: formFile.optional(),
  banner_main_file: formFile.optional(),
  banner_catalog_file: formFile.optional(),
  xls_del: formFlag.optional(),
  banner_slider_del: formFlag.optional(),
  banner_main_del: formFlag.optional(),
  banner_catalog_del: formFlag.optional(),
});
export type OfferBody = z.input<typeof offerBody>;

export const offerSaved = z.union([actionDone({ ID: z.number().int() }), actionFailed]);

/**
 * Where the form shows a server error (§5 Offers): a key naming a gift (check_present_3, check_present_sum_3) lands on
 * that gift (number minus 1), on its sum when the key contains "sum", else on its product_type; check_products lands
 * on the excel file field; other check_* keys on the field they name.
 */
export function offerErrorField(key: string): { field: string; present?: number } {
  const gift = /(\d+)$/.exec(key);
  if (gift && key.includes('present')) {
    return { field: key.includes('sum') ? 'sum' : 'product_type', present: Number(gift[1]) - 1 };
  }
  if (key === 'check_products') return { field: 'xls_file' };
  return { field: key.replace(/^check_/, '') };
}

/* ---------- what a buyer sees ---------- */

/** A running offer's banner in one placement of the shop. */
export const shopBanner = z.object({ OFFER_ID: z.number().int(), NAME: z.string(), PLACEMENT: z.enum(BANNER_PLACEMENTS), URL: z.string() });
export const shopBanners = z.object({ ITEMS: z.array(shopBanner) });
export type ShopBanner = z.infer<typeof shopBanner>;

/** A running offer as the shop's Акции page lists it. */
export const shopOffer = z.object({
  ID: z.number().int(),
  NAME: z.string(),
  DESCRIPTION: z.string(),
  DATE_END: seconds.nullable(),
  PRESENTS: z.array(z.object({ NAME: z.string(), sum: money })),
  PRODUCTS_CNT: z.number().int(),
  BANNER: z.string().nullable(),
});
export const shopOffers = z.object({ ITEMS: z.array(shopOffer) });
export type ShopOffer = z.infer<typeof shopOffer>;

/** A gift a basket reaches: its offer, the product given at 0 and the threshold (roubles) reached. */
export const basketGift = z.object({ OFFER_ID: z.number().int(), NAME: z.string(), PRODUCT: z.string(), SUM: money });

/**
 * The gifts a basket's rouble sum reaches now — one per running offer whose threshold it reaches, that offer's highest
 * reached, exactly the gift lines the order gets at checkout (issue 38.7) — and the nearest threshold not reached yet
 * (SUM in roubles; LEFT, what is left to buy, in the basket's CURRENCY in the basket's answer).
 */
export const basketGifts = z.object({
  GIFTS: z.array(basketGift),
  GIFT_NEXT: z.object({ OFFER_ID: z.number().int(), PRODUCT: z.string(), SUM: money, LEFT: money }).nullable(),
});
export type BasketGifts = z.infer<typeof basketGifts>;
