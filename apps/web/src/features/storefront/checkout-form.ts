import type { CheckoutAnswer } from '@b2b/contracts/storefront';
import type { OrderRequest } from '@/features/storefront/api/storefront-api';
import type { ZoneChoice } from '@/features/storefront/delivery-choice';
import { formatPhone, phoneDigits } from '@/shared/inputs/phone';

/* The checkout form's values: what it starts with and what it sends (POST /v3/api/client/order/). */

export type CheckoutValues = Omit<OrderRequest, 'tradepoint_id' | 'delivery_zone_id' | 'outside_zone'> & {
  tradepoint_id?: number;
  delivery_zone_id?: ZoneChoice;
};

/** The fields whose server errors show under them. */
export const ORDER_FIELDS = [
  'delivery',
  'address',
  'delivery_zone_id',
  'tradepoint_id',
  'payment_type',
  'contact_name',
  'contact_phone',
  'contact_email',
  'comment',
] as const;

/** The form's first values: pickup when the shop only has it, the zone chosen before, the main pickup point, the buyer's contacts. */
export function checkoutDefaults(data: CheckoutAnswer, zone: ZoneChoice = null): Partial<CheckoutValues> {
  const base = data.TRADEPOINTS.find((t) => t.BASE === 'Y') ?? data.TRADEPOINTS[0];
  return {
    delivery: data.SELFDELIVERY_ONLY === 'Y' ? 'PICKUP' : 'DELIVERY',
    address: data.CONTACT.ADDRESS,
    delivery_zone_id: zone,
    tradepoint_id: base?.ID,
    payment_type: data.PAYMENT_TYPES.length === 1 ? data.PAYMENT_TYPES[0].ID : undefined,
    contact_name: data.CONTACT.NAME,
    contact_phone: data.CONTACT.PHONE ? formatPhone(data.CONTACT.PHONE) : '',
    contact_email: data.CONTACT.EMAIL,
    comment: '',
  };
}

const zoneFields = (zone: ZoneChoice | undefined): Pick<OrderRequest, 'delivery_zone_id' | 'outside_zone'> =>
  zone === 'OUTSIDE' ? { outside_zone: 'Y' } : zone ? { delivery_zone_id: zone } : {};

/**
 * What is sent: the address only for a delivery, the pickup point only for a pickup, texts trimmed, the phone's digits,
 * and the basket's sum the buyer saw (the order is refused if the prices changed since).
 */
export function orderRequest(values: CheckoutValues, basketSum?: string): OrderRequest {
  const text = (v: string | undefined) => v?.trim() || undefined;
  return {
    delivery: values.delivery,
    ...(values.delivery === 'DELIVERY'
      ? { address: text(values.address), ...zoneFields(values.delivery_zone_id) }
      : { tradepoint_id: values.tradepoint_id }),
    payment_type: values.payment_type,
    contact_name: values.contact_name?.trim() ?? '',
    contact_phone: phoneDigits(values.contact_phone ?? ''),
    contact_email: text(values.contact_email),
    comment: text(values.comment),
    ...(basketSum !== undefined ? { expected_sum: basketSum } : {}),
  };
}
