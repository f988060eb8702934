import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { TEST_DATABASE_URL } from '@/test/postgres-url';
import { preparingPool } from './prepared-statements';

/* On a real PostgreSQL (the api-pg project): what the server's connections hold after many different statements. */
describe.skipIf(process.env.TEST_DB_ENGINE !== 'postgres')('prepared statements on PostgreSQL', () => {
  let pool: pg.Pool;
  let db: Kysely<unknown>;
  beforeAll(() => {
    pool = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 1 });
    db = new Kysely({ dialect: new PostgresDialect({ pool: preparingPool(pool, 50) }) });
  });
  afterAll(async () => {
    await db.destroy();
  });

  const prepared = async () =>
    Number((await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements`.execute(db)).rows[0].n);

  it('answers as an unprepared statement does, and prepares it once on the connection', async () => {
    for (let i = 0; i < 7; i++) {
      const r = await sql<{ v: number }>`select ${i}::int + 1 as v`.execute(db);
      expect(r.rows[0].v).toBe(i + 1);
    }
    const names = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db);
    expect(names.rows.filter((r) => r.statement.includes('+ 1 as v'))).toHaveLength(1);
  });

  it("runs a prepared `select *` again after a migration changed its table's columns (a deployment meanwhile)", async () => {
    // A temporary table: the pool's one session holds it, and it ends with the session whatever the test does.
    await sql`create temporary table prepared_shape (id int)`.execute(db);
    await sql`insert into prepared_shape values (1)`.execute(db);
    const read = () => db.selectFrom('prepared_shape' as never).selectAll().execute();
    expect(await read()).toEqual([{ id: 1 }]);
    await sql`alter table prepared_shape add column note text default 'x'`.execute(db);
    expect(await read()).toEqual([{ id: 1, note: 'x' }]);
    expect(await read()).toEqual([{ id: 1, note: 'x' }]);
    await sql`drop table prepared_shape`.execute(db);
  });

  it('keeps at most its limit of statements, however many different ones run', async () => {
    for (let i = 0; i < 120; i++) await sql`select ${sql.lit(i)}::int as n${sql.raw(String(i))}`.execute(db);
    // The count's own statement is one of them.
    expect(await prepared()).toBeLessThanOrEqual(51);
    expect(await prepared()).toBeGreaterThan(40);
  });
});
