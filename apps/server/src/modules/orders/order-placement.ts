import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { PaymentType } from '@b2b/contracts/payment-types';
import type { Db } from '@/db/database';
import { sumOf } from './order-money';

/*
 * A new order as a buyer places it in the shop (issue 13.4): the orders module writes its rows (the order, its items,
 * its CREATED history step); the read models of migration 0012 follow by their triggers. Run inside the caller's
 * transaction, which also empties the basket and queues the mails.
 */

export interface PlacedLine {
  productId: number;
  code: string;
  name: string;
  /** The buyer's price in roubles (round4(curPrice × rate), or curPrice for a rouble order), decimal string. */
  price: string;
  /** The price the buyer was shown and agreed to, in the order's currency. */
  curPrice: string;
  /** The purchase price in roubles on the price's VAT basis, its 4 decimals. */
  purchase: string;
  quantity: number;
  /** The offer whose promo price or gift this line is. */
  offerId?: number | null;
  /** A promo-priced line (SPECIAL); by default, a line of an offer. A routed order keeps its lines' mark without the offer. */
  special?: boolean;
}

export interface NewOrder {
  partnerId: number;
  clientId: number;
  /** The client's user who ordered (null: a routed order whose client has no user at the target). */
  userId: number | null;
  paymentType: PaymentType;
  currency: string;
  currencyRate: string;
  taxType: string;
  deliveryPrice: string;
  /** The delivery zone of the moment (its id and name), and whether the delivery price is to be agreed (issue 38 §4). */
  deliveryZone?: { id: number | null; name: string } | null;
  deliveryByAgreement?: boolean;
  minOrderSum: string | null;
  contactName: string;
  contactPhone: string;
  contactEmail: string | null;
  address: string | null;
  tradepointId: number | null;
  comment: string | null;
  /** The client earns loyalty points on it (a member of the partner's running programme). */
  isLoyalty: boolean;
  lines: PlacedLine[];
  /**
   * A copy of an order routed from another partner (issue 39 §1): it keeps its placing time, names where it came
   * from, and its first history step is the routing's (by the manager), not the shop's CREATED.
   */
  routed?: { createdAt: Date; fromPartnerId: number; fromOrderId: number; history: { userId: number; details: Record<string, unknown> } };
}

/**
 * The partner's next order number: its numbering's prefix ("К-000123" → "К-000124"), "З-000001" for a first order.
 * Takes the partner's numbering lock until the caller's transaction ends: write the order in it.
 */
export async function nextNumber(trx: Db, partnerId: number): Promise<string> {
  // One number at a time per partner: the lock is held until the order is written.
  await sql`select pg_advisory_xact_lock(${partnerId}::int, hashtext('order_number'))`.execute(trx);
  const last = await trx
    .selectFrom('orders')
    .select('order_number')
    .where('partner_id', '=', partnerId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const m = last ? /^(.*?)(\d+)$/.exec(last.order_number) : null;
  if (!m) return 'З-000001';
  return `${m[1]}${String(Number(m[2]) + 1).padStart(m[2].length, '0')}`;
}

/**
 * Writes the order. Its figures are roubles (issue 38.7): position_sum = Σ quantity × price, purchase_sum =
 * Σ quantity × purchase, position_margin their difference over every line, gifts (price 0) and losses included. The
 * answer's curSum is the buyer's figure, Σ quantity × curPrice in the order's currency.
 */
export async function placeOrder(trx: Db, o: NewOrder): Promise<{ id: number; number: string; sum: string; curSum: string; currency: string }> {
  const sum = sumOf(o.lines, (l) => new Decimal(l.price).mul(l.quantity));
  const curSum = sumOf(o.lines, (l) => new Decimal(l.curPrice).mul(l.quantity));
  const purchase = sumOf(o.lines, (l) => new Decimal(l.purchase).mul(l.quantity));
  const number = await nextNumber(trx, o.partnerId);
  const order = await trx
    .insertInto('orders')
    .values({
      partner_id: o.partnerId,
      order_number: number,
      client_id: o.clientId,
      client_user_id: o.userId,
      status: 'NEW',
      payment_type: o.paymentType,
      currency: o.currency,
      currency_rate: o.currencyRate,
      position_count: o.lines.length,
      position_sum: sum.toFixed(4),
      purchase_sum: purchase.toFixed(4),
      position_margin: sum.minus(purchase).toFixed(4),
      delivery_price: o.deliveryPrice,
      delivery_zone_id: o.deliveryZone?.id ?? null,
      delivery_zone_name: o.deliveryZone?.name ?? null,
      delivery_by_agreement: o.deliveryByAgreement ?? false,
      tax_type: o.taxType,
      min_order_sum: o.minOrderSum,
      contact_name: o.contactName,
      contact_phone: o.contactPhone,
      contact_email: o.contactEmail,
      user_phone: o.contactPhone,
      address: o.address,
      tradepoint_id: o.tradepointId,
      comment: o.comment,
      is_loyalty: o.isLoyalty,
      ...(o.routed
        ? { created_at: o.routed.createdAt, routed_from_partner_id: o.routed.fromPartnerId, routed_from_order_id: o.routed.fromOrderId }
        : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('order_items')
    .values(
      o.lines.map((l) => ({
        partner_id: o.partnerId,
        order_id: order.id,
        product_id: l.productId,
        up_code_1c: l.code,
        name: l.name,
        buying_price: new Decimal(l.purchase).toFixed(4),
        price: new Decimal(l.price).toFixed(4),
        cur_price: new Decimal(l.curPrice).toFixed(4),
        quantity: l.quantity,
        offer_id: l.offerId ?? null,
        special: l.special ?? l.offerId != null,
      })),
    )
    .execute();
  await trx
    .insertInto('order_history')
    .values(
      o.routed
        ? {
            partner_id: o.partnerId,
            order_id: order.id,
            user_id: o.routed.history.userId,
            action: 'ROUTED_IN',
            details: JSON.stringify(o.routed.history.details),
          }
        : { partner_id: o.partnerId, order_id: order.id, user_id: o.userId, action: 'CREATED', details: JSON.stringify({ source: 'shop' }) },
    )
    .execute();
  return { id: Number(order.id), number, sum: sum.toFixed(2), curSum: curSum.toFixed(2), currency: o.currency };
}
