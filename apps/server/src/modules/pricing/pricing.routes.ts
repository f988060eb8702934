import type { FastifyInstance } from 'fastify';
import { DEFAULTS } from '@b2b/contracts/limits';
import { PRICE_ASSIGN_ROUTES as A, PRICING_ROUTES as R } from '@b2b/contracts/routes/pricing';
import { addRoute } from '@/http/contract-route';
import type { PriceAssignments } from './price-assignments';
import type { PricingSectionsService } from './pricing-sections.service';

/** The pricing page's routes (rights on the contracts). The /partner/section(s)/ calls act on the base price list. */
export function pricingRoutes(sections: PricingSectionsService, assignments: PriceAssignments) {
  const base = { type: 'pricelist' as const, priceId: DEFAULTS.basePriceListId };
  return async (app: FastifyInstance) => {
    addRoute(app, R.sections, ({ staff, params, query }) => sections.tree(staff.partnerId, params, query.action === 'total'));
    addRoute(app, R.sectionProducts, ({ staff, params, query }) => sections.products(staff.partnerId, params, params.id, query));
    addRoute(app, R.saveSection, ({ staff, params, body }) => sections.saveSection(staff.partnerId, params, params.id, body));
    addRoute(app, R.saveProduct, ({ staff, params, body }) => sections.saveProduct(staff.partnerId, params, params.productId, body));
    addRoute(app, R.saveClientPrice, ({ staff, params, body }) =>
      sections.saveProduct(staff.partnerId, { type: 'client', priceId: params.clientId }, params.productId, body),
    );
    addRoute(app, R.baseSections, ({ staff, query }) => sections.tree(staff.partnerId, base, query.action === 'total'));
    addRoute(app, R.baseSection, ({ staff, params, query }) => sections.products(staff.partnerId, base, params.id, query));
    addRoute(app, R.saveBaseSection, ({ staff, params, body }) => sections.saveSection(staff.partnerId, base, params.id, body));
    addRoute(app, A.tree, ({ staff, query }) => assignments.tree(staff.partnerId, query));
    addRoute(app, A.save, ({ staff, body }) => assignments.save(staff.partnerId, body));
  };
}
