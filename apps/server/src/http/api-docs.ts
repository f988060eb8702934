import type { FastifyInstance, FastifyRequest } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { WEB_SESSION } from '@b2b/contracts/auth';
import { MSG } from '@b2b/contracts/messages';
import { forbidden } from './app-error';
import { requireUser, type TokenResolver } from './auth-context';

export const API_DOCS_PREFIX = '/v3/api/docs';

/** Who may read the API description: signed-in staff (default) or anyone (API_DOCS=public). */
export type ApiDocsAccess = 'staff' | 'public';

/**
 * Partner staff or a platform manager: by the Bearer header or the query access_token as everywhere, or by the
 * web app's own access-token cookie, so that a signed-in user can open the page in the browser. The cookie is read
 * here only: these pages change nothing, and no other route accepts a cookie in place of the token.
 */
async function assertStaff(request: FastifyRequest, resolve: TokenResolver): Promise<void> {
  const cookie = request.cookies[WEB_SESSION.accessCookie];
  if (request.auth.status === 'none' && cookie) request.auth = await resolve(cookie);
  const user = requireUser(request);
  if (user.kind !== 'PARTNER' && user.kind !== 'MANAGER') throw forbidden(MSG.forbidden);
}

/** The OpenAPI document and its Swagger UI at /v3/api/docs (the page, /json and /yaml are gated; the UI's library files are not). */
export async function registerApiDocs(app: FastifyInstance, access: ApiDocsAccess, resolve: TokenResolver): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'B2B wholesale back office API', version: '3.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    uiHooks: access === 'public' ? undefined : { onRequest: (request) => assertStaff(request, resolve) },
  });
}
