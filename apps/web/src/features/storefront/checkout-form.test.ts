import { describe, expect, it } from 'vitest';
import type { CheckoutAnswer } from '@b2b/contracts/storefront';
import { checkoutDefaults, orderRequest } from '@/features/storefront/checkout-form';

const basket = {
  ITEMS: [],
  CNT: 0,
  SUM: '0.00',
  CURRENCY: 'RUB',
  DELIVERY_PRICE: '0.00',
  FREE_DELIVERY_FROM: null,
  DELIVERY_ZONES: [],
  DELIVERY_ZONE: null,
  DELIVERY_OUTSIDE_ZONES: 'N' as const,
  DELIVERY_BY_AGREEMENT: 'N' as const,
  MIN_ORDER_SUM: null,
  CAN_ORDER: 'Y' as const,
  GIFTS: [],
  GIFT_NEXT: null,
};
const checkout = (over: Partial<CheckoutAnswer> = {}): CheckoutAnswer => ({
  PAYMENT_TYPES: [{ ID: 'CASH', NAME: 'Наличные' }],
  TRADEPOINTS: [
    { ID: 7, ADDRESS: 'Варшавское ш., 125', BASE: 'N' },
    { ID: 3, ADDRESS: 'ул. Складочная, 1', BASE: 'Y' },
  ],
  SELFDELIVERY_ONLY: 'N',
  ABOUT_DELIVERY: null,
  ABOUT_PAYMENT: null,
  CONTACT: { NAME: 'Иван Петров', PHONE: '79161234567', EMAIL: 'buyer@client.demo', ADDRESS: 'г. Москва, ул. Ленина, 1' },
  GEOCODER: 'N',
  BASKET: basket,
  ...over,
});

describe('the checkout form', () => {
  it("starts with the buyer's contacts, the main pickup point and the only payment type", () => {
    expect(checkoutDefaults(checkout())).toEqual({
      delivery: 'DELIVERY',
      address: 'г. Москва, ул. Ленина, 1',
      delivery_zone_id: null,
      tradepoint_id: 3,
      payment_type: 'CASH',
      contact_name: 'Иван Петров',
      contact_phone: '+7 (916) 123-45-67',
      contact_email: 'buyer@client.demo',
      comment: '',
    });
  });

  it('starts with pickup when the shop only has it, and leaves a choice of payment types open', () => {
    const values = checkoutDefaults(
      checkout({
        SELFDELIVERY_ONLY: 'Y',
        PAYMENT_TYPES: [
          { ID: 'CASH', NAME: 'Наличные' },
          { ID: 'CARD', NAME: 'Картой' },
        ],
      }),
    );
    expect(values.delivery).toBe('PICKUP');
    expect(values.payment_type).toBeUndefined();
  });

  it('sends the address for a delivery and the pickup point for a pickup', () => {
    const base = {
      address: ' ул. Ленина, 1 ',
      tradepoint_id: 3,
      payment_type: 'CASH' as const,
      contact_name: ' Иван ',
      contact_phone: '+7 (916) 123-45-67',
      contact_email: '',
      comment: '  ',
    };
    expect(orderRequest({ ...base, delivery: 'DELIVERY' })).toEqual({
      delivery: 'DELIVERY',
      address: 'ул. Ленина, 1',
      payment_type: 'CASH',
      contact_name: 'Иван',
      contact_phone: '79161234567',
      contact_email: undefined,
      comment: undefined,
    });
    expect(orderRequest({ ...base, delivery: 'PICKUP' })).toMatchObject({ delivery: 'PICKUP', tradepoint_id: 3 });
    expect(orderRequest({ ...base, delivery: 'PICKUP' })).not.toHaveProperty('address');
  });

  it('sends the zone chosen for a delivery, or outside_zone for an address outside the zones, never for a pickup', () => {
    const base = { address: 'ул. Ленина, 1', payment_type: 'CASH' as const, contact_name: 'Иван', contact_phone: '79161234567' };
    expect(orderRequest({ ...base, delivery: 'DELIVERY', delivery_zone_id: 12 })).toMatchObject({ delivery_zone_id: 12 });
    expect(orderRequest({ ...base, delivery: 'DELIVERY', delivery_zone_id: 'OUTSIDE' })).toMatchObject({ outside_zone: 'Y' });
    expect(orderRequest({ ...base, delivery: 'DELIVERY', delivery_zone_id: 'OUTSIDE' })).not.toHaveProperty('delivery_zone_id');
    expect(orderRequest({ ...base, delivery: 'PICKUP', delivery_zone_id: 12, tradepoint_id: 3 })).not.toHaveProperty('delivery_zone_id');
    expect(checkoutDefaults(checkout(), 12).delivery_zone_id).toBe(12);
  });
});
