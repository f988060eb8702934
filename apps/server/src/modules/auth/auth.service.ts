import { randomUUID, timingSafeEqual } from 'node:crypto';
import { MSG } from '@b2b/contracts/messages';
import { ACCOUNT_MSG, type CheckResponse, type TokenRequest, type TokenResponse } from '@b2b/contracts/auth';
import { computeRights, userKind, userRules, type Role } from '@b2b/contracts/rights';
import type { Db } from '@/db/database';
import { AppError, tooMany } from '@/http/app-error';
import type { AuthContext, AuthUser } from '@/http/auth-context';
import type { ShopService } from '../shop/shop.service';
import { authRepo, type UserRow } from './auth.repo';
import { dummyHash, verifyPassword } from './passwords';
import { newToken, tokenHash } from './tokens';

export interface AuthSettings {
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
}

/** Failed sign-ins allowed in the window, per account and per address, before 429. */
export const LOGIN_LIMITS = { windowMinutes: 15, perAccount: 10, perAddress: 50 } as const;

const oauthError = (status: number, code: string, message: string) => new AppError(code, status, message);

/** The role flags of a user row as the Role list rights.ts reads. */
export function rolesOf(row: Pick<NonNullable<UserRow>, 'role_admin' | 'role_orders' | 'role_price' | 'role_clients' | 'role_loyalty'>): Role[] {
  const roles: Role[] = [];
  if (row.role_admin) roles.push('ADMIN');
  if (row.role_orders) roles.push('ORDERS');
  if (row.role_price) roles.push('PRICE');
  if (row.role_clients) roles.push('CLIENTS');
  if (row.role_loyalty) roles.push('LOYALTY');
  return roles;
}

export function toAuthUser(row: NonNullable<UserRow>): AuthUser {
  const roles = rolesOf(row);
  return {
    id: row.id,
    kind: row.kind,
    partnerId: row.partner_id,
    clientId: row.client_id,
    email: row.email,
    name: row.name,
    surname: row.surname,
    isOwner: row.is_owner,
    roles,
    rights: computeRights({ kind: row.kind, isOwner: row.is_owner, roles }),
    hasPassword: Boolean(row.password_hash),
  };
}

export function authService(db: Db, settings: AuthSettings, shops: ShopService) {
  const repo = authRepo(db);

  async function authenticateClient(clientId: string, secret: string) {
    const client = await repo.findOauthClient(clientId);
    const ok = client && safeEqual(client.secret_hash, tokenHash(secret));
    if (!ok) throw oauthError(401, 'invalid_client', MSG.clientInvalid);
    return client;
  }

  async function store(kind: 'ACCESS' | 'REFRESH', ttlSeconds: number, familyId: string, clientId: string, userId: number | null) {
    const token = newToken();
    await repo.insertToken({
      token_hash: tokenHash(token),
      kind,
      family_id: familyId,
      client_id: clientId,
      user_id: userId,
      expires_at: new Date(Date.now() + ttlSeconds * 1000),
    });
    return token;
  }

  /** An access token, and for a user a refresh token of the same family (a guest token has none). */
  async function issue(clientId: string, userId: number | null, familyId: string = randomUUID()): Promise<TokenResponse> {
    const access = await store('ACCESS', settings.accessTtlSeconds, familyId, clientId, userId);
    const answer: TokenResponse = { access_token: access, token_type: 'Bearer', expires_in: settings.accessTtlSeconds };
    if (userId !== null) {
      answer.refresh_token = await store('REFRESH', settings.refreshTtlSeconds, familyId, clientId, userId);
    }
    return answer;
  }

  async function assertNotThrottled(account: string, address: string) {
    const since = new Date(Date.now() - LOGIN_LIMITS.windowMinutes * 60_000);
    const [byAccount, byAddress] = [
      await repo.countFailures('account', account, since),
      await repo.countFailures('address', address, since),
    ];
    if (byAccount >= LOGIN_LIMITS.perAccount || byAddress >= LOGIN_LIMITS.perAddress) {
      throw tooMany(MSG.tooManyAttempts, LOGIN_LIMITS.windowMinutes * 60);
    }
  }

  /** Staff and managers sign in by e-mail alone; a client user signs in to the shop of `domain`. */
  async function findAccount(username: string, domain: string | undefined) {
    if (domain) {
      const shop = await shops.resolveByDomain(domain);
      if (!shop) throw oauthError(400, 'invalid_grant', MSG.shopLinkUnknown);
      const [client] = await repo.findClientUsers(username, shop.partner_id);
      if (client) return client;
      const staff = await repo.findStaffByEmail(username);
      return staff?.partner_id === shop.partner_id ? staff : undefined;
    }
    const staff = await repo.findStaffByEmail(username);
    if (staff) return staff;
    const clients = await repo.findClientUsers(username);
    return clients.length === 1 ? clients[0] : undefined;
  }

  async function passwordGrant(username: string, password: string, domain: string | undefined, address: string) {
    if (!username) throw oauthError(400, 'invalid_request', MSG.loginEmailRequired);
    if (!password) throw oauthError(400, 'invalid_request', MSG.loginPasswordRequired);
    const account = `${username.toLowerCase()}|${domain?.toLowerCase() ?? ''}`;
    await assertNotThrottled(account, address);
    const user = await findAccount(username, domain);
    const valid = user
      ? await verifyPassword(user.password_hash, password)
      : (await verifyPassword(await dummyHash(), password), false);
    if (!user || !valid) {
      await repo.recordFailure(account, address);
      throw oauthError(400, 'invalid_grant', MSG.wrongCredentials);
    }
    if (!user.active) throw oauthError(400, 'invalid_grant', MSG.userDisabled);
    if (user.kind === 'CLIENT' && !user.email_confirmed_at) throw oauthError(400, 'invalid_grant', ACCOUNT_MSG.emailNotConfirmed);
    await repo.clearFailures(account);
    await repo.touchLogin(user.id);
    return user.id;
  }

  async function refreshGrant(clientId: string, refreshToken: string) {
    const hash = tokenHash(refreshToken);
    const row = await repo.findToken(hash);
    if (!row || row.kind !== 'REFRESH' || row.client_id !== clientId) {
      throw oauthError(400, 'invalid_grant', MSG.refreshInvalid);
    }
    if (row.revoked_at || row.expires_at.getTime() <= Date.now()) {
      throw oauthError(400, 'invalid_grant', MSG.refreshInvalid);
    }
    // Rotation: a refresh token works once. Seeing it again means it leaked: the whole family dies.
    if (!(await repo.consumeRefresh(hash))) {
      await repo.revokeFamily(row.family_id);
      throw oauthError(400, 'invalid_grant', MSG.refreshInvalid);
    }
    const user = row.user_id ? await repo.findUserById(row.user_id) : undefined;
    if (!user || !user.active) {
      await repo.revokeFamily(row.family_id);
      throw oauthError(400, 'invalid_grant', user ? MSG.userDisabled : MSG.refreshInvalid);
    }
    return issue(clientId, user.id, row.family_id);
  }

  return {
    findAccount,
    authenticateClient,
    /** Tokens for a user whose identity another proof established (an e-mail confirmation link). */
    issueForUser: (clientId: string, userId: number) => issue(clientId, userId),

    async token(req: TokenRequest, address: string): Promise<TokenResponse> {
      await authenticateClient(req.client_id, req.client_secret);
      switch (req.grant_type) {
        case 'client_credentials':
          return issue(req.client_id, null);
        case 'password': {
          const userId = await passwordGrant(req.username, req.password, req.domain || undefined, address);
          return issue(req.client_id, userId);
        }
        case 'refresh_token':
          return refreshGrant(req.client_id, req.refresh_token);
      }
    },

    /** RFC 7009: revoking a token revokes its whole family (sign-out). Unknown tokens are ignored. */
    async revoke(token: string): Promise<void> {
      const row = await repo.findToken(tokenHash(token));
      if (row) await repo.revokeFamily(row.family_id);
    },

    async resolveAccessToken(token: string): Promise<AuthContext> {
      const row = await repo.findToken(tokenHash(token));
      if (!row || row.kind !== 'ACCESS' || row.revoked_at) return { status: 'invalid', appClientId: null, user: null };
      if (row.expires_at.getTime() <= Date.now()) {
        return { status: 'expired', appClientId: row.client_id, user: null };
      }
      if (row.user_id === null) return { status: 'valid', appClientId: row.client_id, user: null };
      const user = await repo.findUserById(row.user_id);
      if (!user || !user.active) return { status: 'invalid', appClientId: null, user: null };
      return { status: 'valid', appClientId: row.client_id, user: toAuthUser(user) };
    },

    /** Every session of a user ends at once (a disabled employee, a changed password). */
    revokeUserTokens: (userId: number) => repo.revokeUserTokens(userId),

    purgeExpiredTokens: () => repo.deleteExpiredTokens(new Date(Date.now() - 24 * 3600 * 1000)),

    check(auth: AuthContext, partnerName: string | null): CheckResponse {
      const status = auth.status === 'none' ? 'invalid' : auth.status;
      const user = status === 'valid' ? auth.user : null;
      const rights = user?.rights ?? null;
      const kind = user ? userKind({ kind: user.kind, isOwner: user.isOwner, roles: user.roles }) : null;
      return {
        STATUS: status,
        isInvalid: status === 'invalid',
        isUserWithoutPassword: Boolean(user && !user.hasPassword),
        USER_TYPE: kind,
        PARTNER: user?.kind === 'PARTNER',
        MANAGER: user?.kind === 'MANAGER',
        userRules: userRules(rights ?? computeRights({ kind: 'CLIENT', isOwner: false, roles: [] })),
        RIGHTS: rights,
        USER: user
          ? {
              ID: user.id,
              EMAIL: user.email,
              NAME: user.name,
              SURNAME: user.surname,
              IS_OWNER: user.isOwner,
              ROLES: user.roles,
              PARTNER_ID: user.partnerId,
              PARTNER_NAME: partnerName,
            }
          : null,
      };
    },

    confirmLogin: (userId: number) => repo.touchLogin(userId),

    /** The first-party web client's credentials come from the configuration (OAUTH_CLIENT_ID/SECRET). */
    ensureOauthClient: (id: string, secret: string, name: string) => repo.upsertOauthClient(id, tokenHash(secret), name),
  };
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export type AuthService = ReturnType<typeof authService>;
