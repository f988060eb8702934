import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/database';
import { openEmptyDatabase } from '@/test/empty-database';
import { migrateToLatest } from './migrate';
import { applyReadModelSql, READ_MODEL_SQL_FILES, readModelSqlFiles, sqlChecksum, type SqlFile } from './read-model-sql';

/*
 * The trigger SQL files (db/read-model-sql.ts) on a fresh database of the project's engine: every trigger and trigger
 * function there is the one a file defines, and a changed file is applied again by the next start, alone.
 */

const src = path.resolve(import.meta.dirname, '..');
const files = readModelSqlFiles();
const FUNCTION = /create or replace function (\w+)\(\) returns \w+ language plpgsql as \$\$([\s\S]*?)\$\$/g;
const TRIGGER = /create trigger (\w+) [\s\S]*? on (\w+)\s/g;
const defined = (file: SqlFile) => ({
  functions: [...file.text.matchAll(FUNCTION)].map((m) => ({ name: m[1], body: m[2] })),
  triggers: [...file.text.matchAll(TRIGGER)].map((m) => `${m[2]}.${m[1]}`),
});

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openEmptyDatabase());
  await migrateToLatest(database.db);
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

describe('trigger SQL files', () => {
  it('are every .sql file under src/, and define each function once', () => {
    const found = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.sql'));
    expect(found.map((f) => f.split(path.sep).join('/')).sort()).toEqual([...READ_MODEL_SQL_FILES].sort());
    const names = files.flatMap((f) => defined(f).functions.map((fn) => fn.name));
    expect(names.length).toBeGreaterThan(20);
    expect(new Set(names).size).toBe(names.length);
  });

  it('hold every trigger and trigger function of a fresh database, as the database has them', async () => {
    const { rows: functions } = await sql<{ name: string; body: string; trigger: boolean }>`
      select p.proname as name, p.prosrc as body, p.prorettype = 'trigger'::regtype as trigger from pg_proc p
      where p.pronamespace = current_schema()::regnamespace and p.prolang = (select oid from pg_language where lanname = 'plpgsql')
      order by 1`.execute(database.db);
    const { rows: triggers } = await sql<{ name: string }>`
      select c.relname || '.' || t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where not t.tgisinternal and c.relnamespace = current_schema()::regnamespace order by 1`.execute(database.db);
    const fromFiles = files.map(defined);
    const fileFunctions = new Map(fromFiles.flatMap((d) => d.functions.map((f) => [f.name, f.body] as const)));
    expect(functions.filter((f) => f.trigger && !fileFunctions.has(f.name)).map((f) => f.name)).toEqual([]);
    for (const [name, body] of fileFunctions) expect(functions.find((f) => f.name === name)?.body, name).toBe(body);
    expect(triggers.map((t) => t.name)).toEqual(fromFiles.flatMap((d) => d.triggers).sort());
    expect(triggers.length).toBeGreaterThan(60);
  });

  it('are recorded by checksum: an unchanged file is not applied again, a changed one is, alone, by the next start', async () => {
    const db = database.db;
    expect(await migrateToLatest(db)).toEqual([]);
    const name = 'modules/orders/list/read-model/order-counts.sql';
    const original = files.find((f) => f.name === name)!;
    const changed = { name, text: original.text.replace('begin\n', 'begin\n  -- the next version\n') };
    expect(changed.text).not.toBe(original.text);
    const body = async () =>
      (await sql<{ body: string }>`select prosrc as body from pg_proc where proname = 'order_counts_apply'`.execute(db)).rows[0].body;
    const recorded = async () =>
      (await sql<{ checksum: string }>`select checksum from read_model_sql where name = ${name}`.execute(db)).rows[0].checksum;
    const triggers = async () =>
      (await sql<{ n: number }>`select count(*)::int as n from pg_trigger where tgname like 'order_counts_%'`.execute(db)).rows[0].n;

    const next = files.map((f) => (f.name === name ? changed : f));
    expect(await applyReadModelSql(db, next)).toEqual([name]);
    expect(await body()).toContain('-- the next version');
    expect(await recorded()).toBe(sqlChecksum(changed.text));
    expect(await triggers()).toBe(3);
    expect(await applyReadModelSql(db, next)).toEqual([]);

    // The file as it is again (what the other tests of this database expect).
    expect(await migrateToLatest(db)).toEqual([name]);
    expect(await body()).not.toContain('-- the next version');
    expect(await recorded()).toBe(sqlChecksum(original.text));
  });

  it('own their functions and triggers: no dated migration after 0049 (the last that wrote one) redefines one', () => {
    const owned = files.flatMap((f) => {
      const d = defined(f);
      return [...d.functions.map((fn) => fn.name), ...d.triggers.map((t) => t.split('.')[1])];
    });
    const dir = path.join(src, 'db/migrations');
    // The files run after every migration: a migration's own version of a function would be undone at once.
    const later = readdirSync(dir).filter((f) => f > '2026-11-28-0050');
    for (const file of later) {
      const text = readFileSync(path.join(dir, file), 'utf8');
      const redefined = owned.filter((name) => new RegExp(`(function|trigger)\\s+${name}\\b`, 'i').test(text));
      expect(redefined, file).toEqual([]);
    }
  });
});
