import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { stricterApplies, type Access, type RouteContract, type StricterAccess } from '@b2b/contracts/http/route';
import { assertAccess, describeAccess } from './access-guard';
import { bodyCapsOf } from './body-caps';
import { requirePartnerStaff, requireUser, type AuthUser } from './auth-context';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
/* eslint-disable @typescript-eslint/no-explicit-any -- the parts a contract's own type parameters give */
type ParamsOf<C> = C extends RouteContract<infer P, any, any, any> ? Out<P> : never;
type QueryOf<C> = C extends RouteContract<any, infer Q, any, any> ? Out<Q> : never;
type BodyOf<C> = C extends RouteContract<any, any, infer B, any> ? Out<B> : never;
/* eslint-enable @typescript-eslint/no-explicit-any */

export interface RouteContext<C extends RouteContract> {
  request: FastifyRequest;
  reply: FastifyReply;
  params: ParamsOf<C>;
  query: QueryOf<C>;
  body: BodyOf<C>;
  /** The signed-in user (routes whose access needs one). */
  readonly user: AuthUser;
  /** The signed-in partner staff member and its tenant (routes with staff access). */
  readonly staff: AuthUser & { partnerId: number };
}

/** What every route registered from a contract carries in its Fastify config: the route-table test reads it. */
export interface ContractRouteConfig {
  access: Access;
  stricter?: StricterAccess;
  form: boolean;
  /** Whether the contract reads a body (a POST without one takes its input from the path alone). */
  body: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    stricter?: StricterAccess;
    form?: boolean;
    body?: boolean;
    contract?: RouteContract;
  }
}

/** The value of the field that tells a stricter call apart, from the body or else the query. */
function fieldOf(request: FastifyRequest, field: string): string {
  const from = (part: unknown) => (part && typeof part === 'object' ? (part as Record<string, unknown>)[field] : undefined);
  return String(from(request.body) ?? from(request.query) ?? '');
}

/**
 * Registers a route from its contract: the access check before the body is read, the request schemas validated
 * (a form's failures become `SUCCESS: "N"` field errors in the error handler), the answer serialised through its
 * schema (a field the contract does not declare never leaves the server) and documented at /v3/api/docs.
 */
export function addRoute<C extends RouteContract>(
  app: FastifyInstance,
  contract: C,
  handler: (ctx: RouteContext<C>) => Promise<z.input<C['answer']>> | z.input<C['answer']>,
  /** A route's own request limit (the account flows, sign-in): @fastify/rate-limit's per-route options. */
  options: { rateLimit?: { max: number; timeWindow: string } } = {},
): void {
  const { stricter } = contract;
  const config: ContractRouteConfig = {
    access: contract.access,
    form: Boolean(contract.form),
    body: contract.body !== undefined,
    ...(stricter ? { stricter } : {}),
  };
  const bodyCaps = bodyCapsOf(contract);
  app.route({
    method: contract.method,
    url: contract.path,
    bodyLimit: bodyCaps.formBytes,
    config: { ...config, contract, bodyCaps, ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}) },
    schema: {
      tags: [...contract.tags],
      summary: contract.summary,
      description: `Access: ${describeAccess(contract.access)}${
        stricter
          ? `; ${stricter.field} ${'only' in stricter ? stricter.only.join(', ') : `other than ${stricter.except.join(', ')}`}: ${describeAccess(stricter.access)}`
          : ''
      }${contract.form ? '. A form: invalid fields answer SUCCESS=N with errors.' : ''}`,
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      // What serialises the answer. The API document's answers by status and media type (errors, files, /health's
      // 503) are derived from the contract where the document is built (api-answers.ts).
      response: { 200: contract.answer },
    },
    onRequest: async (request) => assertAccess(request, contract.access),
    ...(stricter
      ? {
          preValidation: async (request: FastifyRequest) => {
            if (stricterApplies(stricter, fieldOf(request, stricter.field))) assertAccess(request, stricter.access);
          },
        }
      : {}),
    handler: async (request, reply) =>
      handler({
        request,
        reply,
        params: request.params as ParamsOf<C>,
        query: request.query as QueryOf<C>,
        body: request.body as BodyOf<C>,
        get user() {
          return requireUser(request);
        },
        get staff() {
          return requirePartnerStaff(request);
        },
      }),
  });
}
