/**
 * npm run seed -- [--scale N | --size large] [--reset]
 * Loads the demo data set into the configured database (DATA_DIR, or DATABASE_URL for PostgreSQL).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '@/config';
import { openDatabase, type Db } from '@/db/database';
import { migrateToLatest } from '@/db/migrate';
import { tokenHash } from '@/modules/auth/tokens';
import { isDatabaseEmpty, MAX_SCALE, seedDemo } from './demo-seed';
import { LARGE, seedLarge } from './large-seed';
import { truncateAllTables } from './reset-database';

const USAGE = `Usage: npm run seed -- [--scale N | --size large] [--reset]
  --scale N     size of the data set (1 = 3,000 products, 150 clients, 1,500 orders; up to ${MAX_SCALE})
  --size large  a large supplier for the benchmark: ${LARGE.products.toLocaleString('en')} products, ${LARGE.clients.toLocaleString('en')} clients, ${LARGE.orders.toLocaleString('en')} orders
                (minutes on PostgreSQL; on the embedded database it takes long and needs several GB)
  --reset     empty every table first (all data is lost)`;

/** The first-party web client, as the server's start ensures it (secret stored as its SHA-256). */
async function ensureWebClient(db: Db, id: string, secret: string) {
  await db
    .insertInto('oauth_clients')
    .values({ id, secret_hash: tokenHash(secret), name: 'Web client' })
    .onConflict((oc) => oc.column('id').doUpdateSet({ secret_hash: tokenHash(secret) }))
    .execute();
}

function parseOptions() {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string', default: '1' },
      size: { type: 'string' },
      reset: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const scale = Number(values.scale);
  if (!Number.isFinite(scale) || scale <= 0 || scale > MAX_SCALE) {
    throw new Error(`--scale must be a number above 0 and at most ${MAX_SCALE}\n${USAGE}`);
  }
  if (values.size !== undefined && values.size !== 'large') throw new Error(`--size takes one value: large\n${USAGE}`);
  return { scale, large: values.size === 'large', reset: values.reset };
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

async function main() {
  const { scale, large, reset } = parseOptions();
  const config = loadConfig();
  const started = performance.now();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  const where = database.engine === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  try {
    console.log(`Database: ${where}, opened in ${seconds(started)}`);
    const migrated = performance.now();
    const applied = await migrateToLatest(database.db);
    if (applied.length) console.log(`Migrations applied: ${applied.join(', ')} (${seconds(migrated)})`);

    if (!(await isDatabaseEmpty(database.db))) {
      if (!reset) {
        throw new Error('The database already holds data. Run again with --reset to empty every table and reload the demo set.');
      }
      const truncating = performance.now();
      const tables = await truncateAllTables(database.db);
      console.log(`Emptied ${tables.length} tables (${seconds(truncating)})`);
    }
    await ensureWebClient(database.db, config.OAUTH_CLIENT_ID, config.OAUTH_CLIENT_SECRET);

    const seeding = performance.now();
    const log = (m: string) => console.log(m);
    if (large) {
      console.log('Loading the large supplier…');
      await seedLarge(database.db, log);
    } else {
      console.log(`Loading the demo data set at scale ${scale}…`);
      await seedDemo(database.db, { scale, log });
    }
    console.log(`Demo data loaded in ${seconds(seeding)} (total ${seconds(started)}). Sign in as owner@partner.demo / demo1234.`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
