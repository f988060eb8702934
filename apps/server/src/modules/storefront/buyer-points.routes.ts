import type { FastifyInstance } from 'fastify';
import { STOREFRONT_ROUTES as R } from '@b2b/contracts/routes/storefront';
import { addRoute } from '@/http/contract-route';
import type { LoyaltyPointsService } from '../loyalty/loyalty-points.service';
import { buyerOf } from './storefront.routes';

/**
 * The shop's points history (issue 39 §4): the header's points open the signed-in buyer's own ledger, which the
 * loyalty module reads (its tables are its own) for the buyer's partner and client taken from the token alone.
 */
export function buyerPointsRoutes(points: Pick<LoyaltyPointsService, 'buyerPoints'>) {
  return async (app: FastifyInstance) => {
    addRoute(app, R.buyerPoints, ({ user, query }) => {
      const buyer = buyerOf(user);
      return points.buyerPoints(buyer.partnerId, buyer.clientId, query);
    });
  };
}
