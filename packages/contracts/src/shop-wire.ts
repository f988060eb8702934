import { z } from 'zod';
import { yn } from './http/envelope';
import { formFile, formFlag, formList, formRows, formText } from './http/form-fields';
import { ASSORTMENTS, MULTIPLICITIES, PAYMENT_TYPE_LABEL, SHOP_MSG, SHOP_SAVE_TYPES, TAX_TYPES } from './shop';
import { shopInstruction } from './shop-instructions';

/**
 * The wire shapes of the shop settings (shop-pricing-offers-loyalty.md §3, §7): what GET /partner/shop/ and
 * /pricesettings/ answer and what their POSTs take, and the phones and file references the tradepoints and the
 * commercial offer share. A POST body's schema checks each field's type; the values' rules (§5) are the
 * server's, which answers them all at once as field errors.
 */

/** The codes of a label map (PAYMENT_TYPE_LABEL, TAX_TYPES, …) as an enum. */
const codesOf = <T extends Record<string, string>>(labels: T) => z.enum(Object.keys(labels) as [keyof T & string, ...(keyof T & string)[]]);

export const fileRef = z.object({
  ID: z.string(),
  NAME: z.string(),
  SIZE: z.number().int(),
  /** Where it opens: a public address for shop files and the logo, the staff download for other files. */
  URL: z.string(),
});
export type FileRef = z.infer<typeof fileRef>;

export const shopPhone = z.object({ PHONE: z.string(), COMMENT: z.string(), MAIN: z.union([z.literal(0), z.literal(1)]) });
export type ShopPhone = z.infer<typeof shopPhone>;

const MAX_PHONES = 10;

/**
 * Phones as sent (ph[0][PHONE], ph[0][COMMENT], ph[0][MAIN] 0 or 1): rows without a number are dropped, and
 * exactly one is the main one (the first marked, else the first).
 */
export const phoneList = formRows({
  PHONE: formText.optional(),
  COMMENT: formText.optional(),
  MAIN: z.union([z.literal(0), z.literal(1), formFlag]).optional(),
}).transform((rows): ShopPhone[] => {
  const kept = rows
    .map((row) => ({ PHONE: (row.PHONE ?? '').slice(0, 40), COMMENT: (row.COMMENT ?? '').slice(0, 100), main: row.MAIN === 1 || row.MAIN === true }))
    .filter((row) => row.PHONE)
    .slice(0, MAX_PHONES);
  const mainIndex = Math.max(
    0,
    kept.findIndex((row) => row.main),
  );
  return kept.map((row, i) => ({ PHONE: row.PHONE, COMMENT: row.COMMENT, MAIN: i === mainIndex ? 1 : 0 }));
});

/** Phones as stored (jsonb, written through phoneList), read back defensively. */
export const storedPhones = (value: unknown): ShopPhone[] => {
  const read = phoneList.safeParse(value);
  return read.success ? read.data : [];
};

export const choice = z.object({ ID: z.string(), NAME: z.string() });
export type Choice = z.infer<typeof choice>;

/** Choices as ENTITIES lists them. */
export const choices = (labels: Record<string, string>): Choice[] => Object.entries(labels).map(([ID, NAME]) => ({ ID, NAME }));

/** GET /v3/api/partner/shop/ → SHOP (§3 Shop settings, read). */
export const shopSettings = z.object({
  ID: z.number().int(),
  NAME: z.string(),
  LOGO: fileRef.nullable(),
  COLOR_LOGO: z.string(),
  COLOR_SCHEME: z.string(),
  HEADER_NO_NAME: yn,
  /** Editor.js output (JSON text); empty when there is none. */
  ABOUT_COMPANY: z.string(),
  ADDRESS: z.string(),
  PHONES: z.array(shopPhone),
  OPENING_HOURS: z.string(),
  FILES: z.array(fileRef),
  SELFDELIVERY_ONLY: yn,
  MIN_SUM: z.string(),
  DELIVERY_PRICE: z.string(),
  ABOUT_DELIVERY: z.string(),
  ABOUT_DELIVERY_DEFAULT: yn,
  NO_CHECK_ORDER_SUM: yn,
  MIN_ORDER_SUM: z.string(),
  SHOW_DELAY_TEXT: yn,
  ABOUT_DELAY: z.string(),
  /** Buyers may order outside every delivery zone, the delivery price to be agreed (issue 38 §4); N by default. */
  DELIVERY_OUTSIDE_ZONES: yn,
  PAYMENT_TYPE: z.array(codesOf(PAYMENT_TYPE_LABEL)),
  TAX_SYSTEM: z.string(),
  ABOUT_PAYMENT: z.string(),
  ABOUT_PAYMENT_DEFAULT: yn,
  ALLOW_PHYSICAL: yn,
  SHOP_LINK: z.string(),
  DOMAIN_NAME: z.string(),
  GOOGLE_ID: z.string(),
  SHOP_EMAIL: z.array(z.string()),
  NOTIFY_EMAIL: z.array(z.string()),
  NOTIFY_CHECKBOX: yn,
  REGISTRATION: yn,
  SEARCH_TITLE: z.string(),
  SEARCH_DESCRIPTION: z.string(),
  PRICE_TYPE: z.string(),
  SHOW_MARGIN: yn,
  TAX_TYPE: codesOf(TAX_TYPES),
  CURRENCY: z.string(),
  CURRENCY_RATE: z.string(),
  ASSORTMENT: codesOf(ASSORTMENTS),
  SHOW_STOCK: yn,
  MULTIPLICITY: codesOf(MULTIPLICITIES),
  MAIN_TRADEPOINT: z.number().int().nullable(),
  /** The IANA zone the shop's dates are shown in (issue 38 §8), one of SHOP_TIME_ZONES. */
  TIME_ZONE: z.string(),
  /** The instructions block (§3): the shop link, an own domain and the notification mail, each marked done or not. */
  INSTRUCTIONS: z.array(shopInstruction),
});
export type ShopSettings = z.infer<typeof shopSettings>;

/** The choices of the settings' selects. */
export const shopEntities = z.object({
  PAYMENT_TYPE: z.array(choice),
  TAX_SYSTEM: z.array(choice),
  COLOR_SCHEME: z.array(choice),
  CURRENCY: z.array(choice),
  TAX_TYPE: z.array(choice),
  ASSORTMENT: z.array(choice),
  MULTIPLICITY: z.array(choice),
  WORK_DAYS: z.array(choice),
  /** The partner's own price types. */
  PRICE_TYPE: z.array(choice),
  TIME_ZONE: z.array(choice),
});

export const shopSettingsAnswer = z.object({
  SHOP: shopSettings,
  ENTITIES: shopEntities,
  DEFAULT_TEXT: z.object({ ABOUT_DELIVERY: z.string(), ABOUT_PAYMENT: z.string(), ABOUT_DELAY: z.string() }),
});
export type ShopSettingsAnswer = z.infer<typeof shopSettingsAnswer>;

/** GET /v3/api/partner/pricesettings/. */
export const priceSettingsAnswer = z.object({
  ITEM: shopSettings.pick({ PRICE_TYPE: true, SHOW_MARGIN: true, TAX_TYPE: true, CURRENCY: true, CURRENCY_RATE: true }),
  ENTITIES: shopEntities,
});

const text = formText.optional();
const flag = formFlag.optional();
const list = formList.optional();

/**
 * POST /v3/api/partner/shop/ (§3 Shop settings, written): one part named by `type`, or every part one of whose
 * names is sent. A list that is not sent is empty when the part is named (the web's encoding leaves out empty
 * lists). The logo (jpeg or png) and the shop files travel as multipart files.
 */
export const shopSaveBody = z.object({
  type: z.enum(SHOP_SAVE_TYPES, { error: SHOP_MSG.choiceInvalid }).optional(),
  // my shop
  name: text,
  color_scheme: text,
  color_logo: text,
  header_no_name: flag,
  /** Editor.js output as JSON text. */
  about_company: text,
  address: text,
  phones: phoneList.optional(),
  opening_hours: text,
  logo: formFile.optional(),
  logo_del: flag,
  shop_file: z.array(formFile).optional(),
  /** IDs of stored shop files to remove. */
  shop_file_del: list,
  // payment
  payment_type: list,
  tax_system: text,
  about_payment: text,
  about_payment_default: flag,
  // delivery
  selfdelivery_only: flag,
  min_sum: text,
  delivery_price: text,
  no_check_order_sum: flag,
  min_order_sum: text,
  about_delivery: text,
  about_delivery_default: flag,
  show_delay_text: flag,
  about_delay: text,
  delivery_outside_zones: flag,
  // settings
  shop_link: text,
  domain_name: text,
  google_id: text,
  shop_email: list,
  notify_email: list,
  notify_checkbox: flag,
  registration: flag,
  allow_physical: flag,
  search_title: text,
  search_description: text,
  time_zone: text,
  // remains
  assortment: text,
  multiplicity: text,
  show_stock: flag,
});
export type ShopSaveBody = z.output<typeof shopSaveBody>;
export type ShopSaveInput = z.input<typeof shopSaveBody>;

/** POST /v3/api/partner/pricesettings/: currency_rate counts when the currency is not RUB. */
export const priceSettingsBody = z.object({
  price_type: text,
  show_margin: flag,
  tax_type: text,
  currency: text,
  currency_rate: text,
});
export type PriceSettingsBody = z.output<typeof priceSettingsBody>;
export type PriceSettingsInput = z.input<typeof priceSettingsBody>;

/** GET /v3/api/client/shop/ → SHOP: the storefront's shop, found by its domain or shop link. */
export const storefrontShop = z.object({
  ID: z.number().int(),
  NAME: z.string(),
  SHOP_LINK: z.string().nullable(),
  DOMAIN_NAME: z.string().nullable(),
  COLOR_SCHEME: z.string(),
  CURRENCY: z.string(),
  REGISTRATION: yn,
  ALLOW_PHYSICAL: yn,
  /** What the shop shows its visitors (issue 13.1): the settings' public part. ABOUT_COMPANY is Editor.js JSON text. */
  ...shopSettings.pick({
    LOGO: true,
    COLOR_LOGO: true,
    HEADER_NO_NAME: true,
    ABOUT_COMPANY: true,
    ADDRESS: true,
    PHONES: true,
    OPENING_HOURS: true,
    FILES: true,
    ABOUT_DELIVERY: true,
    ABOUT_PAYMENT: true,
    SELFDELIVERY_ONLY: true,
    SHOW_STOCK: true,
    /** The buyer's dates are shown in the shop's zone, as its staff, mails and files show them (issue 38.8). */
    TIME_ZONE: true,
  }).shape,
});
