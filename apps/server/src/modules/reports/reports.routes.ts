import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MANAGER_ROUTES as R } from '@b2b/contracts/routes/manager';
import { XLSX_MIME, attachmentDisposition } from '@/files/file-store';
import { badRequest } from '@/http/app-error';
import { addRoute } from '@/http/contract-route';
import type { ReportsService } from './reports.service';

export function reportsRoutes(reports: ReportsService) {
  return async (app: FastifyInstance) => {
    addRoute(app, R.reports, () => reports.kinds());
    addRoute(app, R.catalog, () => reports.catalog());
    addRoute(app, R.report, ({ user, params, body }) => reports.report(params.code, body, user.id));
    addRoute(app, R.reportXlsx, async ({ user, params, query, reply }) => {
      const file = await reports.xlsx(params.code, query, user.id);
      if ('refused' in file) throw badRequest(Object.values(file.refused)[0]);
      const stream = fs.createReadStream(file.path);
      // The temporary file goes once it is sent (or the client went away).
      stream.on('close', () => void fs.promises.rm(path.dirname(file.path), { recursive: true, force: true }));
      return reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', attachmentDisposition(file.name))
        .header('cache-control', 'private, no-store')
        .send(stream);
    });
  };
}
