import type { FastifyInstance } from 'fastify';
import { MSG } from '@b2b/contracts/messages';
import { SHOP_SETTINGS_ROUTES as R } from '@b2b/contracts/routes/shop-settings';
import { addRoute } from '@/http/contract-route';
import { failed, ok, yn } from '@/http/envelope';
import type { ShopService } from './shop.service';

export function shopRoutes(shops: ShopService) {
  return async (app: FastifyInstance) => {
    addRoute(app, R.storefrontShop, async ({ query }) => {
      const shop = await shops.resolveByDomain(query.domain_name ?? '');
      if (!shop) return failed({ domain_name: MSG.shopLinkUnknown });
      return ok({
        SHOP: {
          ID: shop.partner_id,
          NAME: shop.name,
          SHOP_LINK: shop.shop_link,
          DOMAIN_NAME: shop.domain_name,
          COLOR_SCHEME: shop.color_scheme,
          CURRENCY: shop.currency,
          REGISTRATION: yn(shop.registration_enabled),
          ALLOW_PHYSICAL: yn(shop.allow_physical),
        },
      });
    });
  };
}
