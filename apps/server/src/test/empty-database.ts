import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '@/db/database';
import { TEST_DATABASE_URL, withDatabase } from './postgres-url';

async function adminQuery(text: string) {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/**
 * A fresh, empty database of the project's engine (in-memory PGlite; a new PostgreSQL database in the api-pg
 * project) for the tests of the seeds; `drop` removes it.
 */
export async function openEmptyDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (process.env.TEST_DB_ENGINE !== 'postgres') return { database: await openDatabase({ inMemory: true }), drop: async () => {} };
  const { url, drop } = await createEmptyPostgresDatabase();
  return { database: await openDatabase({ databaseUrl: url }), drop };
}

/** A new, empty PostgreSQL database beside the test database: its address and how to drop it. */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `b2b_seed_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  return { url: withDatabase(TEST_DATABASE_URL, name), drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}
