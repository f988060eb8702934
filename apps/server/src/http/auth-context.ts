import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccountKind, RightName, Rights, Role } from '@b2b/contracts/rights';
import { MSG } from '@b2b/contracts/messages';
import type { TokenStatus } from '@b2b/contracts/auth';
import { forbidden, unauthorized } from './app-error';

export interface AuthUser {
  id: number;
  kind: AccountKind;
  partnerId: number | null;
  clientId: number | null;
  email: string;
  name: string;
  surname: string;
  isOwner: boolean;
  roles: Role[];
  rights: Rights;
  hasPassword: boolean;
}

export interface AuthContext {
  /** 'none' when the request carries no token. */
  status: TokenStatus | 'none';
  /** The OAuth client the token was issued to (a guest token has a client and no user). */
  appClientId: string | null;
  user: AuthUser | null;
  /** The token family of a signed-in session (sign-in to sign-out): what "this session" means. */
  sessionId?: string;
}

export type TokenResolver = (token: string) => Promise<AuthContext>;

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext;
  }
}

const NONE: AuthContext = { status: 'none', appClientId: null, user: null };

/** Reads the access token from the query (existing clients send it so) or the Bearer header. */
export function extractToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header && /^Bearer\s+/i.test(header)) return header.replace(/^Bearer\s+/i, '').trim() || null;
  const q = (request.query as Record<string, unknown> | undefined)?.access_token;
  return typeof q === 'string' && q ? q : null;
}

export function registerAuthHook(app: FastifyInstance, resolve: TokenResolver): void {
  app.decorateRequest('auth', null as unknown as AuthContext);
  app.addHook('onRequest', async (request) => {
    const token = extractToken(request);
    request.auth = token ? await resolve(token) : NONE;
  });
}

/** Throws the 401 that matches the token's state unless the request carries a valid token. */
function assertValidToken(auth: AuthContext): void {
  if (auth.status === 'valid') return;
  if (auth.status === 'expired') throw unauthorized(MSG.tokenExpired, 'expired_token');
  if (auth.status === 'invalid') throw unauthorized(MSG.tokenInvalid);
  throw unauthorized(MSG.tokenRequired);
}

export function requireUser(request: FastifyRequest): AuthUser {
  assertValidToken(request.auth);
  if (!request.auth.user) throw unauthorized(MSG.tokenRequired);
  return request.auth.user;
}

/** The signed-in partner staff member and their tenant; 403 for any other kind of user. */
export function requirePartnerStaff(request: FastifyRequest, right?: RightName): AuthUser & { partnerId: number } {
  const user = requireUser(request);
  if (user.kind !== 'PARTNER' || user.partnerId == null) throw forbidden(MSG.forbidden);
  if (right && !user.rights[right]) throw forbidden(MSG.forbidden);
  return user as AuthUser & { partnerId: number };
}
