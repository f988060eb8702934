import { sql, type Kysely } from 'kysely';

/**
 * Every GIN index (the searches' trigrams and suffixes) takes its new entries into its structure at once rather than
 * into a pending list. A pending list is read whole by every search until a vacuum merges it, and the embedded PGlite
 * runs no autovacuum: a catalogue or orders loaded after the indexes were made stayed in it for good (an order search
 * for a number nobody has read 479 pages, 28 ms; 0.01 ms once merged). On PostgreSQL it spares a search the list
 * an autovacuum has not merged yet; an order or a client inserted pays a few index pages instead.
 */
/** The GIN indexes of the schema, by name. */
async function ginIndexes(db: Kysely<any>): Promise<string[]> {
  const gin = await sql<{ name: string }>`
    select c.relname as name from pg_class c
    join pg_am a on a.oid = c.relam join pg_namespace n on n.oid = c.relnamespace
    where a.amname = 'gin' and n.nspname = 'public'`.execute(db);
  return gin.rows.map((r) => r.name);
}

export async function up(db: Kysely<any>): Promise<void> {
  for (const name of await ginIndexes(db)) {
    await sql`alter index ${sql.table(name)} set (fastupdate = off)`.execute(db);
    // What the list already holds goes into the index now.
    await sql`select gin_clean_pending_list(${name}::regclass)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of await ginIndexes(db)) await sql`alter index ${sql.table(name)} reset (fastupdate)`.execute(db);
}
