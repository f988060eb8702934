import { MSG } from '@b2b/contracts/messages';
import { notFound } from './app-error';

/**
 * A path id. Anything that is not a positive integer names no row: 404, like an id of another partner,
 * so that probing ids tells nothing.
 */
export function idParam(params: unknown, name = 'id'): number {
  const raw = (params as Record<string, unknown> | undefined)?.[name];
  const text = typeof raw === 'string' ? raw : '';
  if (!/^\d{1,15}$/.test(text) || Number(text) === 0) throw notFound(MSG.notFound);
  return Number(text);
}
