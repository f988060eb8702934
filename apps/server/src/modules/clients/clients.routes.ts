import type { FastifyInstance } from 'fastify';
import { MSG } from '@b2b/contracts/messages';
import { CLIENT_ROUTES as R } from '@b2b/contracts/routes/clients';
import { notFound } from '@/http/app-error';
import { addRoute } from '@/http/contract-route';
import type { ClientsService } from './clients.service';

const found = <T>(answer: T | undefined): T => {
  if (answer === undefined) throw notFound(MSG.notFound);
  return answer;
};

/** The rights are on the contracts: reads viewClients, the black list editClients, price settings viewPriceTypeClients. */
export function clientsRoutes(clients: ClientsService) {
  return async (app: FastifyInstance) => {
    addRoute(app, R.list, async ({ staff, query: { action, ...query } }) =>
      action === 'export' ? clients.exportList(staff, query) : clients.list(staff, query),
    );

    addRoute(app, R.short, async ({ staff, query }) => clients.short(staff.partnerId, query.query, query.limit));

    addRoute(app, R.card, async ({ staff, params }) => found(await clients.card(staff, params.id)));

    addRoute(app, R.setPriceSettings, async ({ staff, params, body }) => clients.setPriceSettings(staff.partnerId, params.id, body));

    addRoute(app, R.prices, async ({ staff, params, query }) => found(await clients.personalPrices(staff.partnerId, params.id, query)));

    addRoute(app, R.blacklist, async ({ staff, body }) => clients.setBlacklisted(staff.partnerId, body.clients, body.delete === 'Y'));
  };
}
