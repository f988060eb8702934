import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyServerOptions } from 'fastify';

/** Removes the access token from a URL before it reaches a log line. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:access_token|refresh_token|password|client_secret)=)[^&#]*/gi, '$1[REDACTED]');
}

/** The request id is the client's `request_id` (query) or `x-request-id` header, else a fresh one. */
export function requestIdOf(req: IncomingMessage): string {
  const fromQuery = /[?&]request_id=([^&#]{1,100})/.exec(req.url ?? '')?.[1];
  const fromHeader = req.headers['x-request-id'];
  const raw = fromQuery ? decodeURIComponent(fromQuery) : typeof fromHeader === 'string' ? fromHeader : '';
  const clean = raw.replace(/[^\w.-]/g, '').slice(0, 64);
  return clean || randomUUID();
}

export function loggerOptions(level: string): FastifyServerOptions {
  return {
    logger: {
      level,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: {
        req(req: { method: string; url: string; ip?: string }) {
          return { method: req.method, url: redactUrl(req.url), ip: req.ip };
        },
      },
    },
    genReqId: requestIdOf,
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
  };
}
