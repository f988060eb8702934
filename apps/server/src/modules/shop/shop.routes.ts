import type { FastifyInstance } from 'fastify';
import { MSG } from '@b2b/contracts/messages';
import { SHOP_DEFAULT_TEXT } from '@b2b/contracts/shop';
import { SHOP_SETTINGS_ROUTES as R } from '@b2b/contracts/routes/shop-settings';
import { addRoute } from '@/http/contract-route';
import { failed, ok, yn } from '@/http/envelope';
import type { ShopSettingsService } from './shop-settings.service';
import type { ShopService } from './shop.service';

export function shopRoutes(shops: ShopService, settings: ShopSettingsService) {
  return async (app: FastifyInstance) => {
    addRoute(app, R.storefrontShop, async ({ query }) => {
      const shop = await shops.resolveByDomain(query.domain_name ?? '');
      if (!shop) return failed({ domain_name: MSG.shopLinkUnknown });
      const { SHOP: s } = await settings.view(shop.partner_id);
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
          LOGO: s.LOGO,
          COLOR_LOGO: s.COLOR_LOGO,
          HEADER_NO_NAME: s.HEADER_NO_NAME,
          ABOUT_COMPANY: s.ABOUT_COMPANY,
          ADDRESS: s.ADDRESS,
          PHONES: s.PHONES,
          OPENING_HOURS: s.OPENING_HOURS,
          FILES: s.FILES,
          // The shop's own text, or the default one when the shop keeps it.
          ABOUT_DELIVERY: s.ABOUT_DELIVERY_DEFAULT === 'Y' || !s.ABOUT_DELIVERY ? SHOP_DEFAULT_TEXT.delivery : s.ABOUT_DELIVERY,
          ABOUT_PAYMENT: s.ABOUT_PAYMENT_DEFAULT === 'Y' || !s.ABOUT_PAYMENT ? SHOP_DEFAULT_TEXT.payment : s.ABOUT_PAYMENT,
          SELFDELIVERY_ONLY: s.SELFDELIVERY_ONLY,
          SHOW_STOCK: s.SHOW_STOCK,
          TIME_ZONE: s.TIME_ZONE,
        },
      });
    });
  };
}
