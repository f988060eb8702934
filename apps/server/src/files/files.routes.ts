import type { FastifyInstance } from 'fastify';
import { MSG } from '@b2b/contracts/messages';
import { FILE_ROUTES as R } from '@b2b/contracts/routes/files';
import { notFound } from '@/http/app-error';
import { addRoute } from '@/http/contract-route';
import { attachmentDisposition, type FileStore } from './file-store';

export function filesRoutes(files: FileStore) {
  return async (app: FastifyInstance) => {
    // Served by right (file-purposes.ts): a generated file to its requester only, a stored one to the rights of the
    // screen that lists it; anything else, another partner's or an expired file answers 404 alike.
    addRoute(app, R.download, async ({ staff, params, reply }) => {
      const file = await files.openFor(staff, params.fileId);
      if (!file) throw notFound(MSG.notFound);
      return reply
        .header('content-type', file.row.mime)
        .header('content-length', String(file.row.size))
        .header('content-disposition', attachmentDisposition(file.row.original_name))
        .header('cache-control', 'private, no-store')
        .send(file.stream());
    });
  };
}
