import type { FastifyInstance, FastifyRequest } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { WEB_SESSION } from '@b2b/contracts/auth';
import { MSG } from '@b2b/contracts/messages';
import { INPUT_RULES, documentedSchema } from './api-answers';
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
      // 3.1: JSON Schema's own null type. 3.0's `nullable` does not admit null beside an enum or an anyOf, so a
      // client validating by the 3.0 rules would refuse the answers with a null there.
      openapi: '3.1.0',
      info: {
        title: 'B2B wholesale back office API',
        version: '3.0.0',
        description:
          'Forms answer HTTP 200 with {"SUCCESS":"N","errors":{field: message}} for the fields they refuse; transport ' +
          'failures answer their status with {"error","error_description"}. Calls need a bearer token (or the ' +
          `access_token query parameter) unless an operation says otherwise. ${INPUT_RULES}`,
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    // Each contract route's answers, security and body media types come from its contract (api-answers.ts).
    transform: (document) => {
      const { contract, rateLimit } = document.route.config ?? {};
      if (!contract || !document.schema || document.schema.hide) return jsonSchemaTransform(document);
      const limit = rateLimit && typeof rateLimit.max === 'number' ? { max: rateLimit.max, timeWindow: String(rateLimit.timeWindow) } : undefined;
      return jsonSchemaTransform({ ...document, schema: documentedSchema(document.schema, contract, limit) });
    },
  });
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    uiHooks: access === 'public' ? undefined : { onRequest: (request) => assertStaff(request, resolve) },
  });
}
