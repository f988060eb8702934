import { describe, expect, it } from 'vitest';
import type { OrderCard, OrderItem } from '@b2b/contracts/orders';
import { productsOf } from './chosen-products';

const item = (productId: number, quantity: number, buyingPrice: string): OrderItem =>
  ({
    PRODUCT_ID: productId,
    UP_CODE_1C: String(100000 + productId),
    NAME: `Товар ${productId}`,
    QUANTITY: quantity,
    BUYING_PRICE: buyingPrice,
  }) as OrderItem;

const card = (number: string, items: OrderItem[]) => ({ ORDER_NUMBER: number, PRODUCTS: items }) as OrderCard;

describe('productsOf', () => {
  it('adds up one product over the chosen orders, exactly, and names the orders it comes from', () => {
    const rows = productsOf([card('К-1', [item(1, 3, '0.10'), item(2, 1, '99.99')]), card('К-2', [item(1, 2, '0.20')])]);
    expect(rows).toEqual([
      { PRODUCT_ID: 1, UP_CODE_1C: '100001', NAME: 'Товар 1', QUANTITY: 5, SUM: '0.70', ORDERS: ['К-1', 'К-2'] },
      { PRODUCT_ID: 2, UP_CODE_1C: '100002', NAME: 'Товар 2', QUANTITY: 1, SUM: '99.99', ORDERS: ['К-1'] },
    ]);
  });

  it('has no rows without orders', () => {
    expect(productsOf([])).toEqual([]);
  });
});
