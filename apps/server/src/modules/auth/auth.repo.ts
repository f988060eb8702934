import { sql } from 'kysely';
import type { Db } from '@/db/database';

export type UserRow = Awaited<ReturnType<ReturnType<typeof authRepo>['findUserById']>>;

const USER_COLUMNS = [
  'id', 'kind', 'email_confirmed_at', 'partner_id', 'client_id', 'email', 'password_hash', 'name', 'surname', 'is_owner',
  'role_admin', 'role_orders', 'role_price', 'role_clients', 'role_loyalty', 'active',
] as const;

export function authRepo(db: Db) {
  return {
    findOauthClient: (id: string) =>
      db.selectFrom('oauth_clients').selectAll().where('id', '=', id).executeTakeFirst(),

    upsertOauthClient: (id: string, secretHash: string, name: string) =>
      db
        .insertInto('oauth_clients')
        .values({ id, secret_hash: secretHash, name })
        .onConflict((oc) => oc.column('id').doUpdateSet({ secret_hash: secretHash }))
        .execute(),

    findUserById: (id: number) =>
      db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst(),

    findStaffByEmail: (email: string) =>
      db
        .selectFrom('users')
        .select(USER_COLUMNS)
        .where('kind', '<>', 'CLIENT')
        .where('deleted_at', 'is', null)
        .where(sql`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst(),

    findClientUsers: (email: string, partnerId?: number) => {
      let q = db
        .selectFrom('users')
        .select(USER_COLUMNS)
        .where('kind', '=', 'CLIENT')
        .where(sql`lower(email)`, '=', email.toLowerCase());
      if (partnerId !== undefined) q = q.where('partner_id', '=', partnerId);
      return q.limit(2).execute();
    },

    touchLogin: (userId: number) =>
      db.updateTable('users').set({ last_login_at: new Date() }).where('id', '=', userId).execute(),

    insertToken: (row: {
      token_hash: string;
      kind: 'ACCESS' | 'REFRESH';
      family_id: string;
      client_id: string;
      user_id: number | null;
      expires_at: Date;
    }) => db.insertInto('auth_tokens').values(row).execute(),

    findToken: (hash: string) =>
      db.selectFrom('auth_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirst(),

    /** Marks a refresh token used; answers false when it was already used (a replay). */
    consumeRefresh: async (hash: string) => {
      const res = await db
        .updateTable('auth_tokens')
        .set({ used_at: new Date() })
        .where('token_hash', '=', hash)
        .where('kind', '=', 'REFRESH')
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    revokeFamily: (familyId: string) =>
      db
        .updateTable('auth_tokens')
        .set({ revoked_at: new Date() })
        .where('family_id', '=', familyId)
        .where('revoked_at', 'is', null)
        .execute(),

    revokeUserTokens: (userId: number) =>
      db
        .updateTable('auth_tokens')
        .set({ revoked_at: new Date() })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute(),

    deleteExpiredTokens: (before: Date) =>
      db.deleteFrom('auth_tokens').where('expires_at', '<', before).execute(),

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

    confirmEmail: (userId: number) =>
      db.updateTable('users').set({ email_confirmed_at: new Date() }).where('id', '=', userId).execute(),

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

    recordFailure: (account: string, address: string) =>
      db.insertInto('login_failures').values({ account, address }).execute(),

    clearFailures: (account: string) => db.deleteFrom('login_failures').where('account', '=', account).execute(),
  };
}
