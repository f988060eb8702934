import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULTS } from '@b2b/contracts/limits';
import { MSG } from '@b2b/contracts/messages';
import type { PriceKind, UploadPart } from '@b2b/contracts/pricing';
import { PRICE_FILE_ROUTES as R } from '@b2b/contracts/routes/pricing';
import { notFound } from '@/http/app-error';
import { addRoute } from '@/http/contract-route';
import type { ExportJobs } from '@/jobs/export-jobs';
import type { PriceUploadsService, Staff } from './price-uploads.service';
import type { YmlService } from './yml.service';

type Where = { type: PriceKind; priceId: number | string; part?: UploadPart };

const fileOf = (request: FastifyRequest) => request.uploads.find((u) => u.field === 'file') ?? request.uploads[0];

/** Price files, their state and YML links of a list or column, the remains and multiplicities, a client's prices. */
export function pricingFilesRoutes(uploads: PriceUploadsService, yml: YmlService, exports: ExportJobs) {
  const download = async (staff: Staff, where: Where) => {
    const target = await uploads.targetOf(staff.partnerId, where);
    const name = { PRICE: 'Прайс', PERSONAL: 'Индивидуальные цены', REMAIN: 'Остатки', MULTIPLICITY: 'Кратность' }[target.kind];
    return exports.request('export.price_file', staff, { target, name });
  };
  const ymlAction = async (staff: Staff, where: Where, body: { action: 'create' | 'delete'; id?: number }) => {
    const target = await uploads.targetOf(staff.partnerId, where);
    if (body.action === 'delete') {
      if (!body.id) throw notFound(MSG.notFound);
      return yml.deactivate(staff.partnerId, target, body.id);
    }
    return yml.create(staff.partnerId, target);
  };
  const base = { type: 'pricelist' as const, priceId: DEFAULTS.basePriceListId };
  const client = (clientId: number) => ({ type: 'client' as const, priceId: clientId });

  return async (app: FastifyInstance) => {
    addRoute(app, R.list.download, ({ staff, params }) => download(staff, params));
    addRoute(app, R.list.upload, ({ staff, params, body, request }) => uploads.upload(staff, params, fileOf(request), body));
    addRoute(app, R.list.reset, ({ staff, params }) => uploads.reset(staff.partnerId, params));
    addRoute(app, R.list.status, ({ staff, params, query }) => uploads.status(staff.partnerId, { ...params, part: query.type }));
    addRoute(app, R.list.history, ({ staff, params, query }) => uploads.history(staff.partnerId, params, query));
    addRoute(app, R.list.act, ({ staff, params, body }) => uploads.act(staff, params, body));
    addRoute(app, R.list.yml, ({ staff, params, body }) => ymlAction(staff, params, body));

    addRoute(app, R.part.download, ({ staff, params }) => download(staff, { ...base, part: params.part }));
    addRoute(app, R.part.upload, ({ staff, params, body, request }) => uploads.upload(staff, { ...base, part: params.part }, fileOf(request), body));
    addRoute(app, R.part.reset, ({ staff, params }) => uploads.reset(staff.partnerId, { ...base, part: params.part }));

    addRoute(app, R.client.download, ({ staff, params }) => download(staff, client(params.clientId)));
    addRoute(app, R.client.upload, ({ staff, params, body, request }) => uploads.upload(staff, client(params.clientId), fileOf(request), body));
    addRoute(app, R.client.reset, ({ staff, params }) => uploads.reset(staff.partnerId, client(params.clientId)));
    addRoute(app, R.client.status, ({ staff, params }) => uploads.status(staff.partnerId, client(params.clientId)));
    addRoute(app, R.client.history, ({ staff, params, query }) => uploads.history(staff.partnerId, client(params.clientId), query));
    addRoute(app, R.client.act, ({ staff, params, body }) => uploads.act(staff, client(params.clientId), body));
    addRoute(app, R.client.yml, ({ staff, params, body }) => ymlAction(staff, client(params.clientId), body));

    // The feed itself: public, by its secret token.
    app.get('/yml/:file', { schema: { hide: true } }, async (request, reply) => {
      const token = (request.params as { file: string }).file.replace(/\.xml$/, '');
      const feed = await yml.feed(token);
      if (!feed) throw notFound(MSG.notFound);
      return reply.type('application/xml; charset=utf-8').header('cache-control', 'no-store').send(feed);
    });
  };
}
