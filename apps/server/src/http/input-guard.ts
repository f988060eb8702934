import type { FastifyRequest } from 'fastify';
import { LIMITS } from '@b2b/contracts/limits';
import { MSG } from '@b2b/contracts/messages';
import { badRequest } from './app-error';

/**
 * One check of every text a request carries (query, path, form or multipart body, file names) before any route
 * reads it: NUL and the other control characters (PostgreSQL refuses NUL in text, and none belongs in a form) and
 * absurd lengths answer 400 with the field's name, never a 500 from deep inside a query.
 * Tab, line feed and carriage return stay allowed (multi-line notes).
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const MAX_NODES = 20_000;

interface Budget {
  nodes: number;
}

function checkValue(value: unknown, field: string, maxChars: number, budget: Budget): void {
  if (++budget.nodes > MAX_NODES) throw badRequest(MSG.badRequest);
  if (typeof value === 'string') {
    if (CONTROL.test(value)) throw badRequest(MSG.textInvalidChars(field));
    if (value.length > maxChars) throw badRequest(MSG.textTooLong(field, maxChars));
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) checkValue(item, field, maxChars, budget);
    return;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (CONTROL.test(key)) throw badRequest(MSG.textInvalidChars(field));
      checkValue(item, field ? `${field}[${key}]` : key, maxChars, budget);
    }
  }
}

export function assertCleanInput(request: FastifyRequest): void {
  const budget = { nodes: 0 };
  checkValue(request.params, '', LIMITS.queryValueMaxChars, budget);
  checkValue(request.query, '', LIMITS.queryValueMaxChars, budget);
  checkValue(request.body, '', LIMITS.textValueMaxChars, budget);
  for (const upload of request.uploads ?? []) {
    if (CONTROL.test(upload.filename)) throw badRequest(MSG.textInvalidChars(upload.field));
    if (upload.filename.length > LIMITS.fileNameMax) throw badRequest(MSG.textTooLong(upload.field, LIMITS.fileNameMax));
  }
}
