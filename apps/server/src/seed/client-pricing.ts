import type Decimal from 'decimal.js';
import type { SeededProduct } from './catalog-seed';
import { roundPrice } from './money';
import type { SeededPriceList } from './partners-seed';

/** How a client is priced: personal prices first, then its price column or list, else the RRC. */
export interface ClientPricing {
  personalPrices: ReadonlyMap<number, Decimal>;
  priceList?: SeededPriceList;
  column?: SeededPriceList;
}

const withMarkup = (purchase: Decimal, list: SeededPriceList) => roundPrice(purchase.mul(list.rate.plus(100)).div(100));

export function clientPrice(pricing: ClientPricing, product: SeededProduct): Decimal {
  const personal = pricing.personalPrices.get(product.id);
  if (personal) return personal;
  if (pricing.column) return withMarkup(product.purchase, pricing.column);
  if (pricing.priceList) return withMarkup(product.purchase, pricing.priceList);
  return product.rrc;
}
