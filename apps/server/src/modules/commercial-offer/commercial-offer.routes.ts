import type { FastifyInstance } from 'fastify';
import { requirePartnerStaff } from '@/http/auth-context';
import { bodyOf } from '../shop/form-values';
import type { CommercialOfferService } from './commercial-offer.service';

const tags = ['commercial offer'];

export function commercialOfferRoutes(offers: CommercialOfferService) {
  return async (app: FastifyInstance) => {
    app.get('/v3/api/partner/commercial_offer/', { schema: { tags, summary: 'Commercial-offer settings: requisites, logo, seal, validity' } }, async (request) =>
      offers.get(requirePartnerStaff(request, 'viewShopSettings').partnerId),
    );

    app.post(
      '/v3/api/partner/commercial_offer/',
      { schema: { tags, summary: 'Save the commercial-offer settings; logo and stamp (jpeg or png) by multipart, logo_del/stamp_del=Y remove them' } },
      async (request) => offers.save(requirePartnerStaff(request, 'editStoreSettings'), bodyOf(request), request.uploads),
    );
  };
}
