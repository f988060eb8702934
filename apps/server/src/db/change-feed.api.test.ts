import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@/test/test-app';
import { TEST_DATABASE_URL, withDatabase } from '@/test/postgres-url';
import { NOTICE_LISTENER } from './change-feed';
import { NOTICE_CHANNEL } from './migrations/2026-11-27-0035-table-change-notices';

/** The change feed hears the tables' notices (migration 0035's triggers), whoever writes: no statement text is read. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** What the watchers of `tables` were told, by table watched. */
function told(...tables: string[]) {
  const count: Record<string, number> = Object.fromEntries(tables.map((table) => [table, 0]));
  const stops = tables.map((table) => t.database.changes.watch([table], () => count[table]++));
  return { count, stop: () => stops.forEach((stop) => stop()) };
}

const touchUsers = (db = t.database.db) => sql`update users set updated_at = updated_at where id = 0`.execute(db);

describe('change feed', () => {
  it("tells a table's watchers of this process's write before the write answers, and no other watcher", async () => {
    const w = told('users', 'auth_tokens', 'orders');
    await sql`select count(*) from users`.execute(t.database.db);
    expect(w.count).toEqual({ users: 0, auth_tokens: 0, orders: 0 });
    // A statement that changes no row still says its table may have changed.
    await touchUsers();
    expect(w.count).toEqual({ users: 1, auth_tokens: 0, orders: 0 });
    await t.database.db.updateTable('auth_tokens').set({ revoked_at: null }).where('token_hash', '=', 'none').execute();
    expect(w.count).toEqual({ users: 1, auth_tokens: 1, orders: 0 });
    w.stop();
    await touchUsers();
    expect(w.count).toEqual({ users: 1, auth_tokens: 1, orders: 0 });
    expect(t.database.changes.live()).toBe(true);
  });

  it("tells of a transaction's write when it commits, not before, and never when it rolls back", async () => {
    const w = told('users');
    await t.database.db.transaction().execute(async (trx) => {
      await touchUsers(trx);
      expect(w.count.users).toBe(0);
    });
    expect(w.count.users).toBe(1);
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await touchUsers(trx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await touchUsers();
    expect(w.count.users).toBe(2);
    w.stop();
  });
});

describe.skipIf(process.env.TEST_DB_ENGINE !== 'postgres')('change feed on PostgreSQL', () => {
  let other: pg.Client;
  beforeAll(async () => {
    const name = (await sql<{ name: string }>`select current_database() as name`.execute(t.database.db)).rows[0].name;
    other = new pg.Client({ connectionString: withDatabase(TEST_DATABASE_URL, name) });
    await other.connect();
  });
  afterAll(() => other.end());

  /** Resolves once the notice connection hears a marker sent now: the notices committed before it have arrived too. */
  const marker = () =>
    new Promise<void>((resolve) => {
      const name = `test_marker_${Date.now()}_${Math.random()}`;
      const stop = t.database.changes.watch([name], () => {
        stop();
        resolve();
      });
      void other.query('select pg_notify($1, $2)', [NOTICE_CHANNEL, name]);
    });

  it("hears another connection's write, and this process's own writes once each", async () => {
    const w = told('users');
    await other.query('update users set updated_at = updated_at where id = 0');
    await marker();
    expect(w.count.users).toBe(1);
    // Writes on several of this process's connections at once: each is told as it answers, and the notice
    // connection does not tell it again.
    await Promise.all(Array.from({ length: 6 }, () => touchUsers()));
    expect(w.count.users).toBe(7);
    await marker();
    expect(w.count.users).toBe(7);
    w.stop();
  });

  it('listens on a connection of its own, named in pg_stat_activity', async () => {
    const { rows } = await other.query(`select query from pg_stat_activity where datname = current_database() and application_name = $1`, [
      NOTICE_LISTENER,
    ]);
    expect(rows).toEqual([{ query: `listen ${NOTICE_CHANNEL}` }]);
  });
});
