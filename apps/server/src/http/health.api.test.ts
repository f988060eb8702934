import net from 'node:net';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/app';
import type { Db } from '@/db/database';
import type { DB } from '@/db/schema';
import { startS3Server } from '@/test/s3-server';
import { createTestApp, type TestApp } from '@/test/test-app';
import { TEST_CONFIG, tempDataDir } from '@/test/test-config';
import { HEALTH_DB_TIMEOUT_MS } from './health';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const health = (app = t.app) => app.inject({ method: 'GET', url: '/health' });

describe('GET /health', () => {
  it('answers 200 with the database and the file store up, to anyone signed out, and is a public route of the route table', async () => {
    const res = await health();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    // The api-s3 project runs this file with the files in its S3 server's bucket.
    const kind = process.env.TEST_FILE_STORE === 's3' ? 's3' : 'local';
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', store: 'ok', store_kind: kind });
    expect(t.app.routeTable.find((r) => r.url === '/health')).toMatchObject({ method: 'GET', access: 'public', body: false });
  });

  it('is not rate limited: a checker polling it fast is always answered', async () => {
    const statuses = await Promise.all(Array.from({ length: 60 }, () => health().then((r) => r.statusCode)));
    expect(new Set(statuses)).toEqual(new Set([200]));
  });
});

/** An app on a database that does not answer; its log lines are kept. */
async function appOn(db: Db) {
  const lines: { level: number; msg: string }[] = [];
  const app = await buildApp({
    db,
    config: { ...TEST_CONFIG, dataDir: tempDataDir(), LOG_LEVEL: 'info', logStream: { write: (l) => void lines.push(JSON.parse(l)) } },
  });
  await app.ready();
  return { app, lines };
}

const postgresAt = (url: string): Db => new Kysely<DB>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 2 }) }) });

describe('GET /health with the database unreachable', () => {
  it.runIf(process.env.TEST_DB_ENGINE === 'postgres')(
    'answers 503 when PostgreSQL refuses the connection, and logs it once, not each check',
    async () => {
      const db = postgresAt('postgres://postgres@127.0.0.1:1/nowhere');
      const { app, lines } = await appOn(db);
      try {
        for (let i = 0; i < 3; i++) {
          const res = await health(app);
          expect(res.statusCode).toBe(503);
          expect(res.json()).toMatchObject({ status: 'error', database: 'unreachable', store: 'ok' });
        }
        expect(lines.map((l) => l.msg)).toEqual([expect.stringMatching(/^health: the database did not answer/)]);
      } finally {
        await app.close();
        await db.destroy();
      }
    },
  );

  it.runIf(process.env.TEST_DB_ENGINE === 'postgres')(
    'answers 503 within about 2 s when PostgreSQL hangs (a connection that never answers)',
    async () => {
      const sockets: net.Socket[] = [];
      const silent = net.createServer((s) => void sockets.push(s)).listen(0, '127.0.0.1');
      await new Promise((resolve) => silent.once('listening', resolve));
      const db = postgresAt(`postgres://postgres@127.0.0.1:${(silent.address() as net.AddressInfo).port}/nowhere`);
      const { app } = await appOn(db);
      try {
        const started = Date.now();
        const res = await health(app);
        expect(res.statusCode).toBe(503);
        expect(Date.now() - started).toBeGreaterThanOrEqual(HEALTH_DB_TIMEOUT_MS - 50);
        expect(Date.now() - started).toBeLessThan(HEALTH_DB_TIMEOUT_MS + 1500);
      } finally {
        await app.close();
        for (const s of sockets) s.destroy();
        silent.close();
        void db.destroy().catch(() => {});
      }
    },
  );

  it.runIf(process.env.TEST_DB_ENGINE !== 'postgres')('answers 503 when the embedded database is closed', async () => {
    const other = await createTestApp();
    try {
      expect((await health(other.app)).statusCode).toBe(200);
      await other.database.close();
      const res = await health(other.app);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'error', database: 'unreachable', store: 'ok' });
    } finally {
      await other.close();
    }
  });
});

describe('GET /health with the files in an S3-compatible store', () => {
  it('answers store ok / s3 while the store answers, and 503 with the store unreachable once it is stopped', async () => {
    const s3 = await startS3Server();
    const lines: { level: number; msg: string }[] = [];
    const other = await createTestApp({ s3: s3.settings('health'), LOG_LEVEL: 'info', logStream: { write: (l) => void lines.push(JSON.parse(l)) } });
    try {
      const up = await health(other.app);
      expect(up.statusCode).toBe(200);
      expect(up.json()).toEqual({ status: 'ok', database: 'ok', store: 'ok', store_kind: 's3' });

      await s3.close();
      for (let i = 0; i < 2; i++) {
        const started = Date.now();
        const down = await health(other.app);
        expect(down.statusCode).toBe(503);
        expect(down.json()).toEqual({ status: 'error', database: 'ok', store: 'unreachable', store_kind: 's3' });
        expect(Date.now() - started).toBeLessThan(5000);
      }
      // Logged once, not on each check.
      expect(lines.filter((l) => /^health: /.test(l.msg)).map((l) => l.msg)).toEqual(['health: the file store (s3) did not answer']);
    } finally {
      await other.close();
      await s3.close().catch(() => {});
    }
  });
});
