import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EXCHANGE_1C_ROUTES as R } from '@b2b/contracts/routes/exchange-1c';
import { addRoute } from '@/http/contract-route';
import type { ExchangeSettingsService } from './exchange-settings.service';

/** The address 1C calls, as the request reached this server (X-Forwarded-Proto/-Host only from a trusted proxy). */
const exchangeUrlOf = (request: FastifyRequest) => `${request.protocol}://${request.host}/exchange/1c`;

export function exchangeSettingsRoutes(settings: ExchangeSettingsService) {
  return async (app: FastifyInstance) => {
    addRoute(app, R.view, async ({ staff, request }) => settings.view(staff.partnerId, exchangeUrlOf(request)));

    addRoute(app, R.save, async ({ staff, body }) => settings.save(staff.partnerId, body));

    addRoute(app, R.log, async ({ staff, query }) => settings.log(staff.partnerId, query));
  };
}
