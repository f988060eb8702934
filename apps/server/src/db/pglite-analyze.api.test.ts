import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database';
import { analyzeGrownTables } from './pglite-analyze';

/* The embedded database's stand-in for autovacuum's analyse: tables that grew get statistics, the others are left. */
describe.skipIf(process.env.TEST_DB_ENGINE === 'postgres')('statistics of grown tables on the embedded database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ inMemory: true });
    await sql`create table grows (id int primary key, note text)`.execute(database.db);
    await sql`create table stays (id int primary key)`.execute(database.db);
    await sql`insert into stays select g from generate_series(1, 5) g`.execute(database.db);
    await analyzeGrownTables(database.db);
  });
  afterAll(() => database.close());

  const estimate = async (table: string) =>
    Number((await sql<{ n: number }>`select reltuples::int as n from pg_class where relname = ${table}`.execute(database.db)).rows[0].n);

  it('analyses a table that grew since its last analysis, and only such tables', async () => {
    await sql`insert into grows select g, repeat('x', 100) from generate_series(1, 20000) g`.execute(database.db);
    expect(await estimate('grows')).toBeLessThan(1);
    const analysed = await analyzeGrownTables(database.db);
    expect(analysed).toContain('grows');
    expect(analysed).not.toContain('stays');
    expect(await estimate('grows')).toBe(20000);
    // Nothing moved since: nothing to do.
    expect(await analyzeGrownTables(database.db)).toEqual([]);
  });
});
