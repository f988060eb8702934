import type { Insertable, Kysely } from 'kysely';
import type { Db } from '@/db/database';
import type { DB } from '@/db/schema';

/** Rows per multi-row INSERT: few round trips, and far below PostgreSQL's 65,535 parameters per statement. */
export const CHUNK_ROWS = 500;

type Table = keyof DB & string;

function* chunks<T>(rows: readonly T[]): Generator<T[]> {
  for (let i = 0; i < rows.length; i += CHUNK_ROWS) yield rows.slice(i, i + CHUNK_ROWS);
}

/** Inserts rows in chunks of CHUNK_ROWS. */
export async function insertRows<T extends Table>(db: Db, table: T, rows: readonly Insertable<DB[T]>[]): Promise<void> {
  const untyped = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  for (const chunk of chunks(rows)) await untyped.insertInto(table).values(chunk).execute();
}

/**
 * Inserts rows in chunks and answers their generated ids in the order of `rows`. The rows are matched
 * by `keyColumns` (unique among the rows), because PostgreSQL does not promise RETURNING's order.
 */
export async function insertReturningIds<T extends Table>(
  db: Db,
  table: T,
  rows: readonly Insertable<DB[T]>[],
  keyColumns: readonly (keyof DB[T] & string)[],
): Promise<number[]> {
  const untyped = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const keyOf = (row: Record<string, unknown>) => keyColumns.map((c) => String(row[c])).join('\u0001');
  const ids = new Map<string, number>();
  for (const chunk of chunks(rows)) {
    const returned = await untyped
      .insertInto(table)
      .values(chunk)
      .returning(['id', ...keyColumns])
      .execute();
    for (const row of returned) ids.set(keyOf(row), Number(row.id));
  }
  return rows.map((row) => {
    const id = ids.get(keyOf(row as Record<string, unknown>));
    if (id === undefined) throw new Error(`${table}: no id returned for ${keyOf(row as Record<string, unknown>)}`);
    return id;
  });
}
