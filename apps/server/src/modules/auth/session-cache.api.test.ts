import fs from 'node:fs';
import pg from 'pg';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/app';
import { openDatabase, type Database } from '@/db/database';
import { NOTICE_LISTENER } from '@/db/change-feed';
import { NOTICE_CHANNEL } from '@/db/migrations/2026-11-27-0035-table-change-notices';
import { bearer, createTestApp, DEMO_PASSWORD, form, WEB_CLIENT, type TestApp } from '@/test/test-app';
import { TEST_CONFIG, tempDataDir } from '@/test/test-config';
import { TEST_DATABASE_URL, withDatabase } from '@/test/postgres-url';

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
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A JSON answer, read as the test expects it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
type Send = (method: 'GET' | 'POST', url: string, data?: Record<string, string>, token?: string) => Promise<{ status: number; body: Json }>;

/** Requests to a server in this process, without a socket. */
const injected =
  (app: FastifyInstance): Send =>
  async (method, url, data, token) => {
    const body = data && form(data);
    const res = await app.inject({ method, url, payload: body?.payload, headers: { ...body?.headers, ...(token ? bearer(token) : {}) } });
    return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined };
  };

/** Requests over HTTP, each on a connection of its own, as another client's would come. */
const overHttp =
  (base: string): Send =>
  async (method, url, data, token) => {
    const body = data && form(data);
    const res = await fetch(base + url, {
      method,
      body: body?.payload,
      headers: { ...body?.headers, ...(token ? bearer(token) : {}), connection: 'close' },
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };

/** The routes a test calls. */
const client = (send: Send) => ({
  async login(email: string, password = DEMO_PASSWORD) {
    const res = await send('POST', '/v3/oauth/token/', { grant_type: 'password', username: email, password, ...WEB_CLIENT });
    if (res.status !== 200) throw new Error(`login ${email}: ${res.status}`);
    return res.body.access_token as string;
  },
  check: async (token: string) => (await send('GET', '/v3/api/utils/check/', undefined, token)).body.STATUS as string,
  orderList: async (token: string) => (await send('GET', '/v3/api/partner/orderlist/', undefined, token)).status,
  signOut: async (token: string) => expect((await send('POST', '/v3/oauth/revoke/', { ...WEB_CLIENT, token })).status).toBe(200),
  /** The owner switches the employee's orders role on or off, or disables or enables it. */
  async employee(owner: string, email: string, change: { orders?: boolean; active?: boolean }) {
    const list = (await send('GET', '/v3/api/partner/employee/', undefined, owner)).body;
    const e = list.ITEMS.find((item: { EMAIL: string }) => item.EMAIL === email);
    const yn = (on: boolean) => (on ? 'Y' : 'N');
    const data: Record<string, string> =
      change.active === undefined
        ? {
            employee_id: String(e.ID),
            email,
            name: e.NAME,
            surname: e.SURNAME,
            price: e.PRICE,
            clients: e.CLIENTS,
            loyalty: e.LOYALTY,
            orders: yn(change.orders!),
          }
        : { employee_id: String(e.ID), active: yn(change.active) };
    expect((await send('POST', '/v3/api/partner/employee/', data, owner)).body.SUCCESS).toBe('Y');
  },
  async changePassword(token: string, current: string, password: string) {
    const res = await send('POST', '/v3/api/auth/register/', { type: 'change_password', current_password: current, password }, token);
    expect(res.body.SUCCESS).toBe('Y');
  },
});

const setOrdersRole = (db: Database['db'], on: boolean) =>
  db.updateTable('users').set({ role_orders: on }).where('email', '=', ORDERS_STAFF).execute();

describe('kept sessions end at once', () => {
  it('a session is kept, and forgotten on the notice of its tables', async () => {
    const c = client(injected(t.app));
    const staff = await c.login(ORDERS_STAFF);
    expect(await c.orderList(staff)).toBe(200);
    // Without the notice, a changed role goes unseen: the session was kept.
    await sql`alter table users disable trigger users_change_notice`.execute(t.database.db);
    try {
      await setOrdersRole(t.database.db, false);
      expect(await c.orderList(staff)).toBe(200);
    } finally {
      await sql`alter table users enable trigger users_change_notice`.execute(t.database.db);
    }
    await setOrdersRole(t.database.db, false);
    expect(await c.orderList(staff)).toBe(403);
    await setOrdersRole(t.database.db, true);
    expect(await c.orderList(staff)).toBe(200);
  });

  it('a sign-out, a role taken away, a disabled employee and a changed password are seen by the next request', async () => {
    const c = client(injected(t.app));
    const owner = await c.login('owner@partner.demo');
    let staff = await c.login(ORDERS_STAFF);
    expect(await c.check(staff)).toBe('valid');
    expect(await c.orderList(staff)).toBe(200);

    // A role taken away by a statement of this process (as an operator's script would), then by the owner.
    await setOrdersRole(t.database.db, false);
    expect(await c.orderList(staff)).toBe(403);
    await setOrdersRole(t.database.db, true);
    expect(await c.orderList(staff)).toBe(200);
    await c.employee(owner, ORDERS_STAFF, { orders: false });
    expect(await c.orderList(staff)).toBe(403);
    await c.employee(owner, ORDERS_STAFF, { orders: true });
    expect(await c.orderList(staff)).toBe(200);

    // Disabled by the owner: its sessions end.
    await c.employee(owner, ORDERS_STAFF, { active: false });
    expect(await c.check(staff)).toBe('invalid');
    await c.employee(owner, ORDERS_STAFF, { active: true });

    // Signed out.
    staff = await c.login(ORDERS_STAFF);
    expect(await c.check(staff)).toBe('valid');
    await c.signOut(staff);
    expect(await c.check(staff)).toBe('invalid');
    expect(await c.check(owner)).toBe('valid');

    // A changed password ends the user's other sessions.
    const first = await c.login(ORDERS_STAFF);
    const second = await c.login(ORDERS_STAFF);
    expect([await c.check(first), await c.check(second)]).toEqual(['valid', 'valid']);
    await c.changePassword(second, DEMO_PASSWORD, 'another-pass-1');
    expect([await c.check(first), await c.check(second)]).toEqual(['invalid', 'valid']);
    await c.changePassword(second, 'another-pass-1', DEMO_PASSWORD);
  });
});

describe.skipIf(process.env.TEST_DB_ENGINE !== 'postgres')('kept sessions on PostgreSQL', () => {
  let other: pg.Client;
  let url = '';
  beforeAll(async () => {
    const name = (await sql<{ name: string }>`select current_database() as name`.execute(t.database.db)).rows[0].name;
    url = withDatabase(TEST_DATABASE_URL, name);
    other = new pg.Client({ connectionString: url });
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
   * marker sent now arrives, the ones of earlier writes (another connection's, which would forget a session kept
   * after it) have arrived too.
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
    const c = client(injected(t.app));
    const staff = await c.login(ORDERS_STAFF);
    await noticesHeard();
    expect(await c.check(staff)).toBe('valid');
    await other.query('begin');
    try {
      await other.query('lock table auth_tokens, users in access exclusive mode');
      const answer = await Promise.race([c.check(staff), sleep(3000).then(() => 'waited for the lock')]);
      expect(answer).toBe('valid');
    } finally {
      await other.query('rollback');
    }
  });

  it('two server processes: what one writes, the next request to the other sees', async () => {
    const second: Database = await openDatabase({ databaseUrl: url });
    const dataDir = tempDataDir();
    const app = await buildApp({ db: second.db, changes: second.changes, config: { ...TEST_CONFIG, dataDir } });
    try {
      // Real sockets, so that each server reads its notices as a process of its own would between two requests.
      const base = async (server: FastifyInstance) => `http://127.0.0.1:${(await server.listen({ port: 0, host: '127.0.0.1' })).split(':').pop()}`;
      const [a, b] = [client(overHttp(await base(t.app))), client(overHttp(await base(app)))];
      const owner = await a.login('owner@partner.demo');
      let staff = await a.login(ORDERS_STAFF);
      // Both keep the session.
      expect([await a.orderList(staff), await b.orderList(staff)]).toEqual([200, 200]);

      await b.employee(owner, ORDERS_STAFF, { orders: false });
      expect(await a.orderList(staff)).toBe(403);
      await a.employee(owner, ORDERS_STAFF, { orders: true });
      expect([await b.orderList(staff), await a.orderList(staff)]).toEqual([200, 200]);

      await b.employee(owner, ORDERS_STAFF, { active: false });
      expect(await a.check(staff)).toBe('invalid');
      await b.employee(owner, ORDERS_STAFF, { active: true });

      staff = await a.login(ORDERS_STAFF);
      expect([await a.check(staff), await b.check(staff)]).toEqual(['valid', 'valid']);
      await a.signOut(staff);
      expect(await b.check(staff)).toBe('invalid');

      const first = await a.login(ORDERS_STAFF);
      const kept = await b.login(ORDERS_STAFF);
      expect([await a.check(first), await b.check(first)]).toEqual(['valid', 'valid']);
      await b.changePassword(kept, DEMO_PASSWORD, 'another-pass-2');
      expect(await a.check(first)).toBe('invalid');
      expect(await a.check(kept)).toBe('valid');
      await a.changePassword(kept, 'another-pass-2', DEMO_PASSWORD);
    } finally {
      await app.close();
      await second.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("hears another process's change, and keeps nothing while it cannot hear", async () => {
    const c = client(injected(t.app));
    const staff = await c.login(ORDERS_STAFF);
    expect(await c.orderList(staff)).toBe(200);
    await other.query(`update users set role_orders = false where email = $1`, [ORDERS_STAFF]);
    await until(async () => (await c.orderList(staff)) === 403);
    await other.query(`update users set role_orders = true where email = $1`, [ORDERS_STAFF]);
    await until(async () => (await c.orderList(staff)) === 200);

    // The listening connection is cut: until it listens again, every request reads its session.
    await other.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = $1`, [
      NOTICE_LISTENER,
    ]);
    await until(() => !t.database.changes.live());
    await other.query(`update users set role_orders = false where email = $1`, [ORDERS_STAFF]);
    expect(await c.orderList(staff)).toBe(403);
    await other.query(`update users set role_orders = true where email = $1`, [ORDERS_STAFF]);
    expect(await c.orderList(staff)).toBe(200);
    await until(() => t.database.changes.live(), 10_000);
    // Listening again, it hears again.
    await other.query(`update users set role_orders = false where email = $1`, [ORDERS_STAFF]);
    await until(async () => (await c.orderList(staff)) === 403);
    await other.query(`update users set role_orders = true where email = $1`, [ORDERS_STAFF]);
  });
});
