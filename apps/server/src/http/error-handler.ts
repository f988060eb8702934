import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@b2b/contracts/messages';
import { AppError } from './app-error';
import { failed } from './envelope';

interface ErrorBody {
  error: string;
  error_description: string;
}

/** One error handler: every failure becomes `{ error, error_description }`; a 5xx never shows internal text. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (!(err instanceof AppError) && err.validation) return answerInvalid(err, request, reply);
    const { status, body, headers } = describe(err);
    if (status >= 500) request.log.error({ err }, 'request failed');
    else if ((err as { code?: string }).code === '23514' || (err as { code?: string }).code === '22003')
      request.log.warn({ err }, 'refused by the database');
    else request.log.info({ status, code: body.error }, body.error_description);
    for (const [k, v] of Object.entries(headers)) reply.header(k, v);
    return reply.status(status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ error: 'not_found', error_description: MSG.notFound } satisfies ErrorBody);
  });
}

/** `{ field: message }` of a schema's issues, the first message of each top-level field. */
export function fieldErrorsOf(validation: NonNullable<FastifyError['validation']>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of validation) {
    const field = issue.instancePath.split('/').filter(Boolean)[0] ?? 'form';
    errors[field] ??= issue.message ?? MSG.badRequest;
  }
  return errors;
}

/**
 * A request that fails its contract's schemas: a malformed path id names nothing (404, as for another partner's id);
 * a form's body answers its field errors with SUCCESS=N; anything else is a 400 with the first message.
 */
function answerInvalid(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const validation = err.validation ?? [];
  request.log.info({ context: err.validationContext, issues: validation.length }, 'invalid input');
  if (err.validationContext === 'params') return reply.status(404).send({ error: 'not_found', error_description: MSG.notFound });
  if (err.validationContext === 'body' && request.routeOptions.config.form) return reply.status(200).send(failed(fieldErrorsOf(validation)));
  const description = validation[0]?.message ?? MSG.badRequest;
  return reply.status(400).send({ error: 'invalid_request', error_description: description } satisfies ErrorBody);
}

function describe(err: FastifyError | AppError): { status: number; body: ErrorBody; headers: Record<string, string> } {
  if (err instanceof AppError) {
    return { status: err.status, body: { error: err.code, error_description: err.message }, headers: err.headers };
  }
  // The database's last guards (issue 37.4): a CHECK or a number out of its column's range is the input's fault, never
  // a 500. The contracts refuse such values first; reaching here means a check is missing in front of the database.
  if (err.code === '23514') return plain(400, 'invalid_request', MSG.badRequest);
  if (err.code === '22003') return plain(400, 'invalid_request', MSG.numberOutOfRange);
  const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
  if (status === 413) return plain(413, 'payload_too_large', MSG.requestTooLarge);
  if (status === 429) return plain(429, 'too_many_requests', MSG.tooManyRequests);
  if (status === 415) return plain(415, 'unsupported_media_type', MSG.badRequest);
  if (status >= 400 && status < 500) return plain(status, 'invalid_request', MSG.badRequest);
  return plain(500, 'server_error', MSG.serverError);
}

const plain = (status: number, error: string, description: string) => ({
  status,
  body: { error, error_description: description },
  headers: {},
});

/**
 * Errors the router raises before any route or hook runs (a malformed path such as `/%FF`, an over-long parameter):
 * the same `{ error, error_description }` body as every other failure.
 */
export function frameworkErrorAnswer(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const { status, body } = describe(err);
  request.log.info({ status, code: err.code }, 'rejected by the router');
  void reply.status(status).send(body);
}
