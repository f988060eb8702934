import type { OrderCard } from '@b2b/contracts/orders';
import { centsOf, moneyOfCents } from '@/shared/money/cents';

export interface ChosenProduct {
  PRODUCT_ID: number;
  UP_CODE_1C: string;
  NAME: string;
  QUANTITY: number;
  /** Σ BUYING_PRICE × QUANTITY over the chosen orders, in roubles: what the basket costs (as its SUM). */
  SUM: string;
  ORDERS: string[];
}

/** The products of the chosen orders, one row per product: quantities and sums added up, in the cards' order. */
export function productsOf(cards: readonly OrderCard[]): ChosenProduct[] {
  const byId = new Map<number, ChosenProduct & { cents: bigint }>();
  for (const card of cards) {
    for (const item of card.PRODUCTS) {
      const cents = centsOf(item.BUYING_PRICE) * BigInt(item.QUANTITY);
      const row = byId.get(item.PRODUCT_ID);
      if (row) {
        row.QUANTITY += item.QUANTITY;
        row.cents += cents;
        if (!row.ORDERS.includes(card.ORDER_NUMBER)) row.ORDERS.push(card.ORDER_NUMBER);
      } else {
        byId.set(item.PRODUCT_ID, {
          PRODUCT_ID: item.PRODUCT_ID,
          UP_CODE_1C: item.UP_CODE_1C,
          NAME: item.NAME,
          QUANTITY: item.QUANTITY,
          SUM: '',
          cents,
          ORDERS: [card.ORDER_NUMBER],
        });
      }
    }
  }
  return [...byId.values()].map(({ cents, ...row }) => ({ ...row, SUM: moneyOfCents(cents) }));
}
