import type { FastifyInstance } from 'fastify';
import { MSG } from '@b2b/contracts/messages';
import { attachmentDisposition } from '@/files/file-store';
import { notFound } from '@/http/app-error';
import { requirePartnerStaff, staffWithAnyRight } from '@/http/auth-context';
import { idParam } from '@/http/params';
import { bodyOf as body } from './form-values';
import type { ShopSettingsService } from './shop-settings.service';

const tags = ['shop settings'];

export function shopSettingsRoutes(settings: ShopSettingsService) {
  return async (app: FastifyInstance) => {
    app.get('/v3/api/partner/shop/', { schema: { tags, summary: 'Shop settings of every tab, with the choices of their selects' } }, async (request) => {
      const user = requirePartnerStaff(request, 'viewShopSettings');
      return settings.view(user.partnerId);
    });

    app.post(
      '/v3/api/partner/shop/',
      {
        schema: { tags, summary: 'Save a part of the shop settings (type: shop, payment, delivery, settings, remains); files by multipart' },
        onRequest: staffWithAnyRight('editStoreSettings', 'editPriceSettings'),
      },
      async (request) => settings.save(requirePartnerStaff(request), body(request), request.uploads),
    );

    app.get('/v3/api/partner/pricesettings/', { schema: { tags, summary: 'Price settings of the shop' } }, async (request) => {
      const user = requirePartnerStaff(request, 'viewShopSettings');
      const { SHOP, ENTITIES } = await settings.view(user.partnerId);
      const { PRICE_TYPE, SHOW_MARGIN, TAX_TYPE, CURRENCY, CURRENCY_RATE } = SHOP;
      return { ITEM: { PRICE_TYPE, SHOW_MARGIN, TAX_TYPE, CURRENCY, CURRENCY_RATE }, ENTITIES };
    });

    app.post(
      '/v3/api/partner/pricesettings/',
      { schema: { tags, summary: 'Save the price settings: price_type, show_margin, tax_type, currency, currency_rate' } },
      async (request) => settings.savePriceSettings(requirePartnerStaff(request, 'editPriceSettings').partnerId, body(request)),
    );

    app.post(
      '/v3/api/partner/shop/image/',
      { schema: { tags, summary: 'Upload an image of the about text (jpeg or png, at most 5 MB)' } },
      async (request) => {
        const user = requirePartnerStaff(request, 'editStoreSettings');
        return settings.saveImage(user, request.uploads.find((u) => u.field === 'image') ?? request.uploads[0]);
      },
    );

    app.get(
      '/v3/api/client/shop/file/:partnerId/:fileId/',
      { schema: { tags: ['storefront'], summary: 'A public file of a shop: logo, shop files, images of the about text' } },
      async (request, reply) => {
        const params = request.params as Record<string, string>;
        const file = await settings.openPublic(idParam(params, 'partnerId'), String(params.fileId ?? ''));
        if (!file) throw notFound(MSG.notFound);
        const image = file.row.mime.startsWith('image/');
        return reply
          .header('content-type', file.row.mime)
          .header('content-length', String(file.row.size))
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', image ? 'inline' : attachmentDisposition(file.row.original_name))
          .header('cache-control', 'public, max-age=86400')
          .send(file.stream());
      },
    );
  };
}
