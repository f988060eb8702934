import { sql } from 'kysely';
import type { Db } from '@/db/database';

/**
 * Whether this host takes the turn of the upkeep task `name` now: true for at most one caller per `everyMs`, however
 * many hosts ask at once (one UPDATE … WHERE … RETURNING, not a read then a write).
 */
export async function takeUpkeepTurn(db: Db, name: string, everyMs: number): Promise<boolean> {
  await db
    .insertInto('upkeep_turns')
    .values({ name })
    .onConflict((c) => c.column('name').doNothing())
    .execute();
  const taken = await db
    .updateTable('upkeep_turns')
    .set({ last_run_at: sql`now()` })
    .where('name', '=', name)
    .where('last_run_at', '<=', sql<Date>`now() - make_interval(secs => ${everyMs / 1000})`)
    .returning('name')
    .execute();
  return taken.length > 0;
}
