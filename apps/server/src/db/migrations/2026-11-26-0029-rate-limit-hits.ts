import { sql, type Kysely } from 'kysely';

/**
 * The request-rate windows of the routes that declare one (sign-in, the password reset): in the database, so that a
 * limit holds across every server process on PostgreSQL and across a restart, and an upsert counts each request
 * atomically (no read-then-write under parallel requests).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table rate_limit_hits (key text primary key, hits integer not null, window_ends timestamptz not null)`.execute(db);
  await sql`create index rate_limit_hits_window_ends on rate_limit_hits (window_ends)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table rate_limit_hits`.execute(db);
}
