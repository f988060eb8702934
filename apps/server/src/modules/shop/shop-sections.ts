import { DEFAULTS } from '@b2b/contracts/limits';
import {
  ASSORTMENTS,
  COLOR_SCHEMES,
  MULTIPLICITIES,
  ONLINE_PAYMENT_TYPE,
  PAYMENT_TYPE_LABEL,
  SHOP_MSG,
  SHOP_TEXT_MAX,
  TAX_SYSTEMS,
} from '@b2b/contracts/shop';
import type { ShopSaveBody } from '@b2b/contracts/shop-wire';
import { parseAboutCompany } from './about-company';
import { orNull, type SectionDraft } from './section-draft';
import type { ShopRow } from './shop.repo';

type Draft = SectionDraft<ShopSaveBody>;

/** The checks of §5 for the parts of POST /partner/shop/ that need nothing but the body and the stored shop. */

const keys = (labels: Record<string, string>) => Object.keys(labels);
const { name: NAME_MAX, short: SHORT_MAX, text: TEXT_MAX, about: ABOUT_MAX } = SHOP_TEXT_MAX;

/** My shop: name, colours, about text, address, phones, opening hours (files are handled apart). */
export function shopSection(d: Draft, shop: ShopRow): void {
  const name = d.text('name', shop.name, NAME_MAX);
  if (!name) d.errors.name = SHOP_MSG.nameRequired;
  d.set.name = name;
  d.set.color_scheme = d.choice('color_scheme', shop.color_scheme, keys(COLOR_SCHEMES), DEFAULTS.colorScheme);
  const colorLogo = d.text('color_logo', shop.color_logo, 7);
  if (colorLogo && !/^#[0-9a-f]{6}$/i.test(colorLogo)) d.errors.color_logo = SHOP_MSG.colorInvalid;
  d.set.color_logo = orNull(colorLogo.toLowerCase());
  d.set.header_no_name = d.flag('header_no_name', shop.header_no_name);
  if (d.sent('about_company')) {
    const about = parseAboutCompany(d.text('about_company', null, ABOUT_MAX));
    if (about === 'bad') d.errors.about_company = SHOP_MSG.aboutInvalid;
    else d.set.about_company = about === null ? null : JSON.stringify(about);
  }
  d.set.address = orNull(d.text('address', shop.address, SHORT_MAX));
  d.set.opening_hours = orNull(d.text('opening_hours', shop.opening_hours, SHORT_MAX));
  if (d.sent('phones') || d.explicit) d.set.phones = JSON.stringify(d.value('phones') ?? []);
}

/** Payment: at least one way to pay; paying by card online needs a tax system for the receipts. */
export function paymentSection(d: Draft, shop: ShopRow): void {
  const types = [...new Set(d.list('payment_type', shop.payment_types).filter(Boolean))];
  if (!types.length) d.errors.payment_type = SHOP_MSG.paymentTypeRequired;
  else if (types.some((t) => !keys(PAYMENT_TYPE_LABEL).includes(t))) d.errors.payment_type = SHOP_MSG.choiceInvalid;
  const taxSystem = d.choice<string>('tax_system', shop.tax_system ?? '', keys(TAX_SYSTEMS), '');
  if (types.includes(ONLINE_PAYMENT_TYPE) && !taxSystem) d.errors.tax_system = SHOP_MSG.taxSystemRequired;
  d.set.payment_types = types;
  d.set.tax_system = orNull(taxSystem);
  d.set.about_payment = orNull(d.text('about_payment', shop.about_payment, TEXT_MAX));
  d.set.about_payment_default = d.flag('about_payment_default', shop.about_payment_default);
}

/**
 * Delivery: sums, texts, the delay note and whether orders outside the zones are taken. A minimum order sum is needed
 * unless its check is switched off (NO_CHECK_ORDER_SUM); self-delivery only needs a tradepoint (checked by the service).
 */
export function deliverySection(d: Draft, shop: ShopRow): void {
  d.set.selfdelivery_only = d.flag('selfdelivery_only', shop.selfdelivery_only);
  d.set.min_sum = d.money('min_sum', shop.min_sum);
  d.set.delivery_price = d.money('delivery_price', shop.delivery_price);
  d.set.no_check_order_sum = d.flag('no_check_order_sum', shop.no_check_order_sum);
  const minOrderSum = d.money('min_order_sum', shop.min_order_sum);
  if (!d.set.no_check_order_sum && minOrderSum === null && !d.errors.min_order_sum) d.errors.min_order_sum = SHOP_MSG.sumMissing;
  d.set.min_order_sum = minOrderSum;
  d.set.about_delivery = orNull(d.text('about_delivery', shop.about_delivery, TEXT_MAX));
  d.set.about_delivery_default = d.flag('about_delivery_default', shop.about_delivery_default);
  d.set.show_delay_text = d.flag('show_delay_text', shop.show_delay_text);
  d.set.about_delay = orNull(d.text('about_delay', shop.about_delay, TEXT_MAX));
  d.set.delivery_outside_zones = d.flag('delivery_outside_zones', shop.delivery_outside_zones);
}

/** Remains: the assortment shown, the multiplicity used and whether stock is shown. */
export function remainsSection(d: Draft, shop: ShopRow): void {
  d.set.assortment = d.choice('assortment', shop.assortment, keys(ASSORTMENTS), 'BASE');
  d.set.multiplicity = d.choice('multiplicity', shop.multiplicity, keys(MULTIPLICITIES), 'CORPORATE');
  d.set.show_stock = d.flag('show_stock', shop.show_stock);
}
