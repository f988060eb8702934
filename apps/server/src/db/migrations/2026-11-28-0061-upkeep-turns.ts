import { sql, type Kysely } from 'kysely';

/*
 * upkeep_turns (issue 42): the hourly upkeep every host runs takes its turn here, so that with N hosts one of them
 * walks the file store for expired and orphaned objects each hour instead of all N (a bucket listing is not free).
 * A host takes the turn with one UPDATE … WHERE last_run_at is old enough RETURNING: at most one wins a window.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table upkeep_turns (
      name text primary key,
      last_run_at timestamptz not null default 'epoch'
    )`.execute(db);
}
