import type { FastifyInstance } from 'fastify';
import { MSG } from '@b2b/contracts/messages';
import { MANAGER_ROUTES } from '@b2b/contracts/routes/manager';
import { PARTNER_ROUTES as R } from '@b2b/contracts/routes/partners';
import { notFound } from '@/http/app-error';
import { addRoute } from '@/http/contract-route';
import type { PartnersService } from './partners.service';

export function partnersRoutes(partners: PartnersService) {
  return async (app: FastifyInstance) => {
    addRoute(app, R.info, async ({ staff }) => {
      const info = await partners.info(staff.partnerId);
      if (!info) throw notFound(MSG.notFound);
      return info;
    });

    addRoute(app, R.managerInfo, () => partners.managerInfo());
    addRoute(app, MANAGER_ROUTES.partners, ({ query }) => partners.list(query.query));
    addRoute(app, MANAGER_ROUTES.partnersSearch, ({ body }) => partners.list(body.query));
  };
}
