import type { FastifyInstance } from 'fastify';
import { MSG } from '@b2b/contracts/messages';
import { SHOP_SETTINGS_ROUTES as R } from '@b2b/contracts/routes/shop-settings';
import { attachmentDisposition } from '@/files/file-store';
import { notFound } from '@/http/app-error';
import { addRoute } from '@/http/contract-route';
import type { ShopSettingsService } from './shop-settings.service';

export function shopSettingsRoutes(settings: ShopSettingsService) {
  return async (app: FastifyInstance) => {
    addRoute(app, R.view, async ({ staff }) => settings.view(staff.partnerId));

    addRoute(app, R.save, async ({ staff, body, request }) => settings.save(staff, body, request.uploads));

    addRoute(app, R.priceSettings, async ({ staff }) => {
      const { SHOP, ENTITIES } = await settings.view(staff.partnerId);
      const { PRICE_TYPE, SHOW_MARGIN, TAX_TYPE, CURRENCY, CURRENCY_RATE } = SHOP;
      return { ITEM: { PRICE_TYPE, SHOW_MARGIN, TAX_TYPE, CURRENCY, CURRENCY_RATE }, ENTITIES };
    });

    addRoute(app, R.savePriceSettings, async ({ staff, body }) => settings.savePriceSettings(staff.partnerId, body));

    addRoute(app, R.image, async ({ staff, request }) =>
      settings.saveImage(staff, request.uploads.find((u) => u.field === 'image') ?? request.uploads[0]),
    );

    addRoute(app, R.publicFile, async ({ params, reply }) => {
      const file = await settings.openPublic(params.partnerId, params.fileId);
      if (!file) throw notFound(MSG.notFound);
      const image = file.row.mime.startsWith('image/');
      return reply
        .header('content-type', file.row.mime)
        .header('content-length', String(file.row.size))
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', image ? 'inline' : attachmentDisposition(file.row.original_name))
        .header('cache-control', 'public, max-age=86400')
        .send(file.stream());
    });
  };
}
