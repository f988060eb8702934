import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Database } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { seedDemo } from '../seed/demo-seed';
import { buildServices } from '../app';
import { TEST_CONFIG } from './test-config';
import { TEST_DATABASE_URL, withDatabase } from './postgres-url';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a dump of the migrated, seeded database. PostgreSQL: the template database's name. */
    testDatabase: { engine: 'pglite'; dumpPath: string } | { engine: 'postgres'; template: string };
  }
}

async function prepare(database: Database) {
  await migrateToLatest(database.db);
  await buildServices(database.db, TEST_CONFIG).auth.ensureOauthClient('web', 'web-secret', 'Web client');
  await seedDemo(database.db, { scale: 1 });
}

/** Builds the migrated, seeded test database once per run; each test file starts from a copy. */
export default async function setup(project: TestProject) {
  // The project's env (api-pg) reaches its test workers only, not this setup: read it from the project.
  const engine = project.config.env?.TEST_DB_ENGINE ?? process.env.TEST_DB_ENGINE;
  if (engine === 'postgres') {
    const template = `b2b_test_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const database = await openDatabase({ databaseUrl: withDatabase(TEST_DATABASE_URL, template) });
    await prepare(database);
    await database.close();
    project.provide('testDatabase', { engine: 'postgres', template });
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`).catch(() => {});
      await admin.end();
    };
  }

  const database = await openDatabase({ inMemory: true });
  await prepare(database);
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const dumpPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-test-')), 'seeded.tar');
  fs.writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('testDatabase', { engine: 'pglite', dumpPath });
  return () => fs.rmSync(path.dirname(dumpPath), { recursive: true, force: true });
}
