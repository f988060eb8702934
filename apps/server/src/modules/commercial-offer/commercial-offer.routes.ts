import type { FastifyInstance } from 'fastify';
import { COMMERCIAL_OFFER_ROUTES as R } from '@b2b/contracts/routes/commercial-offer';
import { addRoute } from '@/http/contract-route';
import type { CommercialOfferService } from './commercial-offer.service';

export function commercialOfferRoutes(offers: CommercialOfferService) {
  return async (app: FastifyInstance) => {
    addRoute(app, R.view, async ({ staff }) => offers.get(staff.partnerId));

    addRoute(app, R.save, async ({ staff, body, request }) => offers.save(staff, body, request.uploads));
  };
}
