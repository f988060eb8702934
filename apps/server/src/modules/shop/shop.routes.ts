import type { FastifyInstance } from 'fastify';
import { MSG } from '@b2b/contracts/messages';
import { failed } from '@/http/envelope';
import type { ShopService } from './shop.service';

export function shopRoutes(shops: ShopService) {
  return async (app: FastifyInstance) => {
    app.get(
      '/v3/api/client/shop/',
      { schema: { tags: ['storefront'], summary: 'Resolve a partner shop from its domain name or shop link' } },
      async (request) => {
        const domain = String((request.query as Record<string, unknown>).domain_name ?? '');
        const shop = await shops.resolveByDomain(domain);
        if (!shop) return failed({ domain_name: MSG.shopLinkUnknown });
        return {
          SUCCESS: 'Y',
          SHOP: {
            ID: shop.partner_id,
            NAME: shop.name,
            SHOP_LINK: shop.shop_link,
            DOMAIN_NAME: shop.domain_name,
            COLOR_SCHEME: shop.color_scheme,
            CURRENCY: shop.currency,
            REGISTRATION: shop.registration_enabled ? 'Y' : 'N',
            ALLOW_PHYSICAL: shop.allow_physical ? 'Y' : 'N',
          },
        };
      },
    );
  };
}
