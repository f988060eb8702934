import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { TEST_DATABASE_URL } from '@/test/postgres-url';
import { PagingPostgresDialect } from './paging-compiler';
import { preparingPool } from './prepared-statements';

/* On a real PostgreSQL (the api-pg project): what the server's connections hold after many different statements. */
describe.skipIf(process.env.TEST_DB_ENGINE !== 'postgres')('prepared statements on PostgreSQL', () => {
  let pool: pg.Pool;
  let db: Kysely<unknown>;
  beforeAll(() => {
    pool = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 1 });
    db = new Kysely({ dialect: new PostgresDialect({ pool: preparingPool(pool, { max: 50 }) }) });
  });
  afterAll(async () => {
    await db.destroy();
  });

  const prepared = async () => Number((await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements`.execute(db)).rows[0].n);

  it('answers as an unprepared statement does, and prepares it once on the connection', async () => {
    for (let i = 0; i < 7; i++) {
      const r = await sql<{ v: number }>`select ${i}::int + 1 as v`.execute(db);
      expect(r.rows[0].v).toBe(i + 1);
    }
    const names = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db);
    expect(names.rows.filter((r) => r.statement.includes('+ 1 as v'))).toHaveLength(1);
  });

  const backend = async () => Number((await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0].pid);

  it("runs a prepared `select *` again after a migration changed its table's columns, on a fresh connection (a deployment meanwhile)", async () => {
    const table = sql.table(`prepared_shape_${process.pid}`);
    await sql`create table ${table} (id int)`.execute(db);
    try {
      await sql`insert into ${table} values (1)`.execute(db);
      const read = () => sql`select * from ${table}`.execute(db).then((r) => r.rows);
      expect(await read()).toEqual([{ id: 1 }]);
      const before = await backend();
      await sql`alter table ${table} add column note text default 'x'`.execute(db);
      expect(await read()).toEqual([{ id: 1, note: 'x' }]);
      // pg cannot forget the stale statement: its connection was closed and another one answers.
      expect(await backend()).not.toBe(before);
      expect(await read()).toEqual([{ id: 1, note: 'x' }]);
    } finally {
      await sql`drop table ${table}`.execute(db);
    }
  });

  it('keeps at most its limit of statements on a connection, however many different ones run (a pg upgrade that broke naming fails here)', async () => {
    const backends = new Set<number>();
    let most = 0;
    for (let i = 0; i < 120; i++) {
      await sql`select ${sql.lit(i)}::int as n${sql.raw(String(i))}`.execute(db);
      if (i % 10 === 9) {
        backends.add(await backend());
        most = Math.max(most, await prepared());
      }
    }
    expect(most).toBeLessThanOrEqual(50);
    expect(most).toBeGreaterThan(20);
    expect(backends.size).toBeGreaterThan(1);
  });

  it("plans a page's statement once: with its limit written in, PostgreSQL keeps its generic plan", async () => {
    const paging = new Kysely<{ paged: { id: number; k: number } }>({
      dialect: new PagingPostgresDialect({ pool: preparingPool(pool, { max: 50 }) }),
    });
    await sql`create temporary table paged as select g as id, g % 997 as k from generate_series(1, 20000) g`.execute(db);
    await sql`create index on paged (k, id)`.execute(db);
    await sql`analyze paged`.execute(db);
    const plans = async (marker: string) =>
      (
        await sql<{ generic: number; custom: number }>`
          select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where statement like ${`%${marker}%`}`.execute(
          db,
        )
      ).rows[0];
    for (let i = 0; i < 8; i++) {
      const page = await paging.selectFrom('paged').select('id').where('k', '>', i).orderBy('k').orderBy('id').limit(24).offset(0).execute();
      expect(page).toHaveLength(24);
      // The same page with the limit as a parameter: its generic plan is costed as reading a tenth of the table.
      await db
        .selectFrom('paged' as never)
        .select('id as pid' as never)
        .where('k' as never, '>', i as never)
        .orderBy('k' as never)
        .orderBy('id' as never)
        .limit(24)
        .offset(0)
        .execute();
    }
    expect(await plans('limit 24 offset 0')).toMatchObject({ custom: 5, generic: 3 });
    expect(await plans('"pid"')).toMatchObject({ custom: 8, generic: 0 });
    await sql`drop table paged`.execute(db);
  });
});
