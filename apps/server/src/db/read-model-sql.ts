import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import type { Db } from './database';

/**
 * The trigger SQL files (paths under src/), in the order they are applied: each holds the current definition of its
 * functions and triggers, written to run again (`create or replace function`, `drop trigger if exists` + `create
 * trigger`). The read models come first, then the triggers that guard or notify.
 */
export const READ_MODEL_SQL_FILES = [
  'modules/orders/list/read-model/order-client-name.sql',
  'modules/orders/list/read-model/order-counts.sql',
  'modules/orders/list/read-model/order-status-counts.sql',
  'modules/clients/list/read-model/client-counts.sql',
  'modules/clients/list/read-model/client-order-stats.sql',
  'modules/reports/read-model/report-sales.sql',
  'modules/reports/read-model/report-group-orders.sql',
  'modules/pricing/read-model/catalog-section-counts.sql',
  'modules/pricing/read-model/pricing-versions.sql',
  'modules/storefront/read-model/catalog-versions.sql',
  'modules/orders/order-items-cur-price.sql',
  'modules/pricing/price-list-references.sql',
  'db/table-change-notices.sql',
] as const;

export interface SqlFile {
  name: string;
  text: string;
}

/** src/ when run from TypeScript source (tsx, vitest); the bundle's sql/ folder, where build.mjs copies the files. */
const root = import.meta.url.endsWith('.ts') ? new URL('../', import.meta.url) : new URL('./sql/', import.meta.url);

export const readModelSqlFiles = (): SqlFile[] => READ_MODEL_SQL_FILES.map((name) => ({ name, text: readFileSync(new URL(name, root), 'utf8') }));

const COMMENT = /--[^\n]*|\/\*[\s\S]*?\*\//g;

/**
 * A file's statements, cut at each `;` outside strings, quoted names, dollar-quoted bodies and comments: both
 * engines run one statement per call (PGlite's extended protocol takes no more).
 */
export function sqlStatements(text: string): string[] {
  const statements: string[] = [];
  let start = 0;
  for (const m of text.matchAll(/\$(\w*)\$[\s\S]*?\$\1\$|'(?:[^']|'')*'|"(?:[^"]|"")*"|--[^\n]*|\/\*[\s\S]*?\*\/|;/g)) {
    if (m[0] !== ';') continue;
    statements.push(text.slice(start, m.index));
    start = m.index + 1;
  }
  statements.push(text.slice(start));
  return statements.map((s) => s.trim()).filter((s) => s.replace(COMMENT, '').trim());
}

export const sqlChecksum = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Applies each file whose checksum differs from the one recorded in read_model_sql (migration 0058), each in its own
 * transaction; answers the names applied.
 */
export async function applyReadModelSql(db: Db, files: SqlFile[] = readModelSqlFiles()): Promise<string[]> {
  const { rows } = await sql<{ name: string; checksum: string }>`select name, checksum from read_model_sql`.execute(db);
  const recorded = new Map(rows.map((r) => [r.name, r.checksum]));
  const applied: string[] = [];
  for (const file of files) {
    const checksum = sqlChecksum(file.text);
    if (recorded.get(file.name) === checksum) continue;
    const ran = await db.transaction().execute(async (trx) => {
      // Servers starting together against one database: one applies the file, the others then find its checksum.
      await sql`select pg_advisory_xact_lock(hashtext('read_model_sql'))`.execute(trx);
      const { rows: now } = await sql<{ checksum: string }>`select checksum from read_model_sql where name = ${file.name}`.execute(trx);
      if (now[0]?.checksum === checksum) return false;
      for (const statement of sqlStatements(file.text)) await sql.raw(statement).execute(trx);
      await sql`
        insert into read_model_sql (name, checksum) values (${file.name}, ${checksum})
        on conflict (name) do update set checksum = excluded.checksum, applied_at = now()`.execute(trx);
      return true;
    });
    if (ran) applied.push(file.name);
  }
  return applied;
}
