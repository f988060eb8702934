import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type AppDeps } from '../app';
import { openDatabase, type Database } from '../db/database';
import { TEST_CONFIG, tempDataDir } from './test-config';
import { TEST_DATABASE_URL, withDatabase } from './postgres-url';
import { testS3Settings } from './s3-settings';

export const DEMO_PASSWORD = 'demo1234';
export const WEB_CLIENT = { client_id: 'web', client_secret: 'web-secret' };

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** This app's DATA_DIR: the mail outbox is `${dataDir}/outbox`. */
  dataDir: string;
  /** Signs in through the real token endpoint and answers the access token. */
  login(email: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/** A copy of the seeded test database for this test file. */
async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const source = inject('testDatabase');
  if (source.engine === 'pglite') {
    const dump = new Blob([fs.readFileSync(source.dumpPath)]);
    return { database: await openDatabase({ inMemory: true, loadDataDir: dump }), drop: async () => {} };
  }
  const { url, drop } = await copyPostgresTemplate(source.template);
  return { database: await openDatabase({ databaseUrl: url }), drop };
}

/** A new PostgreSQL database copied from the seeded template: its address and how to drop it. */
export async function copyPostgresTemplate(template: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `b2b_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database ${name} template ${template}`);
      break;
    } catch (err) {
      // Two files copying the template at the same moment: PostgreSQL refuses the second; try again.
      if (attempt > 20 || !/being accessed by other users/.test(String(err))) throw err;
      await new Promise((r) => setTimeout(r, 200 + Math.random() * 300));
    }
  }
  await admin.end();
  return {
    url: withDatabase(TEST_DATABASE_URL, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * The file store of a new test app: in the api-s3 project (TEST_FILE_STORE=s3) a folder of its own in the run's S3
 * bucket (s3-global-setup.ts), else none (the app's DATA_DIR).
 */
export function testFileStore(): Pick<AppDeps['config'], 's3'> {
  if (process.env.TEST_FILE_STORE !== 's3') return {};
  const server = inject('testS3');
  if (!server) throw new Error('TEST_FILE_STORE=s3 without the S3 server of s3-global-setup.ts');
  return { s3: testS3Settings(server.port, `app-${randomBytes(6).toString('hex')}`) };
}

/** A test app on a copy of the seeded database; its files in the project's store unless `config` names its own `s3`. */
export async function createTestApp(config: Partial<AppDeps['config']> = {}, beforeReady?: (app: FastifyInstance) => void): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  const dataDir = tempDataDir();
  const app = await buildApp({ db: database.db, changes: database.changes, config: { ...TEST_CONFIG, dataDir, ...testFileStore(), ...config } });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    async login(email, password = DEMO_PASSWORD) {
      const res = await app.inject({
        method: 'POST',
        url: '/v3/oauth/token/',
        payload: new URLSearchParams({ grant_type: 'password', username: email, password, ...WEB_CLIENT }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
      return res.json().access_token as string;
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    dataDir,
  };
}

export const form = (data: Record<string, string>) => ({
  payload: new URLSearchParams(data).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A buyer's access token for the demo shop (the first partner's, «kancler»); a refused sign-in fails the test. */
export async function shopToken(t: Pick<TestApp, 'app'>, username = 'buyer@client.demo', domain = 'kancler'): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v3/oauth/token/',
    ...form({ grant_type: 'password', username, password: DEMO_PASSWORD, domain, ...WEB_CLIENT }),
  });
  if (res.statusCode !== 200) throw new Error(`shop sign-in ${username}: ${res.statusCode} ${res.body}`);
  return res.json().access_token as string;
}
