import Decimal from 'decimal.js';
import type { BasketAnswer } from '@b2b/contracts/storefront';
import type { OfferDocument } from './commercial-offer-pdf';
import type { ShopTerms } from './shop-basket.service';

/*
 * What the commercial offer (КП) prints of a basket: exactly what the basket answers (issue 38 §5) — its lines, its
 * gifts as lines at 0 marked «Подарок», its delivery (a line when charged or to be agreed), its SUM and total, in its
 * currency; the VAT follows the shop's TAX_TYPE.
 */
export function offerDocumentOf(
  answer: BasketAnswer,
  items: { row: { vat_rate: string | number } }[],
  terms: Pick<ShopTerms, 'taxType'>,
): Pick<OfferDocument, 'lines' | 'currency' | 'taxType' | 'delivery' | 'sum' | 'total'> {
  const zero = '0.00';
  return {
    lines: [
      ...answer.ITEMS.map((line, i) => ({ ...line, VAT_RATE: Number(items[i].row.vat_rate) })),
      ...answer.GIFTS.map((g) => ({ UP_CODE_1C: '', NAME: g.PRODUCT, QUANTITY: 1, PRICE: zero, SUM: zero, VAT_RATE: 0, GIFT: true })),
    ],
    currency: answer.CURRENCY,
    taxType: terms.taxType,
    delivery: { price: answer.DELIVERY_PRICE, zone: answer.DELIVERY_ZONE?.NAME ?? null, byAgreement: answer.DELIVERY_BY_AGREEMENT === 'Y' },
    sum: answer.SUM,
    total: new Decimal(answer.SUM).plus(answer.DELIVERY_PRICE).toFixed(2),
  };
}
