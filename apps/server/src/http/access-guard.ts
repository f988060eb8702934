import type { FastifyRequest } from 'fastify';
import type { Access } from '@b2b/contracts/http/route';
import { MSG } from '@b2b/contracts/messages';
import { forbidden } from './app-error';
import { requireUser } from './auth-context';

/**
 * The one check of a route's declared access (its contract's `access`), run on onRequest: after the token is
 * resolved and before any body is read. 401 without a valid session, 403 when the kind or the right is missing.
 */
export function assertAccess(request: FastifyRequest, access: Access): void {
  if (access === 'public') return;
  const user = requireUser(request);
  if (access === 'user') return;
  if (access === 'client') {
    if (user.kind !== 'CLIENT') throw forbidden(MSG.forbidden);
    return;
  }
  if (access === 'manager' || (typeof access === 'object' && 'manager' in access)) {
    if (user.kind !== 'MANAGER') throw forbidden(MSG.forbidden);
    if (typeof access === 'object' && !user.rights[access.manager]) throw forbidden(MSG.forbidden);
    return;
  }
  if (user.kind !== 'PARTNER' || user.partnerId == null) throw forbidden(MSG.forbidden);
  if (access === 'staff') return;
  const rights = typeof access.staff === 'string' ? [access.staff] : access.staff;
  if (!rights.some((right) => user.rights[right])) throw forbidden(MSG.forbidden);
}

/** A short text of an access for the API docs. */
export function describeAccess(access: Access): string {
  if (typeof access === 'string') return access;
  if ('manager' in access) return `manager: ${access.manager}`;
  return `staff: ${(typeof access.staff === 'string' ? [access.staff] : access.staff).join(' | ')}`;
}
