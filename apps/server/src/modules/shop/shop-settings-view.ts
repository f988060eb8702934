import { DEFAULTS } from '@b2b/contracts/limits';
import {
  ASSORTMENTS,
  COLOR_SCHEMES,
  CURRENCIES,
  MULTIPLICITIES,
  PAYMENT_TYPE_LABEL,
  SHOP_DEFAULT_TEXT,
  sumOut,
  TAX_SYSTEMS,
  TAX_TYPES,
  WORK_DAYS,
  type PaymentType,
} from '@b2b/contracts/shop';
import { shopInstructions } from '@b2b/contracts/shop-instructions';
import { choices, storedPhones, type FileRef, type ShopSettingsAnswer } from '@b2b/contracts/shop-wire';
import { SHOP_TIME_ZONES, shopTimeZone } from '@b2b/contracts/time-zones';
import { yn } from '@/http/envelope';
import type { ShopRow } from './shop.repo';

/** Shop files and the logo open at a public address: the storefront shows them to buyers. */
export const publicFileUrl = (partnerId: number, fileId: string) => `/v3/api/client/shop/file/${partnerId}/${fileId}/`;

export interface ShopFileRow {
  id: string;
  original_name: string;
  size: number;
}

export const fileRef = (partnerId: number, row: ShopFileRow): FileRef => ({
  ID: row.id,
  NAME: row.original_name,
  SIZE: Number(row.size),
  URL: publicFileUrl(partnerId, row.id),
});

/** GET /v3/api/partner/shop/: §3 Shop settings (read), with the choices of its selects. */
export function shopSettingsView(
  shop: ShopRow,
  extra: {
    logo: ShopFileRow | undefined;
    files: ShopFileRow[];
    priceTypes: { code: string; name: string }[];
    /** The platform's addresses the instructions name (PUBLIC_URL, MAIL_FROM). */
    platform: { publicUrl: string; mailFrom: string };
  },
): ShopSettingsAnswer {
  const id = shop.partner_id;
  return {
    SHOP: {
      ID: id,
      NAME: shop.name,
      LOGO: extra.logo ? fileRef(id, extra.logo) : null,
      COLOR_LOGO: shop.color_logo ?? '',
      COLOR_SCHEME: shop.color_scheme,
      HEADER_NO_NAME: yn(shop.header_no_name),
      ABOUT_COMPANY: shop.about_company ? JSON.stringify(shop.about_company) : '',
      ADDRESS: shop.address ?? '',
      PHONES: storedPhones(shop.phones),
      OPENING_HOURS: shop.opening_hours ?? '',
      FILES: extra.files.map((f) => fileRef(id, f)),
      SELFDELIVERY_ONLY: yn(shop.selfdelivery_only),
      MIN_SUM: sumOut(shop.min_sum),
      DELIVERY_PRICE: sumOut(shop.delivery_price),
      ABOUT_DELIVERY: shop.about_delivery ?? '',
      ABOUT_DELIVERY_DEFAULT: yn(shop.about_delivery_default),
      NO_CHECK_ORDER_SUM: yn(shop.no_check_order_sum),
      MIN_ORDER_SUM: sumOut(shop.min_order_sum),
      SHOW_DELAY_TEXT: yn(shop.show_delay_text),
      ABOUT_DELAY: shop.about_delay ?? '',
      DELIVERY_OUTSIDE_ZONES: yn(shop.delivery_outside_zones),
      PAYMENT_TYPE: shop.payment_types as PaymentType[],
      TAX_SYSTEM: shop.tax_system ?? '',
      ABOUT_PAYMENT: shop.about_payment ?? '',
      ABOUT_PAYMENT_DEFAULT: yn(shop.about_payment_default),
      ALLOW_PHYSICAL: yn(shop.allow_physical),
      SHOP_LINK: shop.shop_link ?? '',
      DOMAIN_NAME: shop.domain_name ?? '',
      GOOGLE_ID: shop.google_id ?? '',
      SHOP_EMAIL: shop.shop_emails,
      NOTIFY_EMAIL: shop.notify_emails,
      NOTIFY_CHECKBOX: yn(shop.notify_checkbox),
      REGISTRATION: yn(shop.registration_enabled),
      SEARCH_TITLE: shop.search_title ?? '',
      SEARCH_DESCRIPTION: shop.search_description ?? '',
      PRICE_TYPE: shop.price_type,
      SHOW_MARGIN: yn(shop.show_margin),
      TAX_TYPE: shop.tax_type,
      CURRENCY: shop.currency,
      CURRENCY_RATE: shop.currency_rate == null ? '' : sumOut(shop.currency_rate),
      ASSORTMENT: shop.assortment,
      SHOW_STOCK: yn(shop.show_stock),
      MULTIPLICITY: shop.multiplicity,
      MAIN_TRADEPOINT: shop.main_tradepoint_id,
      TIME_ZONE: shopTimeZone(shop.time_zone),
      INSTRUCTIONS: shopInstructions({
        ...extra.platform,
        shopLink: shop.shop_link,
        domainName: shop.domain_name,
        notifyEmails: shop.notify_emails,
        shopEmails: shop.shop_emails,
        notifyConfirmed: shop.notify_checkbox,
      }),
    },
    ENTITIES: {
      PAYMENT_TYPE: choices(PAYMENT_TYPE_LABEL),
      TAX_SYSTEM: choices(TAX_SYSTEMS),
      COLOR_SCHEME: choices(COLOR_SCHEMES),
      CURRENCY: choices(CURRENCIES),
      TAX_TYPE: choices(TAX_TYPES),
      ASSORTMENT: choices(ASSORTMENTS),
      MULTIPLICITY: choices(MULTIPLICITIES),
      WORK_DAYS: choices(WORK_DAYS),
      PRICE_TYPE: extra.priceTypes.map((p) => ({ ID: p.code, NAME: p.name })),
      TIME_ZONE: SHOP_TIME_ZONES.map((z) => ({ ID: z.ID, NAME: z.NAME })),
    },
    DEFAULT_TEXT: {
      ABOUT_DELIVERY: SHOP_DEFAULT_TEXT.delivery,
      ABOUT_PAYMENT: SHOP_DEFAULT_TEXT.payment,
      ABOUT_DELAY: DEFAULTS.delayText,
    },
  };
}
