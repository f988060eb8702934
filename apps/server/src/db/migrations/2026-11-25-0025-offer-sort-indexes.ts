import { sql, type Kysely } from 'kysely';

/**
 * The offers list pages in each of its sorts along an index instead of sorting all of a partner's offers (2,000 in
 * the benchmark: 1.9 ms for a page by name). The end date, which may be empty, keeps its sort: no one index serves
 * its empty dates last in both directions, and it is the rarest sort.
 */
const SORTS = ['name', 'date_start', 'sort', 'created_at'];

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of SORTS) await sql.raw(`create index offers_by_${column}_idx on offers (partner_id, ${column}, id)`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of SORTS) await sql.raw(`drop index offers_by_${column}_idx`).execute(db);
}
