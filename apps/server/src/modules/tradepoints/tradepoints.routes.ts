import type { FastifyInstance } from 'fastify';
import { SHOP_MSG } from '@b2b/contracts/shop';
import { requirePartnerStaff } from '@/http/auth-context';
import { failed, ok } from '@/http/envelope';
import { idParam } from '@/http/params';
import { bodyOf, flag, text, type Body } from '../shop/form-values';
import type { Geocoder } from './geocoder';
import type { TradepointsService } from './tradepoints.service';

const tags = ['tradepoints'];

export function tradepointsRoutes(tradepoints: TradepointsService, geocoder: Geocoder) {
  return async (app: FastifyInstance) => {
    app.get('/v3/api/partner/tradepoint/', { schema: { tags, summary: 'Tradepoints of the partner, the base one first' } }, async (request) =>
      tradepoints.list(requirePartnerStaff(request, 'viewShopSettings').partnerId),
    );

    app.get('/v3/api/partner/tradepoint/:id/', { schema: { tags, summary: 'One tradepoint' } }, async (request) =>
      tradepoints.get(requirePartnerStaff(request, 'viewShopSettings').partnerId, idParam(request.params)),
    );

    /** Without id: create; with id (in the body): edit; with delete=Y: delete. */
    app.post('/v3/api/partner/tradepoint/', { schema: { tags, summary: 'Create, edit (id) or delete (id, delete=Y) a tradepoint' } }, async (request) => {
      const { partnerId } = requirePartnerStaff(request, 'editTradepoints');
      const body = bodyOf(request);
      const id = text(body.id) ? idParam({ id: text(body.id) }) : null;
      if (id !== null && flag(body.delete)) return tradepoints.remove(partnerId, id);
      return tradepoints.save(partnerId, id, body);
    });

    app.post('/v3/api/partner/tradepoint/:id/', { schema: { tags, summary: 'Edit or delete (delete=Y) a tradepoint' } }, async (request) => {
      const { partnerId } = requirePartnerStaff(request, 'editTradepoints');
      const id = idParam(request.params);
      const body = bodyOf(request);
      return flag(body.delete) ? tradepoints.remove(partnerId, id) : tradepoints.save(partnerId, id, body);
    });

    app.get(
      '/v3/api/partner/geocoder/',
      { schema: { tags, summary: 'Coordinates of an address, when a geocoder provider is configured (GEOCODER_URL)' } },
      async (request) => {
        requirePartnerStaff(request, 'viewShopSettings');
        const address = text((request.query as Body).address);
        const configured = geocoder.configured ? 'Y' : 'N';
        if (!address) return ok({ CONFIGURED: configured, ITEMS: [] });
        if (!geocoder.configured) return { ...failed({ geocoder: SHOP_MSG.geocoderOff }), CONFIGURED: configured };
        try {
          const places = await geocoder.search(address);
          if (!places.length) return { ...failed({ address: SHOP_MSG.geocoderNothing }), CONFIGURED: configured };
          return ok({ CONFIGURED: configured, ITEMS: places });
        } catch (err) {
          request.log.warn({ err }, 'geocoder failed');
          return { ...failed({ geocoder: SHOP_MSG.geocoderFailed }), CONFIGURED: configured };
        }
      },
    );
  };
}
