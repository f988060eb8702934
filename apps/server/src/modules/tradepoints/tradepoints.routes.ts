import type { FastifyInstance } from 'fastify';
import { TRADEPOINT_ROUTES as R } from '@b2b/contracts/routes/tradepoints';
import { SHOP_MSG } from '@b2b/contracts/shop';
import { addRoute } from '@/http/contract-route';
import { failed, ok, yn } from '@/http/envelope';
import { idParam } from '@/http/params';
import type { Geocoder } from './geocoder';
import type { TradepointsService } from './tradepoints.service';

/** An id named in the body: none when empty; a malformed one names no tradepoint (404, as another partner's). */
const bodyId = (raw: string | undefined) => (raw ? idParam({ id: raw }) : null);

export function tradepointsRoutes(tradepoints: TradepointsService, geocoder: Geocoder) {
  return async (app: FastifyInstance) => {
    addRoute(app, R.list, async ({ staff }) => tradepoints.list(staff.partnerId));

    addRoute(app, R.one, async ({ staff, params }) => tradepoints.get(staff.partnerId, params.id));

    /** Without id: create; with id (in the body): edit; with delete=Y: delete. */
    addRoute(app, R.save, async ({ staff, body }) => {
      const id = bodyId(body.id);
      if (id !== null && body.delete) return tradepoints.remove(staff.partnerId, id);
      return tradepoints.save(staff.partnerId, id, body);
    });

    addRoute(app, R.edit, async ({ staff, params, body }) =>
      body.delete ? tradepoints.remove(staff.partnerId, params.id) : tradepoints.save(staff.partnerId, params.id, body),
    );

    addRoute(app, R.geocoder, async ({ query, request }) => {
      const configured = yn(geocoder.configured);
      if (!query.address) return ok({ CONFIGURED: configured, ITEMS: [] });
      if (!geocoder.configured) return { ...failed({ geocoder: SHOP_MSG.geocoderOff }), CONFIGURED: configured };
      try {
        const places = await geocoder.search(query.address);
        if (!places.length) return { ...failed({ address: SHOP_MSG.geocoderNothing }), CONFIGURED: configured };
        return ok({ CONFIGURED: configured, ITEMS: places });
      } catch (err) {
        request.log.warn({ err }, 'geocoder failed');
        return { ...failed({ geocoder: SHOP_MSG.geocoderFailed }), CONFIGURED: configured };
      }
    });
  };
}
