import type { FastifyInstance } from 'fastify';
import { requirePartnerStaff } from '@/http/auth-context';
import { idParam } from '@/http/params';
import { bodyOf, flag, text } from '../shop/form-values';
import type { DeliveryExcludeService } from './delivery-exclude.service';
import type { DeliveryZonesService } from './delivery-zones.service';

const tags = ['delivery'];

export function deliveryRoutes(zones: DeliveryZonesService, excludes: DeliveryExcludeService) {
  return async (app: FastifyInstance) => {
    app.get('/v3/api/partner/delivery_zone/', { schema: { tags, summary: 'Delivery zones, by sort' } }, async (request) =>
      zones.list(requirePartnerStaff(request, 'viewShopSettings').partnerId),
    );

    app.post(
      '/v3/api/partner/delivery_zone/',
      { schema: { tags, summary: 'Create a zone (name, price, sort), or re-sort one (delivery_zone_id, sort)' } },
      async (request) => {
        const { partnerId } = requirePartnerStaff(request, 'editStoreSettings');
        const body = bodyOf(request);
        const id = text(body.delivery_zone_id) ? idParam({ id: text(body.delivery_zone_id) }) : null;
        if (id !== null && flag(body.delete)) return zones.remove(partnerId, id);
        return zones.save(partnerId, id, body);
      },
    );

    app.post('/v3/api/partner/delivery_zone/:id/', { schema: { tags, summary: 'Edit a zone, or delete it (delete=Y)' } }, async (request) => {
      const { partnerId } = requirePartnerStaff(request, 'editStoreSettings');
      const body = bodyOf(request);
      const id = idParam(request.params);
      return flag(body.delete) ? zones.remove(partnerId, id) : zones.save(partnerId, id, body);
    });

    app.get('/v3/api/partner/delivery_exclude/', { schema: { tags, summary: 'The active delivery exclusion: IS_DOWNLOADED, COUNT_ITEMS, COUNT_IN_FILE' } }, async (request) =>
      excludes.current(requirePartnerStaff(request, 'viewShopSettings').partnerId),
    );

    app.post('/v3/api/partner/delivery_exclude/', { schema: { tags, summary: 'Upload the products excluded from delivery (xlsx or csv of 6-digit codes)' } }, async (request) => {
      const user = requirePartnerStaff(request, 'editStoreSettings');
      return excludes.upload(user, request.uploads.find((u) => u.field === 'file') ?? request.uploads[0]);
    });

    app.post('/v3/api/partner/delivery_exclude/deactive/', { schema: { tags, summary: 'Switch the delivery exclusion off' } }, async (request) =>
      excludes.deactivate(requirePartnerStaff(request, 'editStoreSettings').partnerId),
    );
  };
}
