import { sql } from 'kysely';
import { EXCHANGE_1C_LIMITS } from '@b2b/contracts/exchange-1c';
import type { Db } from '@/db/database';

/*
 * The exchange account (exchange_1c_settings' login and password, read here for checkauth) and the sessions a
 * successful checkauth opens (exchange_1c_sessions: only the cookie's sha256 is stored).
 */

const alive = sql<boolean>`last_seen_at > now() - make_interval(hours => ${EXCHANGE_1C_LIMITS.sessionHours})`;

export function exchangeSessionsRepo(db: Db) {
  return {
    /** The account 1C's Basic auth names (logins are unique over all partners, case aside). */
    findAccount: (login: string) =>
      db
        .selectFrom('exchange_1c_settings')
        .select(['partner_id', 'password_hash'])
        .where(sql`lower(login)`, '=', login.toLowerCase())
        .where('password_hash', 'is not', null)
        .executeTakeFirst(),

    open: (partnerId: number, tokenHash: string) =>
      db
        .insertInto('exchange_1c_sessions')
        .values({ partner_id: partnerId, token_hash: tokenHash })
        .returning(['id', 'partner_id'])
        .executeTakeFirstOrThrow(),

    /** The live session of a cookie, its last call moved to now (one statement). */
    touch: (tokenHash: string) =>
      db
        .updateTable('exchange_1c_sessions')
        .set({ last_seen_at: sql`now()` })
        .where('token_hash', '=', tokenHash)
        .where(alive)
        .returning(['partner_id', 'id', 'bytes_received'])
        .executeTakeFirst(),

    /**
     * Counts `bytes` into the session's total unless that passes `cap`: the new total, or undefined when refused. One
     * UPDATE … RETURNING, so parallel parts cannot pass the cap together.
     */
    addBytes: async (partnerId: number, sessionId: number, bytes: number, cap: number) => {
      const row = await db
        .updateTable('exchange_1c_sessions')
        .set({ bytes_received: sql`bytes_received + ${bytes}` })
        .where('partner_id', '=', partnerId)
        .where('id', '=', sessionId)
        .where(sql<boolean>`bytes_received + ${bytes} <= ${cap}`)
        .returning('bytes_received')
        .executeTakeFirst();
      return row ? Number(row.bytes_received) : undefined;
    },

    /** Gives back bytes counted for a part that was then refused. */
    returnBytes: (partnerId: number, sessionId: number, bytes: number) =>
      db
        .updateTable('exchange_1c_sessions')
        .set({ bytes_received: sql`greatest(0, bytes_received - ${bytes})` })
        .where('partner_id', '=', partnerId)
        .where('id', '=', sessionId)
        .execute(),

    resetBytes: (partnerId: number, sessionId: number) =>
      db.updateTable('exchange_1c_sessions').set({ bytes_received: 0 }).where('partner_id', '=', partnerId).where('id', '=', sessionId).execute(),
  };
}
