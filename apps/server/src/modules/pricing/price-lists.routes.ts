import type { FastifyInstance } from 'fastify';
import { PRICE_LIST_KIND, PRICE_LIST_TYPES } from '@b2b/contracts/price-lists';
import { PRICE_LIST_ROUTES as R } from '@b2b/contracts/routes/price-lists';
import { addRoute } from '@/http/contract-route';
import type { PriceListsService } from './price-lists.service';

/** The rights are on the contracts: reads viewPriceType or editPriceSettings; every change editPriceSettings. */
export function priceListsRoutes(priceLists: PriceListsService) {
  return async (app: FastifyInstance) => {
    for (const type of PRICE_LIST_TYPES) {
      const kind = PRICE_LIST_KIND[type];
      const routes = R[type];
      addRoute(app, routes.list, async ({ staff }) => priceLists.list(staff.partnerId));
      addRoute(app, routes.card, async ({ staff, params }) => priceLists.card(staff.partnerId, kind, params.id));
      addRoute(app, routes.create, async ({ staff, body }) => priceLists.post(staff.partnerId, kind, body));
      addRoute(app, routes.save, async ({ staff, params, body }) => priceLists.save(staff.partnerId, kind, params.id, body));
    }

    addRoute(app, R.priceTypes, async ({ staff }) => priceLists.priceTypes(staff.partnerId));
    addRoute(app, R.renamePriceType, async ({ staff, body }) => priceLists.renamePriceType(staff.partnerId, body.id, body.name));
  };
}
