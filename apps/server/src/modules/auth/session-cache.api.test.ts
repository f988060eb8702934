import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, form, WEB_CLIENT, type TestApp } from '@/test/test-app';
import { TEST_DATABASE_URL, withDatabase } from '@/test/postgres-url';
import { NOTICE_CHANNEL } from '@/db/migrations/2026-11-27-0035-table-change-notices';

/**
 * Each process keeps the sessions it read (session-cache.ts) until their tables change: every way a session ends or
 * its rights change is seen by the very next request, whichever process or statement made the change.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ORDERS_STAFF = 'orders@partner.demo';
const check = async (token: string) => (await t.app.inject({ url: '/v3/api/utils/check/', headers: bearer(token) })).json().STATUS;
const orderList = async (token: string) => (await t.app.inject({ url: '/v3/api/partner/orderlist/', headers: bearer(token) })).statusCode;
const staffId = async (email: string) =>
  Number(
    (await t.database.db.selectFrom('users').select('id').where('email', '=', email).where('kind', '=', 'PARTNER').executeTakeFirstOrThrow()).id,
  );
const setOrdersRole = (on: boolean) => t.database.db.updateTable('users').set({ role_orders: on }).where('email', '=', ORDERS_STAFF).execute();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('kept sessions end at once', () => {
  it('a sign-out, a disabled employee and a role taken away are seen by the next request', async () => {
    const owner = await t.login('owner@partner.demo');
    let staff = await t.login(ORDERS_STAFF);
    expect(await check(staff)).toBe('valid');
    expect(await orderList(staff)).toBe(200);

    // A role taken away by a statement of this process (as an operator's script would).
    await setOrdersRole(false);
    expect(await orderList(staff)).toBe(403);
    await setOrdersRole(true);
    expect(await orderList(staff)).toBe(200);

    // Disabled by the owner: its sessions end.
    const id = String(await staffId(ORDERS_STAFF));
    const disabled = await t.app.inject({
      method: 'POST',
      url: '/v3/api/partner/employee/',
      ...form({ employee_id: id, active: 'N' }),
      headers: { ...form({}).headers, ...bearer(owner) },
    });
    expect(disabled.statusCode).toBe(200);
    expect(await check(staff)).toBe('invalid');
    const enabled = await t.app.inject({
      method: 'POST',
      url: '/v3/api/partner/employee/',
      ...form({ employee_id: id, active: 'Y' }),
      headers: { ...form({}).headers, ...bearer(owner) },
    });
    expect(enabled.statusCode).toBe(200);

    // Signed out.
    staff = await t.login(ORDERS_STAFF);
    expect(await check(staff)).toBe('valid');
    const revoked = await t.app.inject({ method: 'POST', url: '/v3/oauth/revoke/', ...form({ ...WEB_CLIENT, token: staff }) });
    expect(revoked.statusCode).toBe(200);
    expect(await check(staff)).toBe('invalid');
    expect(await check(owner)).toBe('valid');
  });
});

describe.skipIf(process.env.TEST_DB_ENGINE !== 'postgres')('kept sessions on PostgreSQL', () => {
  let other: pg.Client;
  beforeAll(async () => {
    const name = (await sql<{ name: string }>`select current_database() as name`.execute(t.database.db)).rows[0].name;
    other = new pg.Client({ connectionString: withDatabase(TEST_DATABASE_URL, name) });
    await other.connect();
  });
  afterAll(() => other.end());

  /** Asks until `done` answers true, for at most `ms`. */
  const until = async (done: () => Promise<boolean> | boolean, ms = 5000) => {
    const end = Date.now() + ms;
    while (!(await done())) {
      if (Date.now() > end) throw new Error('not within time');
      await sleep(20);
    }
  };

  /**
   * Waits until the feed has heard every notice committed so far: notices reach a listener in commit order, so once a
   * marker sent now arrives, the ones of earlier writes (a sign-in's own, which would forget a session kept after it)
   * have arrived too.
   */
  const noticesHeard = async () => {
    await until(() => t.database.changes.live());
    const marker = `test_marker_${Date.now()}`;
    const heard = new Promise<void>((resolve) => {
      const stop = t.database.changes.watch([marker], () => {
        stop();
        resolve();
      });
    });
    await other.query('select pg_notify($1, $2)', [NOTICE_CHANNEL, marker]);
    await heard;
  };

  it('reads a session once: a kept one answers while its tables are locked by another connection', async () => {
    const staff = await t.login(ORDERS_STAFF);
    await noticesHeard();
    expect(await check(staff)).toBe('valid');
    await other.query('begin');
    try {
      await other.query('lock table auth_tokens, users in access exclusive mode');
      const answer = await Promise.race([check(staff), sleep(3000).then(() => 'waited for the lock')]);
      expect(answer).toBe('valid');
    } finally {
      await other.query('rollback');
    }
  });

  it("hears another process's change, and keeps nothing while it cannot hear", async () => {
    const staff = await t.login(ORDERS_STAFF);
    expect(await orderList(staff)).toBe(200);
    await other.query(`update users set role_orders = false where email = $1`, [ORDERS_STAFF]);
    await until(async () => (await orderList(staff)) === 403);
    await other.query(`update users set role_orders = true where email = $1`, [ORDERS_STAFF]);
    await until(async () => (await orderList(staff)) === 200);

    // The listening connection is cut: until it listens again, every request reads its session.
    await other.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'listen table_changes'`);
    await until(() => !t.database.changes.live());
    await other.query(`update users set role_orders = false where email = $1`, [ORDERS_STAFF]);
    expect(await orderList(staff)).toBe(403);
    await other.query(`update users set role_orders = true where email = $1`, [ORDERS_STAFF]);
    expect(await orderList(staff)).toBe(200);
    await until(() => t.database.changes.live(), 10_000);
    // Listening again, it hears again.
    await other.query(`update users set role_orders = false where email = $1`, [ORDERS_STAFF]);
    await until(async () => (await orderList(staff)) === 403);
    await other.query(`update users set role_orders = true where email = $1`, [ORDERS_STAFF]);
  });
});
