import type { FastifyInstance } from 'fastify';
import { MSG } from '@b2b/contracts/messages';
import { ORDER_ROUTES as R } from '@b2b/contracts/routes/orders';
import { notFound } from '@/http/app-error';
import { addRoute } from '@/http/contract-route';
import type { OrdersService } from './orders.service';

const found = <T>(answer: T | undefined): T => {
  if (answer === undefined) throw notFound(MSG.notFound);
  return answer;
};

export function ordersRoutes(orders: OrdersService) {
  const loyaltyHistory = async (partnerId: number, id: number) => found(await orders.cards.loyaltyHistory(partnerId, id));

  return async (app: FastifyInstance) => {
    addRoute(app, R.list, ({ staff, query }) =>
      query.action === 'export' ? orders.list.exportList(staff, query) : orders.list.list(staff.partnerId, query),
    );

    addRoute(app, R.card, async ({ staff, params: { id }, query }) => {
      if (query.action === 'export') return orders.actions.exportOrder(staff, id);
      if (query.action === 'loyalty_history') return loyaltyHistory(staff.partnerId, id);
      return found(await orders.cards.card({ partnerId: staff.partnerId, canEdit: staff.rights.editOrders }, id));
    });

    addRoute(app, R.action, async ({ staff, params: { id }, body }) => {
      switch (body.action) {
        case 'accept':
          return orders.actions.accept(staff, id);
        case 'complete':
          return orders.actions.complete(staff, id, { confirmStock: body.confirm_stock === 'Y' });
        case 'cancel':
          return orders.actions.cancel(staff, id, body.cancel_comment);
        case 'comment':
          return orders.actions.comment(staff, id, body.shop_comment);
        case 'note':
          return orders.actions.note(staff, id, body.note);
        case 'export':
          return orders.actions.exportOrder(staff, id);
        case 'loyalty_history':
          return loyaltyHistory(staff.partnerId, id);
      }
    });

    addRoute(app, R.paymentType, ({ staff, params }) => orders.actions.changePaymentType(staff, params.orderId, params.paymentType));

    addRoute(app, R.basket, ({ staff }) => orders.basket.totals(staff.partnerId));

    addRoute(app, R.sendToBasket, ({ staff, body }) => orders.basket.send(staff, body));
  };
}
