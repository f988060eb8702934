import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '@b2b/contracts/messages';
import { ORDER_MSG, orderActionSchema, orderListQuerySchema, sendToBasketSchema } from '@b2b/contracts/orders';
import { badRequest, notFound } from '@/http/app-error';
import { requirePartnerStaff } from '@/http/auth-context';
import { failed } from '@/http/envelope';
import { idParam } from '@/http/params';
import type { OrdersService } from './orders.service';

/** Actions that only read the order: every viewer may use them, by GET or POST. */
const READ_ACTIONS = new Set(['export', 'loyalty_history']);

const fieldsOf = (request: FastifyRequest): Record<string, unknown> => ({
  ...((request.query as Record<string, unknown> | undefined) ?? {}),
  ...((request.body as Record<string, unknown> | undefined) ?? {}),
});

/** `orders` arrives as "all", as orders[0]=…&orders[1]=…, or as one id. */
function sendToBasketInput(fields: Record<string, unknown>) {
  const orders = fields.orders;
  const one = typeof orders === 'string' && orders !== 'all' ? [orders] : orders;
  return sendToBasketSchema.safeParse({ ...fields, orders: one });
}

export function ordersRoutes(orders: OrdersService) {
  const loyaltyHistory = async (partnerId: number, id: number) => {
    const history = await orders.cards.loyaltyHistory(partnerId, id);
    if (!history) throw notFound(MSG.notFound);
    return history;
  };

  return async (app: FastifyInstance) => {
    app.get(
      '/v3/api/partner/orderlist/',
      { schema: { tags: ['orders'], summary: 'Order list: filters, sort, paging, NAV counts; action=export answers an .xlsx' } },
      async (request) => {
        const user = requirePartnerStaff(request, 'viewOrders');
        const query = orderListQuerySchema.safeParse(request.query ?? {});
        if (!query.success) throw badRequest(MSG.badRequest);
        if (query.data.action === 'export') return orders.list.exportList(user, query.data);
        return orders.list.list(user.partnerId, query.data);
      },
    );

    app.get(
      '/v3/api/partner/order/:id/',
      { schema: { tags: ['orders'], summary: 'Order card; action=loyalty_history or action=export' } },
      async (request) => {
        const user = requirePartnerStaff(request, 'viewOrders');
        const id = idParam(request.params);
        const action = (request.query as Record<string, unknown>).action;
        if (action === 'export') return orders.actions.exportOrder(user, id);
        if (action === 'loyalty_history') return loyaltyHistory(user.partnerId, id);
        if (action !== undefined && action !== '') throw badRequest(MSG.badRequest);
        const card = await orders.cards.card({ partnerId: user.partnerId, canEdit: user.rights.editOrders }, id);
        if (!card) throw notFound(MSG.notFound);
        return card;
      },
    );

    app.post(
      '/v3/api/partner/order/:id/',
      { schema: { tags: ['orders'], summary: 'Order action: accept, complete, cancel, comment, note, export, loyalty_history' } },
      async (request) => {
        const fields = fieldsOf(request);
        const user = requirePartnerStaff(request, READ_ACTIONS.has(String(fields.action)) ? 'viewOrders' : 'editOrders');
        const id = idParam(request.params);
        const input = orderActionSchema.safeParse(fields);
        if (!input.success) throw badRequest(MSG.badRequest);
        const cmd = input.data;
        switch (cmd.action) {
          case 'accept':
            return orders.actions.accept(user, id);
          case 'complete':
            return orders.actions.complete(user, id, { confirmStock: cmd.confirm_stock === 'Y' });
          case 'cancel':
            return orders.actions.cancel(user, id, cmd.cancel_comment);
          case 'comment':
            return orders.actions.comment(user, id, cmd.shop_comment);
          case 'note':
            return orders.actions.note(user, id, cmd.note);
          case 'export':
            return orders.actions.exportOrder(user, id);
          case 'loyalty_history':
            return loyaltyHistory(user.partnerId, id);
        }
      },
    );

    app.post(
      '/v3/api/partner/payment/type/:orderId/:paymentType/',
      { schema: { tags: ['orders'], summary: "Change an order's payment type to one of the shop's enabled types" } },
      async (request) => {
        const user = requirePartnerStaff(request, 'editOrders');
        const id = idParam(request.params, 'orderId');
        const code = String((request.params as Record<string, unknown>).paymentType ?? '').toUpperCase();
        return orders.actions.changePaymentType(user, id, code);
      },
    );

    app.get(
      '/v3/api/partner/sendtorelef/',
      { schema: { tags: ['orders'], summary: 'The open distribution-centre basket: CNT, SUM, items by product, orders' } },
      async (request) => {
        const user = requirePartnerStaff(request, 'viewOrders');
        return orders.basket.contents(user.partnerId);
      },
    );

    app.post(
      '/v3/api/partner/sendtorelef/',
      { schema: { tags: ['orders'], summary: 'Send VIEWED orders (all or a list; optionally some products, offers) to the basket' } },
      async (request) => {
        const user = requirePartnerStaff(request, 'editOrders');
        const input = sendToBasketInput(fieldsOf(request));
        if (!input.success) return failed({ orders: ORDER_MSG.nothingToSend });
        return orders.basket.send(user, input.data);
      },
    );
  };
}
