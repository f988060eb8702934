import { MSG, ORDER_STATUS_LABEL } from '@b2b/contracts/messages';
import { ORDER_ACTION_MSG, ORDER_MSG, type BasketAnswer, type SendToBasketAnswer, type SendToBasketInput } from '@b2b/contracts/orders';
import type { OrderStatus } from '@b2b/contracts/limits';
import type { Db } from '@/db/database';
import type { EventBus } from '@/events/event-bus';
import { notFound } from '@/http/app-error';
import { failed, type ActionFailed } from '@/http/envelope';
import { basketRepo, type ItemSelection } from './basket.repo';
import { orderChangesRepo } from './order-changes.repo';
import { money } from './order-money';
import type { OrderActor } from './order-actions.service';

/** Thrown inside the transaction when a concurrent send moved one of the orders first: everything rolls back. */
class SendRaced extends Error {}

/** Why an order cannot go to the basket now (only VIEWED orders can). */
function refusal(order: { order_number: string; status: OrderStatus }): string {
  if (order.status === 'NEW') return ORDER_ACTION_MSG.notAcceptedYet(order.order_number);
  if (order.status === 'IN_BASKET') return ORDER_ACTION_MSG.alreadyInBasket(order.order_number);
  return ORDER_ACTION_MSG.notSendable(order.order_number, ORDER_STATUS_LABEL[order.status]);
}

/**
 * The distribution-centre basket ("корзина РЦ"): one open basket per partner, filled from VIEWED orders, which
 * become IN_BASKET. CNT counts the distinct products in the basket; SUM is Σ quantity × purchase price.
 */
export function basketService(db: Db, events: EventBus) {
  /** GET /partner/sendtorelef/: the open basket's CNT and SUM (the spec's whole answer). */
  async function totals(partnerId: number): Promise<BasketAnswer> {
    const { products, sum } = await basketRepo(db).totals(partnerId);
    return { CNT: products, SUM: money(sum) };
  }

  /** The refused orders that were not sent before keep the error as their last basket message (the card shows it). */
  async function recordRefusal(actor: OrderActor, orders: { id: number; status: OrderStatus }[], error: string) {
    const entries = orders
      .filter((o) => o.status === 'NEW' || o.status === 'VIEWED')
      .map((o) => ({ orderId: o.id, userId: actor.id, action: 'SEND_TO_BASKET_REFUSED', details: { error } }));
    await orderChangesRepo(db).addHistory(actor.partnerId, entries);
  }

  type SendOutcome = { sent: true } | { error: string; orders: { id: number; status: OrderStatus }[] };

  async function sendInTransaction(actor: OrderActor, input: SendToBasketInput, sel: ItemSelection): Promise<SendOutcome> {
    return db.transaction().execute(async (trx) => {
      const repo = basketRepo(trx);
      const chosen = await repo.lockOrders(actor.partnerId, input.orders);
      if (input.orders !== 'all' && chosen.length !== new Set(input.orders).size) throw notFound(MSG.notFound);
      if (!chosen.length) return { error: ORDER_MSG.nothingToSend, orders: [] };
      const refused = chosen.filter((o) => o.status !== 'VIEWED');
      if (refused.length) return { error: refusal(refused[0]), orders: chosen };
      const ids = await repo.ordersWithSelectedItems(
        actor.partnerId,
        chosen.map((o) => o.id),
        sel,
      );
      if (!ids.length) return { error: ORDER_MSG.nothingToSend, orders: chosen };
      const basketId = await repo.ensureOpen(actor.partnerId);
      const moved = await repo.markSent(actor.partnerId, ids);
      if (moved.length !== ids.length) throw new SendRaced();
      await repo.addItems(actor.partnerId, basketId, ids, sel);
      await orderChangesRepo(trx).addHistory(
        actor.partnerId,
        ids.map((orderId) => ({
          orderId,
          userId: actor.id,
          action: 'SENT_TO_BASKET',
          details: { from: 'VIEWED', to: 'IN_BASKET', basket_id: basketId, ...(input.products ? { products: input.products } : {}) },
        })),
      );
      for (const order of chosen.filter((o) => ids.includes(o.id))) {
        await events.publish(
          trx,
          'order.sent_to_basket',
          { orderId: order.id, orderNumber: order.order_number, clientId: order.client_id, from: 'VIEWED', to: 'IN_BASKET', basketId },
          { partnerId: actor.partnerId, userId: actor.id },
        );
      }
      return { sent: true };
    });
  }

  return {
    totals,

    /**
     * POST /partner/sendtorelef/: all or nothing. Every listed order must be VIEWED (a NEW one must be accepted
     * first); an unknown or foreign id is a 404. Answers the open basket's CNT and SUM after the send.
     */
    async send(actor: OrderActor, input: SendToBasketInput): Promise<SendToBasketAnswer | ActionFailed> {
      const sel: ItemSelection = { productIds: input.products, offerIds: input.offers };
      let outcome: SendOutcome;
      try {
        outcome = await sendInTransaction(actor, input, sel);
      } catch (err) {
        if (!(err instanceof SendRaced)) throw err;
        // A concurrent send (a double click) moved the orders first: it did the work, this one refuses.
        const now = await basketRepo(db).lockOrders(actor.partnerId, input.orders);
        const first = now.find((o) => o.status !== 'VIEWED');
        return failed({ orders: first ? refusal(first) : ORDER_MSG.nothingToSend });
      }
      if ('error' in outcome) {
        await recordRefusal(actor, outcome.orders, outcome.error);
        return failed({ orders: outcome.error });
      }
      return { SUCCESS: 'Y', MESSAGE: ORDER_MSG.sentToBasket, ...(await totals(actor.partnerId)) };
    },
  };
}
