import type { FastifyInstance } from 'fastify';
import { MSG } from '@b2b/contracts/messages';
import { MANAGER_ORDER_ACTIONS, MANAGER_ROUTES as M } from '@b2b/contracts/routes/manager';
import type { OrderActionInput } from '@b2b/contracts/orders';
import type { ManagerOrderActionInput, OrderRouteInput } from '@b2b/contracts/order-routing';
import { ORDER_ROUTES as R } from '@b2b/contracts/routes/orders';
import { notFound } from '@/http/app-error';
import { addRoute } from '@/http/contract-route';
import { failed, type ActionFailed, type ActionOk } from '@/http/envelope';
import type { LoyaltyPointsService } from '../loyalty/loyalty-points.service';
import type { OrderRoutingService } from './order-routing.service';
import type { OrdersService } from './orders.service';

/** The manager's order action that routes the order: action=route, or partner_id without an action. */
const isRouting = (body: ManagerOrderActionInput): body is OrderRouteInput => body.action === undefined || body.action === 'route';

const found = <T>(answer: T | undefined): T => {
  if (answer === undefined) throw notFound(MSG.notFound);
  return answer;
};

/**
 * What other modules do for an order's actions: the loyalty module gives the order's points back (bonus_return) and
 * answers its ledger rows (loyalty_history).
 */
export interface OrderActionDeps {
  bonusReturn: (staff: { id: number; partnerId: number }, orderId: number) => Promise<ActionFailed | ActionOk<{ RETURNED_BONUS: string }>>;
  loyaltyHistory: LoyaltyPointsService['orderHistory'];
  /** The manager routes an order to another partner (issue 39 §1); a routed order's old id answers 404 with where it went. */
  routing: OrderRoutingService;
}

export function ordersRoutes(orders: OrdersService, deps: OrderActionDeps) {
  const loyaltyHistory = async (partnerId: number, id: number) => found(await orders.cards.loyaltyHistory(partnerId, id, deps.loyaltyHistory));

  /** The status and text actions, the same for the partner's staff and the platform manager. */
  const statusAction = (actor: { id: number; partnerId: number }, id: number, body: OrderActionInput) => {
    switch (body.action) {
      case 'accept':
        return orders.actions.accept(actor, id);
      case 'complete':
        return orders.actions.complete(actor, id, { confirmStock: body.confirm_stock === 'Y' });
      case 'cancel':
        return orders.actions.cancel(actor, id, body.cancel_comment ?? '');
      case 'comment':
        return orders.actions.comment(actor, id, body.shop_comment ?? '');
      case 'note':
        return orders.actions.note(actor, id, body.note ?? '');
      default:
        return Promise.resolve(failed({ action: MSG.forbidden }));
    }
  };

  return async (app: FastifyInstance) => {
    addRoute(app, R.list, ({ staff, query }) =>
      query.action === 'export' ? orders.list.exportList(staff, query) : orders.list.list(staff.partnerId, query),
    );

    addRoute(app, R.card, async ({ staff, params: { id }, query }) => {
      await deps.routing.assertHere(staff.partnerId, id);
      if (query.action === 'export') return orders.actions.exportOrder(staff, id);
      if (query.action === 'loyalty_history') return loyaltyHistory(staff.partnerId, id);
      const { editOrders } = staff.rights;
      return found(await orders.cards.card({ partnerId: staff.partnerId, canEdit: editOrders, choosesManager: editOrders }, id));
    });

    addRoute(app, R.action, async ({ staff, params: { id }, body }) => {
      await deps.routing.assertHere(staff.partnerId, id);
      switch (body.action) {
        case 'export':
          return orders.actions.exportOrder(staff, id);
        case 'loyalty_history':
          return loyaltyHistory(staff.partnerId, id);
        case 'bonus_return':
          return deps.bonusReturn(staff, id);
        case 'manager':
          return orders.manager.set(staff, id, body.manager_id ?? '');
        default:
          return statusAction(staff, id, body);
      }
    });

    addRoute(app, R.paymentType, async ({ staff, params }) => {
      await deps.routing.assertHere(staff.partnerId, params.orderId);
      return orders.actions.changePaymentType(staff, params.orderId, params.paymentType);
    });

    addRoute(app, R.basket, ({ staff }) => orders.basket.totals(staff.partnerId));

    addRoute(app, R.sendToBasket, ({ staff, body }) => orders.basket.send(staff, body));

    // The platform manager: every partner's orders, a card and the status actions as the partner's staff take them.
    // shop_id, the spec's name, wins over partner_id, its synonym.
    addRoute(app, M.orders, ({ query }) => orders.list.listAcross(query.shop_id ?? query.partner_id, { ...query, shop_id: undefined }));
    // A routed order's old id: 404 «Заказ передан партнеру «…»» (the manager finds it at the target by its new number).
    const managed = (id: number) => deps.routing.partnerOf(id);
    addRoute(app, M.order, async ({ params: { id } }) => {
      const card = found(await orders.cards.card({ partnerId: await managed(id), canEdit: true }, id));
      // The manager's card lists only what the manager's route takes (no basket send, no payment type).
      return { ...card, ACTIONS: card.ACTIONS.filter((a) => (MANAGER_ORDER_ACTIONS as readonly string[]).includes(a)) };
    });
    addRoute(app, M.orderAction, async ({ user, params: { id }, body }) => {
      // partner_id with action=route, or alone: the order moves to that partner.
      if (isRouting(body)) return deps.routing.route(user, id, body.partner_id);
      const actor = { id: user.id, partnerId: await managed(id) };
      return (MANAGER_ORDER_ACTIONS as readonly string[]).includes(body.action) ? statusAction(actor, id, body) : failed({ action: MSG.forbidden });
    });
  };
}
