import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database';
import { maintainGrownTables } from './pglite-maintenance';

/* The embedded database's stand-in for autovacuum: tables that grew are vacuumed and get statistics, the others are left. */
describe.skipIf(process.env.TEST_DB_ENGINE === 'postgres')('upkeep of grown tables on the embedded database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ inMemory: true });
    await sql`create table grows (id int primary key, note text)`.execute(database.db);
    await sql`create table stays (id int primary key)`.execute(database.db);
    await sql`insert into stays select g from generate_series(1, 5) g`.execute(database.db);
    await maintainGrownTables(database.db);
  });
  afterAll(() => database.close());

  const estimate = async (table: string) =>
    Number((await sql<{ n: number }>`select reltuples::int as n from pg_class where relname = ${table}`.execute(database.db)).rows[0].n);

  it('analyses a table that grew since its last analysis, and only such tables', async () => {
    await sql`insert into grows select g, repeat('x', 100) from generate_series(1, 20000) g`.execute(database.db);
    expect(await estimate('grows')).toBeLessThan(1);
    const analysed = await maintainGrownTables(database.db);
    expect(analysed).toContain('grows');
    expect(analysed).not.toContain('stays');
    expect(await estimate('grows')).toBe(20000);
    // Nothing moved since: nothing to do.
    expect(await maintainGrownTables(database.db)).toEqual([]);
  });

  it('clears out the rows a table deleted, so that the next ones take their place instead of growing it', async () => {
    const db = database.db;
    await sql`create table churns (id int primary key, note text)`.execute(db);
    const size = async () => Number((await sql<{ n: number }>`select pg_relation_size('churns') as n`.execute(db)).rows[0].n);
    const replaceAll = async (from: number) => {
      await sql`delete from churns`.execute(db);
      await sql`insert into churns select g, repeat('x', 100) from generate_series(${from}::int, ${from + 9999}::int) g`.execute(db);
    };
    await replaceAll(1);
    expect(await maintainGrownTables(db)).toContain('churns');
    // Replaced whole: the deleted rows still hold their pages, so the table doubles, and is seen to have grown.
    await replaceAll(10001);
    const doubled = await size();
    expect(await maintainGrownTables(db)).toContain('churns');
    // Vacuumed: the next replacement fits in the pages the first rows left.
    await replaceAll(20001);
    expect(await size()).toBeLessThanOrEqual(doubled);
  });
});
