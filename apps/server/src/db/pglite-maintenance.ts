import { sql } from 'kysely';
import type { Db } from './database';

/**
 * The embedded PGlite runs no autovacuum: no statistics follow a table's growth (a table analysed when small, or
 * never, is planned as small for good, and a query over it that has since grown reads it whole), and the rows updates
 * and deletes leave behind stay in the table and its indexes, read by every search that meets them (a price list
 * whose uploads had come and gone five times: 512,000 such index entries walked by each chunk of the next apply).
 * Every few minutes the tables whose size moved by more than a tenth since their last analysis (autovacuum's own
 * threshold; PGlite keeps no counts of changed or dead rows, so the size stands for them: with nothing cleared out,
 * a table changed grows) are vacuumed and analysed, one at a time, so that requests answer in between.
 */
export async function maintainGrownTables(db: Db): Promise<string[]> {
  const grown = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r'
      and abs(pg_relation_size(c.oid) / current_setting('block_size')::int - greatest(c.relpages, 0)) > 10 + 0.1 * greatest(c.relpages, 0)
    order by c.relname`.execute(db);
  const names = grown.rows.map((r) => r.name);
  for (const name of names) {
    await sql`vacuum (analyze) ${sql.table(name)}`.execute(db);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return names;
}
