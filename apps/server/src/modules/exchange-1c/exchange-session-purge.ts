import { sql } from 'kysely';
import { EXCHANGE_1C_LIMITS } from '@b2b/contracts/exchange-1c';
import type { Db } from '@/db/database';
import type { BlobStore } from '@/files/blob-store';
import { sessionPrefix } from './exchange-files';

/** A session's files are kept this long after its cookie died: time for the last import to have run. */
const KEEP_AFTER_END_HOURS = 24;
const BATCH = 100;

/**
 * Removes the files of exchange sessions that ended a day ago or more (their cookie dead since sessionHours of
 * silence) and have no run still going, then their rows: the store's objects first, so a failure leaves a row that
 * the next purge takes again. Answers how many sessions went. Run by the hourly store-wide purge (one host's turn).
 */
export async function purgeEndedSessions(db: Db, blobs: BlobStore): Promise<number> {
  let purged = 0;
  for (;;) {
    const ended = await db
      .selectFrom('exchange_1c_sessions as s')
      .select(['s.partner_id', 's.id'])
      .where('s.last_seen_at', '<', sql<Date>`now() - make_interval(hours => ${EXCHANGE_1C_LIMITS.sessionHours + KEEP_AFTER_END_HOURS})`)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('exchange_1c_runs as r')
              .select(sql`1`.as('one'))
              .whereRef('r.partner_id', '=', 's.partner_id')
              .whereRef('r.session_id', '=', 's.id')
              .where('r.status', '=', 'RUNNING'),
          ),
        ),
      )
      .orderBy('s.partner_id')
      .orderBy('s.id')
      .limit(BATCH)
      .execute();
    for (const s of ended) {
      await blobs.deletePrefix(sessionPrefix(Number(s.partner_id), Number(s.id)));
      await db.deleteFrom('exchange_1c_sessions').where('partner_id', '=', s.partner_id).where('id', '=', s.id).execute();
      purged += 1;
    }
    if (ended.length < BATCH) return purged;
  }
}
