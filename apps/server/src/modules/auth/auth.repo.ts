import { sql } from 'kysely';
import { compiledOnce, queryBuilder } from '@/db/compiled-once';
import type { Db } from '@/db/database';

export type UserRow = Awaited<ReturnType<ReturnType<typeof authRepo>['findUserById']>>;
/** An access token's row and its live user, as every request reads them. */
export type AccessSession = NonNullable<Awaited<ReturnType<ReturnType<typeof authRepo>['findAccessSession']>>>;

/** How many accounts of one address a sign-in checks the password against (each check is a slow hash). */
export const MAX_ACCOUNTS_PER_EMAIL = 5;

const USER_COLUMNS = [
  'id',
  'kind',
  'email_confirmed_at',
  'partner_id',
  'client_id',
  'email',
  'password_hash',
  'name',
  'surname',
  'is_owner',
  'role_admin',
  'role_orders',
  'role_price',
  'role_clients',
  'role_loyalty',
  'active',
] as const;

/** Every request's one statement: built once, with the token's hash as its only parameter. */
const accessSession = compiledOnce(
  queryBuilder
    .selectFrom('auth_tokens as t')
    .leftJoin('users as u', (j) => j.onRef('u.id', '=', 't.user_id').on('u.deleted_at', 'is', null))
    .select(['t.kind as token_kind', 't.revoked_at', 't.expires_at', 't.user_id', 't.client_id as token_client_id', 't.family_id'])
    .select(USER_COLUMNS.map((c) => `u.${c}` as const))
    .where('t.token_hash', '=', ''),
);

export function authRepo(db: Db) {
  return {
    findOauthClient: (id: string) => db.selectFrom('oauth_clients').selectAll().where('id', '=', id).executeTakeFirst(),

    upsertOauthClient: (id: string, secretHash: string, name: string) =>
      db
        .insertInto('oauth_clients')
        .values({ id, secret_hash: secretHash, name })
        .onConflict((oc) => oc.column('id').doUpdateSet({ secret_hash: secretHash }))
        .execute(),

    findUserById: (id: number) => db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst(),

    /**
     * The staff and manager accounts of an address (one person may work for several partners), the most recently
     * used first; with a partner, only that partner's staff.
     */
    findStaffByEmail: (email: string, partnerId?: number) => {
      let q = db
        .selectFrom('users')
        .select(USER_COLUMNS)
        .where('kind', '<>', 'CLIENT')
        .where('deleted_at', 'is', null)
        .where(sql`lower(email)`, '=', email.toLowerCase());
      if (partnerId !== undefined) q = q.where('partner_id', '=', partnerId);
      return q
        .orderBy(sql`last_login_at desc nulls last`)
        .orderBy('id')
        .limit(MAX_ACCOUNTS_PER_EMAIL)
        .execute();
    },

    findClientUsers: (email: string, partnerId?: number) => {
      let q = db
        .selectFrom('users')
        .select(USER_COLUMNS)
        .where('kind', '=', 'CLIENT')
        .where(sql`lower(email)`, '=', email.toLowerCase());
      if (partnerId !== undefined) q = q.where('partner_id', '=', partnerId);
      return q.limit(2).execute();
    },

    touchLogin: (userId: number) => db.updateTable('users').set({ last_login_at: new Date() }).where('id', '=', userId).execute(),

    insertToken: (row: {
      token_hash: string;
      kind: 'ACCESS' | 'REFRESH';
      family_id: string;
      client_id: string;
      user_id: number | null;
      expires_at: Date;
    }) => db.insertInto('auth_tokens').values(row).execute(),

    findToken: (hash: string) => db.selectFrom('auth_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirst(),

    /**
     * Every request's check, in one round trip: the token and its live user (absent when the token has none, or the
     * user is deleted).
     */
    findAccessSession: async (hash: string) => {
      const [row] = await accessSession(db, [hash]);
      if (!row) return undefined;
      const { token_kind, revoked_at, expires_at, user_id, token_client_id, family_id, ...user } = row;
      return {
        token: { kind: token_kind, revoked_at, expires_at, user_id, client_id: token_client_id, family_id },
        user: user.id === null ? undefined : (user as NonNullable<UserRow>),
      };
    },

    /**
     * Marks a refresh token used, keeping the seed its successors derive from; answers false when it was already
     * used (a replay, or the same token presented twice at once).
     */
    consumeRefresh: async (hash: string, successorSeed: string) => {
      const res = await db
        .updateTable('auth_tokens')
        .set({ used_at: new Date(), successor_seed: successorSeed })
        .where('token_hash', '=', hash)
        .where('kind', '=', 'REFRESH')
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    revokeFamily: (familyId: string) =>
      db.updateTable('auth_tokens').set({ revoked_at: new Date() }).where('family_id', '=', familyId).where('revoked_at', 'is', null).execute(),

    /** Ends every session of a user, except the token family of the session that asked (when given). */
    revokeUserTokens: (userId: number, exceptFamilyId?: string) => {
      let q = db.updateTable('auth_tokens').set({ revoked_at: new Date() }).where('user_id', '=', userId).where('revoked_at', 'is', null);
      if (exceptFamilyId) q = q.where('family_id', '<>', exceptFamilyId);
      return q.execute();
    },

    /**
     * Holds the user's row until the transaction ends. A token refresh takes it shared and a password change takes
     * it exclusively, so a refresh racing a password change either finishes first (and its new tokens are revoked)
     * or sees its family already revoked.
     */
    lockUserShared: (userId: number) => db.selectFrom('users').select('id').where('id', '=', userId).forShare().executeTakeFirst(),

    deleteExpiredTokens: (before: Date) => db.deleteFrom('auth_tokens').where('expires_at', '<', before).execute(),

    insertCheckword: (userId: number, purpose: 'RECOVERY' | 'CONFIRM_EMAIL' | 'SET_PASSWORD', hash: string, expiresAt: Date) =>
      db.insertInto('auth_checkwords').values({ user_id: userId, purpose, checkword_hash: hash, expires_at: expiresAt }).execute(),

    /** Uses a check word once: answers true only for the request that marked it used. */
    consumeCheckword: async (userId: number, purpose: 'RECOVERY' | 'CONFIRM_EMAIL' | 'SET_PASSWORD', hash: string) => {
      const res = await db
        .updateTable('auth_checkwords')
        .set({ used_at: new Date() })
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('checkword_hash', '=', hash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date())
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    setPassword: (userId: number, passwordHash: string) =>
      db.updateTable('users').set({ password_hash: passwordHash, updated_at: new Date() }).where('id', '=', userId).execute(),

    confirmEmail: (userId: number) => db.updateTable('users').set({ email_confirmed_at: new Date() }).where('id', '=', userId).execute(),

    /** Every active staff or manager account of an address (a recovery link proves the mailbox, so it resets all). */
    staffIdsByEmail: async (email: string) =>
      (
        await db
          .selectFrom('users')
          .select('id')
          .where('kind', '<>', 'CLIENT')
          .where('deleted_at', 'is', null)
          .where(sql`lower(email)`, '=', email.toLowerCase())
          .execute()
      ).map((r) => r.id),

    findUserForMail: (id: number) =>
      db.selectFrom('users').select(['id', 'email', 'name', 'password_hash', 'email_confirmed_at', 'kind']).where('id', '=', id).executeTakeFirst(),

    countFailures: async (column: 'account' | 'address', value: string, since: Date) => {
      const row = await db
        .selectFrom('login_failures')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(column, '=', value)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * Holds the sign-in limit's keys (accounts and the address) until the transaction ends, each in sorted order so
     * that two attempts sharing keys cannot deadlock. One statement per key: a count read after it sees what the
     * previous holder wrote (READ COMMITTED takes each statement's snapshot when it starts).
     */
    lockLimitKeys: async (keys: string[]) => {
      for (const key of [...new Set(keys)].sort()) {
        await sql`select pg_advisory_xact_lock(hashtext('login_failures'), hashtext(${key}))`.execute(db);
      }
    },

    /** One failure per account key, all from one address; answers the rows' ids. */
    recordFailures: async (accounts: string[], address: string) =>
      (
        await db
          .insertInto('login_failures')
          .values(accounts.map((account) => ({ account, address })))
          .returning('id')
          .execute()
      ).map((r) => r.id),

    deleteFailures: (ids: number[]) => db.deleteFrom('login_failures').where('id', 'in', ids).execute(),

    clearFailures: (account: string) => db.deleteFrom('login_failures').where('account', '=', account).execute(),
  };
}
