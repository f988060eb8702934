import { z } from 'zod';
import { formDecimal, formId, formInt } from './numbers';
import { action, actionDone, actionFailed, money, seconds, yn } from './http/envelope';
import { formText } from './http/form-fields';
import { LIMITS } from './limits';
import { MSG } from './messages';
import { EMAIL_RE } from './patterns';
import { basketGifts } from './offers';
import { PAYMENT_TYPES } from './payment-types';
import './zod-locale';

/*
 * The partner's shop as its buyers use it (issue 13; back-office.md §1 buyer side, §3 product quick view, default
 * product columns, basket; §7 catalog/product, photo, catalog/brands). Every price is the buyer's own, from the price
 * engine. Routes: routes/storefront.ts.
 */

/** A decimal amount as Russian text shows it: "1234567.5" → "1 234 567,50". */
export function rubles(amount: string): string {
  const [whole, fraction = ''] = amount.replace('-', '').split('.');
  const sign = amount.startsWith('-') ? '-' : '';
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${(fraction + '00').slice(0, 2)}`;
}

/** How a currency is written after an amount (₽ only for roubles); an unknown code is written as it is. */
export const CURRENCY_SIGN: Record<string, string> = { RUB: '₽', USD: '$', EUR: '€', KZT: '₸', BYN: 'Br' };

/** "1234.5", "USD" → "1 234,50 $". */
export const moneyText = (amount: string, currency = 'RUB') => `${rubles(amount)} ${CURRENCY_SIGN[currency] ?? currency}`;

export const STOREFRONT_MSG = {
  multiplicity: (n: number) => `Товар продается упаковками по ${n} шт.: укажите количество, кратное ${n}`,
  quantityInvalid: 'Укажите количество целым числом',
  quantityMax: (max: number) => `В строке корзины может быть не больше ${String(max).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} шт.`,
  orderTotalMax: (max: string) => `Сумма заказа не может превышать ${rubles(max)} ₽`,
  productUnavailable: 'Товар недоступен для заказа',
  basketEmpty: 'Корзина пуста',
  basketChanged: 'Корзина изменилась: проверьте ее и оформите заказ еще раз',
  basketLinesMax: (max: number) => `В корзине может быть не больше ${max} товаров`,
  /** The sum as moneyText writes it, in the basket's currency. */
  minOrderSum: (sum: string) => `Минимальная сумма заказа — ${sum}`,
  zoneRequired: 'Выберите зону доставки',
  zoneUnknown: 'Такой зоны доставки нет: выберите зону из списка',
  outsideZones: 'Адрес вне зон доставки магазина: выберите самовывоз или другой адрес',
  outsideNotAllowed: 'Магазин доставляет только в свои зоны доставки: выберите зону из списка',
  zoneOfAddress: (name: string) => `Адрес находится в зоне доставки «${name}»: выберите ее, стоимость доставки изменится`,
  addressNotFound: 'Адрес не найден: уточните его',
  deliveryByAgreement: 'стоимость по согласованию',
  outsideByAgreement: 'Адрес вне зон доставки: выберите «Вне зон доставки», стоимость доставки согласует поставщик',
  outsideZoneOption: 'Вне зон доставки',
  paymentTypeRequired: 'Не указан способ оплаты',
  addressRequired: 'Не указан адрес доставки',
  tradepointRequired: 'Выберите пункт самовывоза',
  selfdeliveryOnly: 'Магазин работает только с самовывозом',
  contactRequired: 'Укажите контактное лицо и телефон',
  blacklisted: 'Заказ невозможен: обратитесь к поставщику',
  orderPlaced: (number: string) => `Заказ ${number} оформлен`,
  basketRepeated: 'Товары заказа добавлены в корзину',
  /** The amount as the basket writes its sums, with its currency («12,34 $»). */
  giftLeft: (amount: string, product: string) => `Добавьте товаров на ${amount}, чтобы получить подарок: ${product}`,
  giftReached: (product: string) => `Подарок к заказу: ${product}`,
  pricesChanged: 'Цены в корзине изменились: проверьте корзину и оформите заказ еще раз',
  offerEnded: 'Акция закончилась: цены в корзине обновлены. Проверьте корзину и оформите заказ еще раз',
  commentMax: `Комментарий не длиннее ${LIMITS.orderNoteMax} символов`,
} as const;

/** A product line of the catalogue (default product columns: PRICE, UP_COUNTRY, UP_MANUFACTURE, UP_TM). */
export const catalogProduct = z.object({
  ID: z.number().int(),
  UP_CODE_1C: z.string(),
  NAME: z.string(),
  SECTION_ID: z.number().int(),
  PRICE: money,
  /** The buyer's price without the running offer, when an offer's promo price is lower (shown struck through). */
  OLD_PRICE: money.nullable(),
  /** The running offer whose promo price this is. */
  OFFER: z.object({ ID: z.number().int(), NAME: z.string() }).nullable(),
  CURRENCY: z.string(),
  UNIT: z.string(),
  UP_COUNTRY: z.string().nullable(),
  UP_MANUFACTURE: z.string().nullable(),
  UP_TM: z.string().nullable(),
  PREVIEW_PICTURE_PATH: z.string().nullable(),
  /** The quantities are multiples of it. */
  MULTIPLICITY: z.number().int(),
  /** Only when the shop shows stock (SHOW_STOCK=Y). */
  STOCK: z.number().int().nullable(),
});
export type CatalogProduct = z.infer<typeof catalogProduct>;

export const catalogQuery = z.object({
  section_id: formId().optional(),
  brand_id: formId().optional(),
  /** A name (any part) or a 6-digit code. */
  query: z.string().trim().max(100).optional(),
  /** The offer form's lookup by code (shop-pricing-offers-loyalty.md §3 Offer). */
  code1c: z.string().trim().max(20).optional(),
  limit: formInt()
    .refine((n) => [12, 24, 36, 48].includes(n))
    .catch(24)
    .default(24),
  offset: formInt({ min: 0, max: 100_000 }).catch(0).default(0),
});

export const catalogAnswer = z.object({
  ITEMS: z.array(catalogProduct),
  ENTITIES: z.object({ SECTION: z.object({ ID: z.number().int(), NAME: z.string() }).nullable() }),
  NAV: z.object({
    CNT: z.number().int(),
    CNT_ALL: z.number().int(),
    /**
     * A search within a section (issue 39 §4): how many products the same search (and brand) finds in the whole
     * catalogue, so the shop can offer «Искать во всём каталоге». Only with a query and a section.
     */
    CNT_CATALOG: z.number().int().optional(),
  }),
});
export type CatalogAnswer = z.infer<typeof catalogAnswer>;

/** The lookup by code1c: ID, NAME, SUCCESS, MESSAGE, UP_CODE_1C. */
export const productLookup = z.object({
  SUCCESS: yn,
  MESSAGE: z.string().optional(),
  ID: z.number().int().optional(),
  NAME: z.string().optional(),
  UP_CODE_1C: z.string().optional(),
});

const property = z.object({ ID: z.string(), TITLE: z.string(), VALUE: z.string() });

/** The product card and quick view (UP_TM, UP_COUNTRY, UP_RULER). */
export const productCard = catalogProduct.extend({
  DETAIL_PICTURE_PATH: z.string().nullable(),
  PICTURES: z.array(z.string()),
  PROPERTIES: z.object({ UP_TM: property.nullable(), UP_COUNTRY: property.nullable(), UP_RULER: property.nullable() }),
  IN_BASKET: z.number().int(),
});
export type ProductCard = z.infer<typeof productCard>;

export const catalogSection = z.object({
  ID: z.number().int(),
  IBLOCK_SECTION_ID: z.number().int().nullable(),
  NAME: z.string(),
  DEPTH: z.number().int(),
  PRODUCTS_CNT: z.number().int(),
});
export const catalogSections = z.object({ ITEMS: z.array(catalogSection) });
export type CatalogSection = z.infer<typeof catalogSection>;

export const brandsAnswer = z.object({ ITEMS: z.array(z.object({ ID: z.number().int(), NAME: z.string(), CNT: z.number().int() })) });

/* ---------- basket and checkout ---------- */

export const basketLine = z.object({
  PRODUCT_ID: z.number().int(),
  UP_CODE_1C: z.string(),
  NAME: z.string(),
  PRICE: money,
  QUANTITY: z.number().int(),
  SUM: money,
  MULTIPLICITY: z.number().int(),
  PREVIEW_PICTURE_PATH: z.string().nullable(),
  OLD_PRICE: money.nullable(),
  OFFER: z.object({ ID: z.number().int(), NAME: z.string() }).nullable(),
});
export type BasketLine = z.infer<typeof basketLine>;

/** A delivery zone as the buyer chooses it: amounts in the basket's currency (the partner's roubles converted once). */
export const basketZone = z.object({
  ID: z.number().int(),
  NAME: z.string(),
  PRICE: money,
  /** Free delivery from this basket sum (the zone's own threshold, else the shop's MIN_SUM), when set. */
  FREE_FROM: money.nullable(),
  /** What this basket pays for delivery to the zone now (0 from FREE_FROM). */
  DELIVERY_PRICE: money,
});
export type BasketZone = z.infer<typeof basketZone>;

/**
 * Amounts are in CURRENCY (the buyer's list's): SUM = Σ quantity × PRICE. The partner's rouble amounts (delivery,
 * free-delivery and minimum sums) are shown converted once, and compared in roubles with Σ quantity × price in roubles.
 */
export const basketAnswer = z.object({
  ITEMS: z.array(basketLine),
  CNT: z.number().int(),
  SUM: money,
  CURRENCY: z.string(),
  /** The delivery of the chosen zone (or the shop's one price when it has no zones); 0 to be agreed or to choose. */
  DELIVERY_PRICE: money,
  /** Free delivery from this sum (the chosen zone's threshold, else the shop's MIN_SUM), when set. */
  FREE_DELIVERY_FROM: money.nullable(),
  /** The shop's delivery zones (none: one delivery price for every address). */
  DELIVERY_ZONES: z.array(basketZone),
  /** The zone DELIVERY_PRICE is for (delivery_zone_id of the query), when one is chosen. */
  DELIVERY_ZONE: z.object({ ID: z.number().int(), NAME: z.string() }).nullable(),
  /** Whether the shop delivers outside its zones at a price agreed later, and whether that is chosen (outside_zone=Y). */
  DELIVERY_OUTSIDE_ZONES: yn,
  DELIVERY_BY_AGREEMENT: yn,
  MIN_ORDER_SUM: money.nullable(),
  /** Whether the basket may be ordered now, and why not. */
  CAN_ORDER: yn,
  MESSAGE: z.string().optional(),
  /** Every gift the order gets (one per running offer reached) and the next threshold: see basketGifts. */
  ...basketGifts.shape,
});
export type BasketAnswer = z.infer<typeof basketAnswer>;

/** The delivery the basket is priced for: a zone, or outside every zone (where the shop allows it). */
export const deliveryChoice = z.object({
  delivery_zone_id: formId().optional(),
  outside_zone: z.enum(['Y', 'N']).optional(),
});
export type DeliveryChoice = z.output<typeof deliveryChoice>;

const quantity = formInt({
  min: 0,
  max: LIMITS.basketQuantityMax,
  message: STOREFRONT_MSG.quantityInvalid,
  rangeMessage: STOREFRONT_MSG.quantityMax(LIMITS.basketQuantityMax),
});

/** Sets a product's quantity in the basket (0 takes it out); add=Y adds to what is there; the answer is priced for the delivery chosen. */
export const basketBody = z.object({
  product_id: formId(),
  quantity,
  add: z.enum(['Y', 'N']).optional(),
  ...deliveryChoice.shape,
});
export const basketSaved = action({ BASKET: basketAnswer });

export const DELIVERY_KINDS = ['DELIVERY', 'PICKUP'] as const;

export const checkoutAnswer = z.object({
  PAYMENT_TYPES: z.array(z.object({ ID: z.enum(PAYMENT_TYPES), NAME: z.string() })),
  TRADEPOINTS: z.array(z.object({ ID: z.number().int(), ADDRESS: z.string(), BASE: yn })),
  SELFDELIVERY_ONLY: yn,
  ABOUT_DELIVERY: z.string().nullable(),
  ABOUT_PAYMENT: z.string().nullable(),
  CONTACT: z.object({ NAME: z.string(), PHONE: z.string(), EMAIL: z.string(), ADDRESS: z.string() }),
  /** Whether the address is geocoded and checked against the zones' outlines (GEOCODER_URL is set). */
  GEOCODER: yn,
  BASKET: basketAnswer,
});
export type CheckoutAnswer = z.infer<typeof checkoutAnswer>;

export const orderBody = z.object({
  delivery: z.enum(DELIVERY_KINDS),
  address: formText.max(500).optional(),
  tradepoint_id: formId().optional(),
  /** The delivery zone (required for a delivery when the shop has zones), or outside_zone=Y where it is allowed. */
  delivery_zone_id: formId().optional(),
  outside_zone: z.enum(['Y', 'N']).optional(),
  payment_type: z.enum(PAYMENT_TYPES, { error: STOREFRONT_MSG.paymentTypeRequired }),
  contact_name: formText.max(LIMITS.personNameMax * 2),
  contact_phone: formText.max(LIMITS.phoneMax),
  contact_email: z.union([z.literal(''), formText.max(LIMITS.emailMax).regex(EMAIL_RE, MSG.employeeEmailInvalid)]).optional(),
  comment: formText.max(LIMITS.orderNoteMax, STOREFRONT_MSG.commentMax).optional(),
  /** The basket's SUM the buyer confirmed: when the prices changed since (an offer ended), the order is refused. */
  expected_sum: formDecimal().optional(),
});
export const orderPlaced = z.union([actionDone({ ORDER_ID: z.number().int(), ORDER_NUMBER: z.string() }), actionFailed]);

/* ---------- the buyer's orders ---------- */

export const buyerOrder = z.object({
  ID: z.number().int(),
  ORDER_NUMBER: z.string(),
  CREATE_DATE: seconds,
  STATUS: z.object({ ID: z.string(), NAME: z.string() }),
  POSITION_COUNT: z.number().int(),
  /** The order's currency: its sums and prices are in it (Σ quantity × the shown price), delivery converted once. */
  CURRENCY: z.string(),
  POSITION_SUM: money,
  DELIVERY_PRICE: money,
  PAYMENT_TYPE: z.string(),
});
export const buyerOrders = z.object({ ITEMS: z.array(buyerOrder), NAV: z.object({ CNT: z.number().int(), CNT_ALL: z.number().int() }) });
export const buyerOrdersQuery = z.object({
  limit: formInt({ max: 50 }).catch(12).default(12),
  offset: formInt({ min: 0 }).catch(0).default(0),
});
export const buyerOrderCard = buyerOrder.extend({
  ADDRESS: z.string().nullable(),
  COMMENT: z.string().nullable(),
  ITEMS: z.array(
    z.object({
      PRODUCT_ID: z.number().int(),
      UP_CODE_1C: z.string(),
      NAME: z.string(),
      PRICE: money,
      QUANTITY: z.number().int(),
      SUM: money,
      /** A running offer's gift, added at checkout (not repeated into the basket). */
      GIFT: yn,
    }),
  ),
});
export const repeated = action({ BASKET: basketAnswer });

/* ---------- the buyer's account: personal info, supplier links, reviews ---------- */

export const BUYER_MSG = {
  reviewEmpty: 'Напишите отзыв',
  reviewMax: (max: number) => `Отзыв не длиннее ${max} символов`,
  reviewSent: 'Спасибо! Отзыв отправлен поставщику',
  reviewsTooMany: `Слишком много отзывов: не более ${LIMITS.reviewsPerHour} в час. Повторите позже`,
  shopNotYours: 'Вы не зарегистрированы в этом магазине',
  shopSelected: 'Магазин выбран',
} as const;

export const REVIEW_MAX = 2000;

/** GET /v3/api/personal/info/: the buyer, its company, its shop, and the other shops where its e-mail is a buyer. */
export const personalInfo = z.object({
  USER: z.object({ ID: z.number().int(), NAME: z.string(), SURNAME: z.string(), EMAIL: z.string(), PHONE: z.string(), HAS_PASSWORD: yn }),
  CLIENT: z.object({ ID: z.number().int(), NAME: z.string(), INN: z.string().nullable(), ADDRESS: z.string().nullable() }),
  SHOP: z.object({ ID: z.number().int(), NAME: z.string(), SHOP_LINK: z.string().nullable() }),
  SHOPS: z.array(z.object({ ID: z.number().int(), NAME: z.string(), SHOP_LINK: z.string().nullable() })),
});
export type PersonalInfo = z.infer<typeof personalInfo>;

/** POST /v3/api/client/info/: selected_shop, one of SHOPS (its link is where the buyer signs in next). */
export const selectShopBody = z.object({ selected_shop: formId() });
export const shopSelected = action({ SHOP_LINK: z.string().nullable() });

/** POST /v1/personal/review: the buyer's review, mailed to the partner and listed in the back office. */
export const reviewBody = z.object({ text: formText.min(1, BUYER_MSG.reviewEmpty).max(REVIEW_MAX, BUYER_MSG.reviewMax(REVIEW_MAX)) });
export const reviewSent = action();

/** GET /v3/api/partner/review/: the partner's reviews, newest first. */
export const reviewList = z.object({
  ITEMS: z.array(
    z.object({
      ID: z.number().int(),
      TEXT: z.string(),
      DATE: seconds,
      CLIENT: z.object({ ID: z.number().int(), NAME: z.string() }).nullable(),
      AUTHOR: z.string(),
    }),
  ),
  NAV: z.object({ CNT: z.number().int(), CNT_ALL: z.number().int() }),
});
export const reviewListQuery = z.object({
  limit: formInt({ max: 100 }).catch(24).default(24),
  offset: formInt({ min: 0 }).catch(0).default(0),
});
