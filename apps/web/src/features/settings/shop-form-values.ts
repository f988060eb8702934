import type { PriceSettingsInput, ShopPhone, ShopSaveInput, ShopSettings } from '@b2b/contracts/shop-wire';
import type { ShopPartFields } from '@/features/settings/api/shop-settings-api';
import { cleanAmount } from '@/shared/inputs/amount';

/** The shop settings as each form holds them (Y/N as booleans) and back as the POST payload names of §3. */

const y = (v: 'Y' | 'N') => v === 'Y';

export interface PhoneRow {
  PHONE: string;
  COMMENT: string;
  MAIN: boolean;
}

export const phoneRows = (phones: ShopPhone[]): PhoneRow[] => phones.map((p) => ({ PHONE: p.PHONE, COMMENT: p.COMMENT, MAIN: p.MAIN === 1 }));
export const phonesPayload = (rows: PhoneRow[] | undefined): NonNullable<ShopSaveInput['phones']> =>
  (rows ?? []).filter((r) => r?.PHONE?.trim()).map((r) => ({ PHONE: r.PHONE.trim(), COMMENT: r.COMMENT?.trim() ?? '', MAIN: r.MAIN ? 1 : 0 }));

export const shopPartValues = (s: ShopSettings) => ({
  name: s.NAME,
  color_scheme: s.COLOR_SCHEME,
  color_logo: s.COLOR_LOGO,
  header_no_name: y(s.HEADER_NO_NAME),
  about_company: s.ABOUT_COMPANY,
  address: s.ADDRESS,
  opening_hours: s.OPENING_HOURS,
  phones: phoneRows(s.PHONES),
});
export type ShopPartValues = ReturnType<typeof shopPartValues>;
export const shopPartPayload = (v: ShopPartValues): ShopPartFields => ({ ...v, phones: phonesPayload(v.phones) });

export const paymentValues = (s: ShopSettings) => ({
  payment_type: s.PAYMENT_TYPE as string[],
  tax_system: s.TAX_SYSTEM || undefined,
  about_payment: s.ABOUT_PAYMENT,
  about_payment_default: y(s.ABOUT_PAYMENT_DEFAULT),
});
export type PaymentValues = ReturnType<typeof paymentValues>;
export const paymentPayload = (v: PaymentValues): ShopPartFields => ({ ...v, tax_system: v.tax_system ?? '' });

export const deliveryValues = (s: ShopSettings) => ({
  selfdelivery_only: y(s.SELFDELIVERY_ONLY),
  min_sum: s.MIN_SUM,
  delivery_price: s.DELIVERY_PRICE,
  min_order_sum: s.MIN_ORDER_SUM,
  no_check_order_sum: y(s.NO_CHECK_ORDER_SUM),
  about_delivery: s.ABOUT_DELIVERY,
  about_delivery_default: y(s.ABOUT_DELIVERY_DEFAULT),
  show_delay_text: y(s.SHOW_DELAY_TEXT),
  about_delay: s.ABOUT_DELAY,
  delivery_outside_zones: y(s.DELIVERY_OUTSIDE_ZONES),
});
export type DeliveryValues = ReturnType<typeof deliveryValues>;
export const deliveryPayload = (v: DeliveryValues): ShopPartFields => ({
  ...v,
  min_sum: cleanAmount(v.min_sum ?? ''),
  delivery_price: cleanAmount(v.delivery_price ?? ''),
  min_order_sum: cleanAmount(v.min_order_sum ?? ''),
});

/** A list field shows at least one (blank) slot. */
const slots = (list: string[]) => (list.length ? [...list] : ['']);

export const settingsValues = (s: ShopSettings) => ({
  shop_link: s.SHOP_LINK,
  domain_name: s.DOMAIN_NAME,
  google_id: s.GOOGLE_ID,
  shop_email: slots(s.SHOP_EMAIL),
  notify_email: slots(s.NOTIFY_EMAIL),
  notify_checkbox: y(s.NOTIFY_CHECKBOX),
  registration: y(s.REGISTRATION),
  allow_physical: y(s.ALLOW_PHYSICAL),
  search_title: s.SEARCH_TITLE,
  search_description: s.SEARCH_DESCRIPTION,
  time_zone: s.TIME_ZONE,
});
export type SettingsValues = ReturnType<typeof settingsValues>;
/** E-mails keep their positions (the error keys carry the index); blank slots travel as blanks. */
export const settingsPayload = (v: SettingsValues): ShopPartFields => ({
  ...v,
  shop_email: (v.shop_email ?? []).map((e) => e?.trim() ?? ''),
  notify_email: (v.notify_email ?? []).map((e) => e?.trim() ?? ''),
});

export const remainsValues = (s: ShopSettings) => ({ assortment: s.ASSORTMENT, multiplicity: s.MULTIPLICITY, show_stock: y(s.SHOW_STOCK) });
export type RemainsValues = ReturnType<typeof remainsValues>;

export const priceValues = (s: ShopSettings) => ({
  price_type: s.PRICE_TYPE,
  show_margin: y(s.SHOW_MARGIN),
  tax_type: s.TAX_TYPE,
  currency: s.CURRENCY,
  currency_rate: s.CURRENCY_RATE,
});
export type PriceValues = ReturnType<typeof priceValues>;
export const pricePayload = (v: PriceValues): PriceSettingsInput => ({ ...v, currency_rate: cleanAmount(v.currency_rate ?? '') });
