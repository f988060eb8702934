import type { FastifyInstance } from 'fastify';
import { CONTENT_ROUTES as R } from '@b2b/contracts/routes/content';
import { addRoute } from '@/http/contract-route';
import type { ContentService } from './content.service';

export function contentRoutes(content: ContentService) {
  return async (app: FastifyInstance) => {
    addRoute(app, R.page, ({ params, query }) => content.page(params.type, query.id));
  };
}
