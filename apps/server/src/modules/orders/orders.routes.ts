import type { FastifyInstance } from 'fastify';
import { MSG } from '@b2b/contracts/messages';
import { notFound } from '@/http/app-error';
import { requirePartnerStaff } from '@/http/auth-context';
import { idParam } from '@/http/params';
import type { OrdersService } from './orders.service';

export function ordersRoutes(orders: OrdersService) {
  return async (app: FastifyInstance) => {
    app.get(
      '/v3/api/partner/order/:id/',
      { schema: { tags: ['orders'], summary: 'Order card' } },
      async (request) => {
        const user = requirePartnerStaff(request, 'viewOrders');
        const card = await orders.card(user.partnerId, idParam(request.params));
        if (!card) throw notFound(MSG.notFound);
        return card;
      },
    );
  };
}
