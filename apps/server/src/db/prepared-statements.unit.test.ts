import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { PLAN_FIXED_BY_TEXT, preparable, preparableRead, preparingPool, readsOnly, statementName } from './prepared-statements';

/** A pg client that records what it is asked and how it is released (db/prepared-statements.api.test.ts: the real one). */
function fakeClient(fail?: (arg: unknown) => unknown) {
  const calls: unknown[] = [];
  const client = {
    calls,
    releases: [] as unknown[],
    query(arg: unknown, values?: unknown[]) {
      calls.push(values === undefined ? arg : { text: arg, values });
      const err = fail?.(arg);
      return err ? Promise.reject(err) : Promise.resolve({ command: 'SELECT', rowCount: 0, rows: [] });
    },
    release(err?: unknown) {
      this.releases.push(err);
    },
  };
  return client;
}

function poolOf(client: ReturnType<typeof fakeClient>, max?: number) {
  return preparingPool({ connect: async () => client, end: async () => {} } as unknown as pg.Pool, { max });
}

describe('prepared statements', () => {
  it('runs a data statement as a named one, named by its text, and transaction control and text searches as they are', async () => {
    const client = fakeClient();
    const conn = await poolOf(client).connect();
    await conn.query('select * from orders where id = $1', [1]);
    await conn.query('begin', []);
    expect(client.calls[0]).toEqual({
      name: statementName('select * from orders where id = $1'),
      text: 'select * from orders where id = $1',
      values: [1],
    });
    expect(client.calls[1]).toEqual({ text: 'begin', values: [] });
    await conn.query('select id from orders where search_text like $1', ['%x%']);
    expect(client.calls[2]).toEqual({ text: 'select id from orders where search_text like $1', values: ['%x%'] });
    expect(statementName('select 1')).toBe(statementName('select 1'));
    expect(statementName('select 1')).not.toBe(statementName('select 2'));
  });

  it('takes a select or a CTE that changes nothing for a read the embedded database may prepare, never a write or a search', () => {
    expect(preparableRead('select id from orders where id = $1')).toBe(true);
    expect(preparableRead(' with cnt as materialized (select count(*) from offers) select o.*, cnt.n from offers o, cnt')).toBe(true);
    expect(preparableRead('select o.updated_at from orders o')).toBe(true);
    expect(preparableRead('with gone as (delete from price_list_rows x where x.id = $1 returning x.*) insert into backup select * from gone')).toBe(
      false,
    );
    expect(preparableRead('with u as (update orders set status = $1 returning id) select id from u')).toBe(false);
    expect(preparableRead('insert into orders (id) values ($1)')).toBe(false);
    expect(preparableRead('with hits as (select id from catalog_products where lower(name) like $1) select * from hits')).toBe(false);
  });

  it('prepares a text search on PostgreSQL only when its text says its plan is fixed', () => {
    expect(preparable('select id from clients c where c.partner_id = $1')).toBe(true);
    expect(preparable('select id from clients c where c.partner_id = $1 and lower(c.name) like $2')).toBe(false);
    expect(preparable(`select id from clients c where c.partner_id + 0 ${PLAN_FIXED_BY_TEXT} = $1 and lower(c.name) like $2`)).toBe(true);
  });

  it('tells a statement that only reads (a search too) from one that writes, anywhere in it', () => {
    expect(readsOnly('with hits as (select id from catalog_products where lower(name) like $1) select * from hits')).toBe(true);
    expect(readsOnly('select o.updated_at from orders o')).toBe(true);
    expect(readsOnly('with u as (update orders set status = $1 returning id) select id from u')).toBe(false);
    expect(readsOnly('delete from orders where id = $1')).toBe(false);
  });

  it('hands Kysely the same connection object for the same pg client (its own cache is keyed on it)', async () => {
    const client = fakeClient();
    const pool = poolOf(client);
    expect(await pool.connect()).toBe(await pool.connect());
  });

  it('names at most `max` statements on a connection, then runs the others unnamed and closes the connection when released', async () => {
    const client = fakeClient();
    const conn = await poolOf(client, 2).connect();
    await conn.query('select 1', []);
    await conn.query('select 2', []);
    await conn.query('select 1', []);
    conn.release();
    await conn.query('select 3', []);
    expect(client.calls.at(-1)).toEqual({ text: 'select 3', values: [] });
    expect(client.calls[2]).toEqual({ name: statementName('select 1'), text: 'select 1', values: [] });
    conn.release();
    expect(client.releases).toEqual([undefined, true]);
  });

  it("runs a statement whose table's columns changed afresh, and closes its connection when released (pg cannot forget it)", async () => {
    const stale = Object.assign(new Error('cached plan must not change result type'), { code: '0A000' });
    const client = fakeClient((arg) => (typeof arg === 'object' ? stale : undefined));
    const conn = await poolOf(client).connect();
    await conn.query('select * from t', []);
    expect(client.calls).toEqual([
      { name: statementName('select * from t'), text: 'select * from t', values: [] },
      { text: 'select * from t', values: [] },
    ]);
    conn.release();
    expect(client.releases).toEqual([true]);
  });
});
