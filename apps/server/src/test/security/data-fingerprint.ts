import { sql } from 'kysely';
import type { Db } from '@/db/database';

/** Tables that change on their own while requests are answered (sessions, sign-in counters, queues). */
const VOLATILE = new Set(['auth_tokens', 'auth_checkwords', 'login_failures', 'jobs', 'mail_outbox', 'kysely_migration', 'kysely_migration_lock']);

/**
 * A digest per table of one partner's rows (every table with a partner_id column): two equal fingerprints mean
 * nothing of that partner changed in between.
 */
export async function partnerFingerprint(db: Db, partnerId: number): Promise<Record<string, string>> {
  const tables = await sql<{ table_name: string }>`
    select c.table_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and c.column_name = 'partner_id' and t.table_type = 'BASE TABLE'
    order by c.table_name`.execute(db);
  const digest: Record<string, string> = {};
  for (const { table_name: table } of tables.rows) {
    if (VOLATILE.has(table)) continue;
    const row = await sql<{ digest: string | null; n: string }>`
      select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest, count(*)::text as n
      from ${sql.table(table)} t where t.partner_id = ${partnerId}`.execute(db);
    digest[table] = `${row.rows[0].n}:${row.rows[0].digest}`;
  }
  return digest;
}
