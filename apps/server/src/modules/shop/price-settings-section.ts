import { DEFAULTS } from '@b2b/contracts/limits';
import { CURRENCIES, SHOP_MSG, TAX_TYPES } from '@b2b/contracts/shop';
import type { PriceSettingsBody } from '@b2b/contracts/shop-wire';
import type { SectionDraft } from './section-draft';
import type { ShopRow } from './shop.repo';

/**
 * POST /partner/pricesettings/: price type (default RRC, one of the partner's price types), margin shown,
 * tax type (default WITH_VAT), currency (default RUB) and, for any other currency, its rate.
 */
export function priceSettingsSection(d: SectionDraft<PriceSettingsBody>, shop: ShopRow, priceTypeCodes: readonly string[]): void {
  d.set.price_type = d.choice('price_type', shop.price_type, priceTypeCodes, DEFAULTS.priceType);
  d.set.show_margin = d.flag('show_margin', shop.show_margin);
  d.set.tax_type = d.choice('tax_type', shop.tax_type, Object.keys(TAX_TYPES), DEFAULTS.taxType);
  const currency = d.choice<string>('currency', shop.currency, Object.keys(CURRENCIES), DEFAULTS.currency);
  d.set.currency = currency;
  if (currency === DEFAULTS.currency) {
    d.set.currency_rate = null;
    return;
  }
  const sentRate = d.value('currency_rate');
  const sent = sentRate !== undefined ? sentRate.replace(/\s/g, '').replace(',', '.') : (shop.currency_rate ?? '');
  if (!sent) d.errors.currency_rate = SHOP_MSG.currencyRateRequired;
  else if (!/^\d{1,12}(\.\d{1,6})?$/.test(sent) || Number(sent) <= 0) d.errors.currency_rate = SHOP_MSG.rateInvalid;
  else d.set.currency_rate = sent;
}
