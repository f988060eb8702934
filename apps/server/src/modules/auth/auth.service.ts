import { DEFAULT_TIME_ZONE } from '@b2b/contracts/time-zones';
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { LIMITS } from '@b2b/contracts/limits';
import { MSG } from '@b2b/contracts/messages';
import { ACCOUNT_MSG, type CheckResponse, type TokenResponse } from '@b2b/contracts/auth';
import type { TokenRequest } from '@b2b/contracts/token-request';
import { computeRights, userKind, userRules, type Role } from '@b2b/contracts/rights';
import type { ChangeFeed } from '@/db/change-feed';
import type { Db } from '@/db/database';
import { AppError, tooMany } from '@/http/app-error';
import type { AuthContext, AuthUser } from '@/http/auth-context';
import type { ShopService } from '../shop/shop.service';
import { authRepo, type AccessSession, type UserRow } from './auth.repo';
import { dummyHash, verifyPassword } from './passwords';
import { newSeed, newToken, successorToken, tokenHash } from './tokens';
import { sessionCache } from './session-cache';
import { roleFlagsOf, staffAccounts } from './user-accounts';

export type { RoleFlags } from './user-accounts';

export interface AuthSettings {
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
}

/**
 * Failed password checks allowed in the window, per account and per address, before 429: wrong sign-ins and wrong
 * current passwords of change_password count together.
 */
export const LOGIN_LIMITS = {
  windowMinutes: LIMITS.signInFailureWindowMinutes,
  perAccount: LIMITS.signInFailuresPerAccount,
  perAddress: LIMITS.signInFailuresPerAddress,
} as const;

/** The key an account's failures are counted under, whichever domain or spelling of the address led to it. */
const accountKey = (userId: number) => `user:${userId}`;

/**
 * A refresh token presented again this soon after its rotation, while its successor is unused, answers that same
 * successor pair: two tabs refreshing at once, or an answer lost on the network, do not end the session. Later, or
 * once the successor was used, a replay still revokes the whole family.
 */
export const REFRESH_GRACE_SECONDS = 10;

type TokenKind = 'ACCESS' | 'REFRESH';

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

export function authService(db: Db, settings: AuthSettings, shops: ShopService, changes?: ChangeFeed) {
  const repo = authRepo(db);
  const sessions = changes && sessionCache<AccessSession>(changes);
  const findAccessSession = (hash: string) => (sessions ? sessions.read(hash, () => repo.findAccessSession(hash)) : repo.findAccessSession(hash));

  async function authenticateClient(clientId: string, secret: string) {
    const client = await repo.findOauthClient(clientId);
    const ok = client && safeEqual(client.secret_hash, tokenHash(secret));
    if (!ok) throw oauthError(401, 'invalid_client', MSG.clientInvalid);
    return client;
  }

  async function store(kind: TokenKind, ttlSeconds: number, familyId: string, clientId: string, userId: number | null, trx: Db, token = newToken()) {
    await authRepo(trx).insertToken({
      token_hash: tokenHash(token),
      kind,
      family_id: familyId,
      client_id: clientId,
      user_id: userId,
      expires_at: new Date(Date.now() + ttlSeconds * 1000),
    });
    return token;
  }

  /**
   * An access token, and for a user a refresh token of the same family (a guest token has none); `derive` gives
   * the token strings of a rotation, random ones otherwise.
   */
  async function issue(
    trx: Db,
    clientId: string,
    userId: number | null,
    familyId: string = randomUUID(),
    derive: (kind: TokenKind) => string = newToken,
  ): Promise<TokenResponse> {
    const access = await store('ACCESS', settings.accessTtlSeconds, familyId, clientId, userId, trx, derive('ACCESS'));
    const answer: TokenResponse = { access_token: access, token_type: 'Bearer', expires_in: settings.accessTtlSeconds };
    if (userId !== null) {
      answer.refresh_token = await store('REFRESH', settings.refreshTtlSeconds, familyId, clientId, userId, trx, derive('REFRESH'));
    }
    return answer;
  }

  /** The successor pair of a rotation moments ago, answered again while it is unused (REFRESH_GRACE_SECONDS). */
  async function repeatedRotation(trx: Db, presented: string): Promise<TokenResponse | null> {
    const r = authRepo(trx);
    const used = await r.findToken(tokenHash(presented));
    if (!used?.used_at || !used.successor_seed || used.revoked_at) return null;
    if (Date.now() - used.used_at.getTime() > REFRESH_GRACE_SECONDS * 1000) return null;
    const access = successorToken(presented, used.successor_seed, 'ACCESS');
    const refresh = successorToken(presented, used.successor_seed, 'REFRESH');
    const accessRow = await r.findToken(tokenHash(access));
    const refreshRow = await r.findToken(tokenHash(refresh));
    if (!accessRow || !refreshRow || accessRow.revoked_at || refreshRow.revoked_at || refreshRow.used_at) return null;
    const expiresIn = Math.floor((accessRow.expires_at.getTime() - Date.now()) / 1000);
    if (expiresIn <= 0) return null;
    return { access_token: access, token_type: 'Bearer', expires_in: expiresIn, refresh_token: refresh };
  }

  /**
   * Reserves one password check of these accounts from this address before its slow hash, or answers 429 when any of
   * them (or the address) already has its fill of failures in the window. The count and the reservation happen under
   * locks on the keys, so parallel attempts are counted one after another whatever their number, on a pool of
   * connections as on PGlite's one: at most `perAccount` are ever judged. The reservation is a failure row; a check
   * whose password proved right gives it back with `release`.
   */
  async function reserveAttempt(accountKeys: string[], address: string) {
    const since = new Date(Date.now() - LOGIN_LIMITS.windowMinutes * 60_000);
    const ids = await db.transaction().execute(async (trx) => {
      const r = authRepo(trx);
      await r.lockLimitKeys([...accountKeys.map((k) => `account:${k}`), `address:${address}`]);
      for (const key of accountKeys) {
        if ((await r.countFailures('account', key, since)) >= LOGIN_LIMITS.perAccount) return null;
      }
      if ((await r.countFailures('address', address, since)) >= LOGIN_LIMITS.perAddress) return null;
      return r.recordFailures(accountKeys, address);
    });
    if (!ids) throw tooMany(MSG.tooManyAttempts, LOGIN_LIMITS.windowMinutes * 60);
    return { release: () => repo.deleteFailures(ids) };
  }

  /**
   * The accounts a sign-in may mean, in the order their passwords are tried. With a shop domain: that shop's client
   * user, then that partner's staff. Without: the staff and manager accounts of the address (a person may work for
   * several partners), then the only client user of the address if there is exactly one.
   */
  async function findAccounts(username: string, domain: string | undefined) {
    if (domain) {
      const shop = await shops.resolveByDomain(domain);
      if (!shop) throw oauthError(400, 'invalid_grant', MSG.shopLinkUnknown);
      const clients = await repo.findClientUsers(username, shop.partner_id);
      return [...clients.slice(0, 1), ...(await repo.findStaffByEmail(username, shop.partner_id))];
    }
    const staff = await repo.findStaffByEmail(username);
    const clients = await repo.findClientUsers(username);
    return clients.length === 1 ? [...staff, clients[0]] : staff;
  }

  /** The account an e-mailed link or a recovery form means: the first of findAccounts. */
  const findAccount = async (username: string, domain: string | undefined) => (await findAccounts(username, domain))[0];

  /**
   * Failures count per resolved account (whatever spelling of the domain or the address led to it) and per client
   * address; an address that names no account counts under its lower-cased text.
   */
  const failureKeys = (accounts: { id: number }[], username: string) =>
    accounts.length ? accounts.map((a) => accountKey(a.id)) : [`unknown:${username.toLowerCase()}`];

  async function passwordGrant(username: string, password: string, domain: string | undefined, address: string) {
    if (!username) throw oauthError(400, 'invalid_request', MSG.loginEmailRequired);
    if (!password) throw oauthError(400, 'invalid_request', MSG.loginPasswordRequired);
    const accounts = await findAccounts(username, domain);
    const attempt = await reserveAttempt(failureKeys(accounts, username), address);
    let user: (typeof accounts)[number] | undefined;
    for (const candidate of accounts) {
      if (await verifyPassword(candidate.password_hash, password)) {
        user = candidate;
        break;
      }
    }
    // The same slow hash whether or not the address exists, so timing does not tell.
    if (!accounts.length) await verifyPassword(await dummyHash(), password);
    // A wrong password keeps its reservation: it is the failure that counts.
    if (!user) throw oauthError(400, 'invalid_grant', MSG.wrongCredentials);
    await attempt.release();
    if (!user.active) throw oauthError(400, 'invalid_grant', MSG.userDisabled);
    if (user.kind === 'CLIENT' && !user.email_confirmed_at) throw oauthError(400, 'invalid_grant', ACCOUNT_MSG.emailNotConfirmed);
    await repo.clearFailures(accountKey(user.id));
    await repo.touchLogin(user.id);
    return user.id;
  }

  async function refreshGrant(clientId: string, refreshToken: string) {
    const hash = tokenHash(refreshToken);
    const row = await repo.findToken(hash);
    if (!row || row.kind !== 'REFRESH' || row.client_id !== clientId) {
      throw oauthError(400, 'invalid_grant', MSG.refreshInvalid);
    }
    if (row.revoked_at || row.expires_at.getTime() <= Date.now() || !row.user_id) {
      throw oauthError(400, 'invalid_grant', MSG.refreshInvalid);
    }
    const userId = row.user_id;
    const seed = newSeed();
    const outcome = await db.transaction().execute(async (trx) => {
      const r = authRepo(trx);
      await r.lockUserShared(userId);
      const user = await r.findUserById(userId);
      if (!user || !user.active) {
        await r.revokeFamily(row.family_id);
        return { error: user ? MSG.userDisabled : MSG.refreshInvalid, tokens: null };
      }
      if (await r.consumeRefresh(hash, seed)) {
        const tokens = await issue(trx, clientId, user.id, row.family_id, (kind) => successorToken(refreshToken, seed, kind));
        return { error: null, tokens };
      }
      const again = await repeatedRotation(trx, refreshToken);
      if (again) return { error: null, tokens: again };
      // Rotation: a refresh token works once. Seeing it again means it leaked: the whole family dies.
      await r.revokeFamily(row.family_id);
      return { error: MSG.refreshInvalid as string, tokens: null };
    });
    if (!outcome.tokens) throw oauthError(400, 'invalid_grant', outcome.error ?? MSG.refreshInvalid);
    return outcome.tokens;
  }

  return {
    refreshTtlSeconds: settings.refreshTtlSeconds,
    findAccount,
    findAccounts,
    authenticateClient,
    /** Tokens for a user whose identity another proof established (an e-mail confirmation link). */
    issueForUser: (clientId: string, userId: number) => issue(db, clientId, userId),

    async token(req: TokenRequest, address: string): Promise<TokenResponse> {
      await authenticateClient(req.client_id, req.client_secret);
      switch (req.grant_type) {
        case 'client_credentials':
          return issue(db, req.client_id, null);
        case 'password': {
          const userId = await passwordGrant(req.username, req.password, req.domain || undefined, address);
          return issue(db, req.client_id, userId);
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
      const session = await findAccessSession(tokenHash(token));
      const row = session?.token;
      if (!row || row.kind !== 'ACCESS' || row.revoked_at) return { status: 'invalid', appClientId: null, user: null };
      if (row.expires_at.getTime() <= Date.now()) {
        return { status: 'expired', appClientId: row.client_id, user: null };
      }
      if (row.user_id === null) return { status: 'valid', appClientId: row.client_id, user: null };
      const user = session.user;
      if (!user || !user.active) return { status: 'invalid', appClientId: null, user: null };
      return { status: 'valid', appClientId: row.client_id, user: toAuthUser(user), sessionId: row.family_id };
    },

    /** Every session of a user ends at once (a disabled employee, a changed password), but the one that asked. */
    revokeUserTokens: (userId: number, exceptSessionId?: string) => repo.revokeUserTokens(userId, exceptSessionId),

    /** Stops keeping sessions (the app closes). */
    close: () => sessions?.close(),

    purgeExpiredTokens: () => repo.deleteExpiredTokens(new Date(Date.now() - 24 * 3600 * 1000)),

    check(auth: AuthContext, partnerName: string | null, timeZone: string = DEFAULT_TIME_ZONE): CheckResponse {
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
              TIME_ZONE: timeZone,
            }
          : null,
      };
    },

    confirmLogin: (userId: number) => repo.touchLogin(userId),

    /**
     * A signed-in user's password check (change_password's current password), reserved under the account's sign-in
     * limit before its hash: 429 once the account is limited; a right password gives the reservation back.
     */
    reservePasswordCheck: (userId: number, address: string) => reserveAttempt([accountKey(userId)], address),

    /**
     * A password check of an account kept outside users (the 1C exchange's login: `key` names it), under the same
     * sign-in limit: 429 once it is limited; a right password gives the reservation back and clears its failures.
     */
    reserveKeyedCheck: async (key: string, address: string) => {
      const attempt = await reserveAttempt([key], address);
      return {
        succeeded: async () => {
          await attempt.release();
          await repo.clearFailures(key);
        },
      };
    },

    /** The users table is auth's: other modules change staff accounts through these, in their transaction. */
    staffAccounts,
    rolesOf,
    roleFlagsOf,

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
