import { sql, type Kysely } from 'kysely';

/**
 * A price file is applied in chunks of its lines where the database has one connection (the embedded PGlite): each
 * chunk is its own short transaction, so other requests answer between them. `applied_line` is the last staged line
 * written (null: none yet); a job cut off by a crash resumes after it, a job that fails for good rolls the written
 * chunks back from their backups, so the upload ends whole or not applied, never half.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table price_uploads add column applied_line integer`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table price_uploads drop column applied_line`.execute(db);
}
