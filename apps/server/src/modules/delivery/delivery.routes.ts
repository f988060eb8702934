import type { FastifyInstance } from 'fastify';
import type { DeliveryZoneBody } from '@b2b/contracts/delivery-wire';
import { MSG } from '@b2b/contracts/messages';
import { DELIVERY_ROUTES as R } from '@b2b/contracts/routes/delivery';
import { badRequest } from '@/http/app-error';
import { addRoute } from '@/http/contract-route';
import { idParam } from '@/http/params';
import type { DeliveryExcludeService } from './delivery-exclude.service';
import type { DeliveryZonesService } from './delivery-zones.service';

/** An id named in the body: none when empty; a malformed one names no zone (404, as another partner's). */
const bodyId = (raw: string | undefined) => (raw ? idParam({ id: raw }) : null);

/** A call that names no field of a zone changes nothing, and is refused as such. */
function assertNamesAField(body: DeliveryZoneBody): void {
  if ([body.delete, body.name, body.price, body.sort, body.free_from, body.polygon].every((value) => value === undefined))
    throw badRequest(MSG.badRequest);
}

export function deliveryRoutes(zones: DeliveryZonesService, excludes: DeliveryExcludeService) {
  return async (app: FastifyInstance) => {
    addRoute(app, R.zones, async ({ staff }) => zones.list(staff.partnerId));

    addRoute(app, R.saveZone, async ({ staff, body }) => {
      assertNamesAField(body);
      const id = bodyId(body.delivery_zone_id);
      if (id !== null && body.delete) return zones.remove(staff.partnerId, id);
      return zones.save(staff.partnerId, id, body);
    });

    addRoute(app, R.editZone, async ({ staff, params, body }) => {
      assertNamesAField(body);
      return body.delete ? zones.remove(staff.partnerId, params.id) : zones.save(staff.partnerId, params.id, body);
    });

    addRoute(app, R.exclude, async ({ staff }) => excludes.current(staff.partnerId));

    addRoute(app, R.uploadExclude, async ({ staff, request }) =>
      excludes.upload(staff, request.uploads.find((u) => u.field === 'file') ?? request.uploads[0]),
    );

    addRoute(app, R.deactivateExclude, async ({ staff }) => excludes.deactivate(staff.partnerId));
  };
}
