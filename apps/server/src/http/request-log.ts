import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyServerOptions } from 'fastify';

/**
 * Every parameter name whose value is a secret. Matched on the decoded, lower-cased name, so `access%5Ftoken`
 * (which the query parser reads as access_token) is redacted as well.
 */
export const SECRET_PARAMS = new Set([
  'access_token',
  'refresh_token',
  'token',
  'client_secret',
  'password',
  'current_password',
  'confirm_password',
  'new_password',
  'user_checkword',
  'checkword',
]);

/** Decodes a URL component; a malformed one stays as it came (it never throws). */
export function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** Removes every secret parameter's value from a URL before it reaches a log line. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  const redacted = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const name = safeDecode(pair.slice(0, eq)).toLowerCase();
      return SECRET_PARAMS.has(name) ? `${pair.slice(0, eq)}=[REDACTED]` : pair;
    })
    .join('&');
  return `${url.slice(0, q + 1)}${redacted}${hash < 0 ? '' : url.slice(hash)}`;
}

/** The request id is the client's `request_id` (query) or `x-request-id` header, else a fresh one. Never throws. */
export function requestIdOf(req: IncomingMessage): string {
  const fromQuery = /[?&]request_id=([^&#]{1,100})/.exec(req.url ?? '')?.[1];
  const fromHeader = req.headers['x-request-id'];
  const raw = fromQuery ? safeDecode(fromQuery) : typeof fromHeader === 'string' ? fromHeader : '';
  const clean = raw.replace(/[^\w.-]/g, '').slice(0, 64);
  return clean || randomUUID();
}

export function loggerOptions(level: string): FastifyServerOptions {
  return {
    logger: {
      level,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
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
