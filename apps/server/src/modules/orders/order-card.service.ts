import { ORDER_MSG, type LoyaltyHistoryEntry, type OrderCard } from '@b2b/contracts/orders';
import type { Db } from '@/db/database';
import { list, type ListAnswer } from '@/http/envelope';
import type { LoyaltyPointsService } from '../loyalty/loyalty-points.service';
import { actionsFor } from './order-rules';
import { personName, toCard } from './order-view';
import { ordersRepo, type OrderHistoryRow } from './orders.repo';

export interface OrderViewer {
  partnerId: number;
  canEdit: boolean;
  /** Whether the card lists MANAGERS, the staff the responsible employee is chosen from (the partner's editors). */
  choosesManager?: boolean;
}

/** What the card shows about the last send to the basket (history is newest first): the sent message or the first error. */
function basketMessage(history: OrderHistoryRow[]): string | null {
  const last = history.find((h) => h.action === 'SENT_TO_BASKET' || h.action === 'SEND_TO_BASKET_REFUSED');
  if (!last) return null;
  if (last.action === 'SENT_TO_BASKET') return ORDER_MSG.sentToBasket;
  const error = (last.details as Record<string, unknown>).error;
  return typeof error === 'string' ? error : null;
}

/** The order card and the order's loyalty history (reads only). */
export function orderCardService(db: Db) {
  const repo = ordersRepo(db);

  return {
    /** The order card as read (back-office.md §3 Order). Undefined when the id is not this partner's. */
    async card(viewer: OrderViewer, id: number): Promise<OrderCard | undefined> {
      const found = await repo.card(viewer.partnerId, id, { managers: viewer.choosesManager });
      if (!found) return undefined;
      const { order, items, history, managers } = found;
      const shop =
        order.shop_name === null ? undefined : { partner_id: order.partner_id, name: order.shop_name, payment_types: order.shop_payment_types ?? [] };
      const card = toCard({ order, items, history, shop, actions: actionsFor(order.status, viewer.canEdit), basketMessage: basketMessage(history) });
      return managers ? { ...card, MANAGERS: managers.map((m) => ({ ID: m.id, NAME: personName(m.name, m.surname) })) } : card;
    },

    /**
     * action=loyalty_history: the order's loyalty ledger rows, newest first, as the loyalty module answers them
     * (`ledger`, wired in app.ts). Undefined for a foreign id.
     */
    async loyaltyHistory(
      partnerId: number,
      id: number,
      ledger: LoyaltyPointsService['orderHistory'],
    ): Promise<ListAnswer<LoyaltyHistoryEntry> | undefined> {
      const [order, items] = await Promise.all([repo.findById(partnerId, id), ledger(partnerId, id)]);
      return order && list(items, { CNT: items.length, CNT_ALL: items.length });
    },
  };
}

export type OrderCardService = ReturnType<typeof orderCardService>;
