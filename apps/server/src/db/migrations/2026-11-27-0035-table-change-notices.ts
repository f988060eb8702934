import { sql, type Kysely } from 'kysely';

/**
 * Tables whose changes the server processes hear of (db/change-feed.ts): a statement that updates, deletes or
 * truncates them sends a notice on the channel `table_changes` with the table's name, delivered when its transaction
 * commits, once per table and transaction. `users` and `auth_tokens` make a signed-in session: each process keeps the
 * sessions it read (modules/auth/session-cache.ts) until such a notice. A row inserted changes no session read before.
 */
export const NOTICE_CHANNEL = 'table_changes';
const TABLES = ['users', 'auth_tokens'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create function notify_table_change() returns trigger language plpgsql as $$
    begin perform pg_notify(${sql.lit(NOTICE_CHANNEL)}, tg_table_name); return null; end $$`.execute(db);
  for (const table of TABLES) {
    await sql`create trigger ${sql.raw(`${table}_change_notice`)} after update or delete or truncate on ${sql.raw(table)}
      for each statement execute function notify_table_change()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await sql`drop trigger ${sql.raw(`${table}_change_notice`)} on ${sql.raw(table)}`.execute(db);
  await sql`drop function notify_table_change()`.execute(db);
}
