import type { FastifyInstance } from 'fastify';
import { MSG } from '@b2b/contracts/messages';
import { OFFER_ROUTES as R } from '@b2b/contracts/routes/offers';
import { forbidden, notFound } from '@/http/app-error';
import type { AuthUser } from '@/http/auth-context';
import { addRoute } from '@/http/contract-route';
import type { OffersService } from './offers.service';

/** The shop whose offers a signed-in buyer sees. */
function shopOf(user: AuthUser): number {
  if (user.kind !== 'CLIENT' || user.partnerId == null) throw forbidden(MSG.forbidden);
  return user.partnerId;
}

export function offersRoutes(offers: OffersService) {
  return async (app: FastifyInstance) => {
    addRoute(app, R.list, ({ staff, query }) => offers.list(staff.partnerId, query));
    addRoute(app, R.types, () => offers.types());
    addRoute(app, R.card, ({ staff, params }) => offers.card(staff.partnerId, params.id));
    addRoute(app, R.create, ({ staff, body, request }) => offers.save(staff, undefined, body, request.uploads));
    addRoute(app, R.save, ({ staff, params, body, request }) => offers.save(staff, params.id, body, request.uploads));
    addRoute(app, R.managerList, ({ query }) => offers.managerList(query));

    addRoute(app, R.shopBanners, ({ user }) => offers.shopBanners(shopOf(user)));
    addRoute(app, R.shopOffers, ({ user }) => offers.shopOffers(shopOf(user)));
    addRoute(app, R.banner, async ({ params, reply }) => {
      const file = await offers.openBanner(params.partnerId, params.fileId);
      if (!file) throw notFound(MSG.notFound);
      return reply
        .header('content-type', file.row.mime)
        .header('content-length', String(file.row.size))
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('cache-control', 'public, max-age=86400')
        .send(file.stream());
    });
  };
}
