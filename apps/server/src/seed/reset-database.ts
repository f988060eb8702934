import { sql } from 'kysely';
import type { Db } from '@/db/database';

/** Empties every table of the application (not Kysely's migration bookkeeping) and restarts the identities. */
export async function truncateAllTables(db: Db): Promise<string[]> {
  const { rows } = await sql<{ tablename: string }>`
    select tablename from pg_tables
    where schemaname = 'public' and tablename not like 'kysely_migration%'
    order by tablename`.execute(db);
  const tables = rows.map((r) => r.tablename);
  if (tables.length) {
    await sql`truncate table ${sql.join(tables.map((t) => sql.table(t)))} restart identity cascade`.execute(db);
  }
  return tables;
}
