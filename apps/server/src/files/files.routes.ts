import type { FastifyInstance } from 'fastify';
import { MSG } from '@b2b/contracts/messages';
import { notFound } from '@/http/app-error';
import { requirePartnerStaff } from '@/http/auth-context';
import { attachmentDisposition, type FileStore } from './file-store';

export function filesRoutes(files: FileStore) {
  return async (app: FastifyInstance) => {
    app.get(
      '/v3/api/partner/file/:fileId/',
      { schema: { tags: ['files'], summary: "Download one of the partner's files (exports and uploads) under its original name" } },
      async (request, reply) => {
        const user = requirePartnerStaff(request);
        const fileId = String((request.params as Record<string, unknown>).fileId ?? '');
        const file = await files.open(user.partnerId, fileId);
        if (!file) throw notFound(MSG.notFound);
        return reply
          .header('content-type', file.row.mime)
          .header('content-length', String(file.row.size))
          .header('content-disposition', attachmentDisposition(file.row.original_name))
          .header('cache-control', 'private, no-store')
          .send(file.stream());
      },
    );
  };
}
