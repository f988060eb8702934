import type { Db } from '@/db/database';
import { insertReturningIds, insertRows } from './batch-insert';
import { toMoney } from './money';
import type { OrderAction } from './order-timeline';
import type { OrderPlan } from './orders-plan';

const at = (plan: OrderPlan, action: OrderAction) => plan.events.find((e) => e.action === action)?.at ?? null;

/** Inserts the planned orders with their items and history; answers the order ids in plan order. */
export async function insertOrders(db: Db, partnerId: number, plans: readonly OrderPlan[], shop: { minOrderSum: string }): Promise<number[]> {
  const ids = await insertReturningIds(
    db,
    'orders',
    plans.map((o) => ({
      partner_id: partnerId,
      order_number: o.number,
      client_id: o.client.id,
      client_user_id: o.client.userId,
      status: o.status,
      payment_type: o.paymentType,
      position_count: o.items.length,
      position_sum: toMoney(o.positionSum),
      purchase_sum: toMoney(o.purchaseSum),
      position_margin: toMoney(o.positionSum.minus(o.purchaseSum)),
      contact_name: `${o.client.user.name} ${o.client.user.surname}`,
      contact_phone: o.client.user.phone,
      contact_email: o.client.user.email,
      user_phone: o.client.user.phone,
      address: o.address,
      tradepoint_id: o.tradepointId,
      comment: o.comment,
      shop_comment: o.shopComment,
      note: o.note,
      cancel_comment: o.cancelComment,
      is_loyalty: o.isLoyalty,
      loyalty_sum: toMoney(o.loyaltySum),
      returned_bonus: toMoney(o.returnedBonus),
      min_order_sum: shop.minOrderSum,
      created_at: o.createdAt,
      updated_at: o.events[o.events.length - 1].at,
      viewed_at: at(o, 'VIEWED'),
      sent_at: at(o, 'SENT_TO_BASKET'),
      completed_at: at(o, 'COMPLETED'),
      canceled_at: at(o, 'CANCELED'),
    })),
    ['partner_id', 'order_number'],
  );
  await insertRows(
    db,
    'order_items',
    plans.flatMap((o, i) =>
      o.items.map((item) => ({
        partner_id: partnerId,
        order_id: ids[i],
        product_id: item.product.id,
        up_code_1c: item.product.code,
        name: item.product.name,
        buying_price: toMoney(item.product.purchase),
        price: toMoney(item.price),
        quantity: item.quantity,
        special: item.special,
        offer_id: item.offerId,
      })),
    ),
  );
  await insertRows(
    db,
    'order_history',
    plans.flatMap((o, i) =>
      o.events.map((e) => ({
        partner_id: partnerId,
        order_id: ids[i],
        user_id: e.userId,
        action: e.action,
        details: JSON.stringify(e.details),
        created_at: e.at,
      })),
    ),
  );
  return ids;
}

/** The open distribution-centre basket holds the items of the orders sent to it and not yet closed. */
export async function seedOpenBasket(db: Db, partnerId: number, plans: readonly OrderPlan[], orderIds: readonly number[]) {
  const inBasket = plans.flatMap((o, i) => (o.status === 'IN_BASKET' ? [{ o, id: orderIds[i] }] : []));
  if (!inBasket.length) return;
  const sentAt = (o: OrderPlan) => at(o, 'SENT_TO_BASKET')!;
  const basket = await db
    .insertInto('dc_baskets')
    .values({ partner_id: partnerId, status: 'OPEN', created_at: new Date(Math.min(...inBasket.map(({ o }) => sentAt(o).getTime()))) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertRows(
    db,
    'dc_basket_items',
    inBasket.flatMap(({ o, id }) =>
      o.items.map((item) => ({
        partner_id: partnerId,
        basket_id: basket.id,
        order_id: id,
        product_id: item.product.id,
        quantity: item.quantity,
        price: toMoney(item.product.purchase),
        offer_id: item.offerId,
        added_at: sentAt(o),
      })),
    ),
  );
}
