import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kysely, sql } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from './pglite-dialect';
import { PglitePreparedStatements } from './pglite-prepared';
import { statementName } from './prepared-statements';

interface Items {
  id: number;
  name: string;
  at: Date | null;
  tags: string[] | null;
  doc: unknown;
  price: string | null;
  note?: string;
}

/* On the embedded PGlite (the api project): named prepared statements through the wire protocol. */
describe.skipIf(process.env.TEST_DB_ENGINE === 'postgres')('prepared statements on PGlite', () => {
  let pg: PGlite;
  let db: Kysely<{ items: Items }>;
  beforeAll(async () => {
    pg = await PGlite.create({ parsers: { 20: (v: string) => Number(v) } });
    db = new Kysely({ dialect: new PGliteDialect(pg) });
    await sql`create table items (id bigint primary key, name text not null, at timestamptz, tags text[], doc jsonb, price numeric(18,4))`.execute(
      db,
    );
  });
  afterAll(async () => {
    await db?.destroy();
    await pg?.close();
  });

  const held = async () => (await pg.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements')).rows;

  it('answers as PGlite does unprepared, every value type both ways, and prepares the statement once', async () => {
    const at = new Date('2026-11-26T10:00:00.123Z');
    for (let id = 1; id <= 6; id++) {
      await db
        .insertInto('items')
        .values({ id, name: `№${id} «x»`, at, tags: ['a', 'b c', 'д"'], doc: JSON.stringify({ k: [id, null] }), price: id === 6 ? null : '10.5' })
        .execute();
    }
    for (let i = 0; i < 3; i++) {
      const rows = await db
        .selectFrom('items')
        .selectAll()
        .where('id', 'in', [1, 6])
        .where('at', '=', at)
        .where('tags', '=', sql<string[]>`${['a', 'b c', 'д"']}::text[]`)
        .orderBy('id')
        .execute();
      const unprepared = (await pg.query('select * from items where id in (1, 6) order by id')).rows;
      expect(rows).toEqual(unprepared);
      expect(rows[0]).toMatchObject({ id: 1, name: '№1 «x»', at, tags: ['a', 'b c', 'д"'], doc: { k: [1, null] }, price: '10.5000' });
      expect(rows[1].price).toBeNull();
    }
    expect((await held()).filter((s) => s.statement.startsWith('select * from "items"'))).toHaveLength(1);
  });

  it('reports affected rows of writes', async () => {
    const updated = await db.updateTable('items').set({ name: 'y' }).where('id', '>', 4).executeTakeFirst();
    expect(Number(updated.numUpdatedRows)).toBe(2);
  });

  it('leaves writes and text searches to PGlite as they are (their best plans depend on values and fresh statistics)', async () => {
    for (let i = 0; i < 7; i++) expect(await db.selectFrom('items').select('id').where('name', 'like', '%«x»%').execute()).toHaveLength(4);
    const statements = (await held()).map((s) => s.statement);
    expect(statements.some((s) => s.includes(' like '))).toBe(false);
    expect(statements.some((s) => /^(insert|update)/.test(s))).toBe(false);
  });

  it('keeps the database errors and their codes, and a transaction that failed on one rolls back whole', async () => {
    const duplicate = db.insertInto('items').values({ id: 1, name: 'again' }).execute();
    await expect(duplicate).rejects.toMatchObject({ code: '23505' });
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('items').values({ id: 100, name: 'in a failed transaction' }).execute();
        await trx.insertInto('items').values({ id: 1, name: 'again' }).execute();
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await db.selectFrom('items').select('id').where('id', '=', 100).execute()).toEqual([]);
    expect(await db.selectFrom('items').select('id').where('id', '=', 1).execute()).toEqual([{ id: 1 }]);
  });

  it("runs a prepared `select *` again after a migration changed its table's columns", async () => {
    const read = () => db.selectFrom('items').selectAll().where('id', '=', 2).execute();
    expect(Object.keys((await read())[0])).not.toContain('note');
    await sql`alter table items add column note text default 'x'`.execute(db);
    expect((await read())[0]).toMatchObject({ id: 2, note: 'x' });
    expect((await read())[0]).toMatchObject({ id: 2, note: 'x' });
  });

  it('prepares a statement whose name the session already holds (a close that failed), inside a transaction too', async () => {
    const text = 'select id, name from items where id = $1';
    await pg.exec(`prepare "${statementName(text)}" as select 1 as other`);
    await db.transaction().execute(async (trx) => {
      expect((await sql.raw<{ id: number; name: string }>(text.replace('$1', '2')).execute(trx)).rows).toHaveLength(1);
      const statements = new PglitePreparedStatements(pg);
      expect((await statements.query<{ id: number; name: string }>(text, [2])).rows).toEqual([{ id: 2, name: '№2 «x»' }]);
    });
  });

  it('keeps at most its limit of statements, the least recently used closed first', async () => {
    const statements = new PglitePreparedStatements(pg, 20);
    for (let i = 0; i < 60; i++) {
      const { rows } = await statements.query<{ n: number }>(`select $1::int + ${i} as n${i}`, [1]);
      expect(rows[0][`n${i}` as 'n']).toBe(1 + i);
    }
    const mine = (await held()).filter((s) => /^select \$1::int \+ \d+ as n\d+$/.test(s.statement));
    expect(mine.length).toBe(20);
    expect(mine.some((s) => s.statement.endsWith(' as n59'))).toBe(true);
    expect(mine.some((s) => s.statement.endsWith(' as n0'))).toBe(false);
  });
});
