import cluster from 'node:cluster';
import { buildApp } from './app';
import type { Config } from './config';
import { openDatabase, type Db } from './db/database';
import { migrateToLatest } from './db/migrate';
import { slowStatements } from './db/slow-statements';
import { storeLabel } from './files/blob-store-of';
import { purgeEndedWindows } from './http/rate-limit-store';
import { takeUpkeepTurn } from './jobs/upkeep-turn';
import { authRepo } from './modules/auth/auth.repo';
import { tokenHash } from './modules/auth/tokens';
import { isDatabaseEmpty, seedDemo } from './seed/demo-seed';
import { LISTENING_MESSAGE, SUPERVISED_ENV } from './server-processes';

/*
 * One server process: the whole server (the API, the jobs' worker). main.ts imports this module only where it runs
 * a server or readies the database, so that the supervising parent of the embedded database loads none of it.
 */

/** Lines of a price file per transaction on the embedded database: about 50 ms each, other requests answer between. */
const EMBEDDED_PRICE_APPLY_CHUNK = 2000;
/** The store-wide file purge: one host takes it per this window (the upkeep runs hourly on every host). */
const FILE_PURGE_EVERY_MS = 50 * 60_000;

/** Migrations, the web client's OAuth client, and the demo data into an empty database. */
export async function prepareDatabase(config: Config, db: Db) {
  const applied = await migrateToLatest(db);
  if (applied.length) console.log(`Migrations applied: ${applied.join(', ')}`);
  await authRepo(db).upsertOauthClient(config.OAUTH_CLIENT_ID, tokenHash(config.OAUTH_CLIENT_SECRET), 'Web client');
  if (config.SEED_DEMO === 'auto' && (await isDatabaseEmpty(db))) {
    console.log('Empty database: loading the demo data…');
    await seedDemo(db, { scale: 1, log: (m: string) => console.log(m) });
  }
}

export async function serve(config: Config, { prepare, processes }: { prepare: boolean; processes: number }) {
  const slow = slowStatements(config.SLOW_STATEMENT_MS);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, processes, onQuery: slow.onQuery });
  if (prepare) await prepareDatabase(config, database.db);
  const embedded = database.engine === 'pglite';
  const app = await buildApp({
    db: database.db,
    changes: database.changes,
    config: { ...config, webDist: config.WEB_DIST, soleWorker: embedded, priceApplyChunk: embedded ? EMBEDDED_PRICE_APPLY_CHUNK : undefined },
  });
  slow.attach((entry) => app.log.warn(entry, 'slow statement'));
  const upkeep = () => {
    void app.services.auth.purgeExpiredTokens().catch(() => {});
    void purgeEndedWindows(database.db).catch(() => {});
    // Expired exports (a day old) and stored objects whose row is gone (issue 37.6): one host an hour walks the store
    // (issue 42), each its own scratch folder.
    void takeUpkeepTurn(database.db, 'files.purge', FILE_PURGE_EVERY_MS)
      .then((mine) =>
        Promise.all([app.services.files.purgeScratch(), mine && app.services.files.purge(), mine && app.services.exchange1c.purgeEndedSessions()]),
      )
      .catch((err) => app.log.error({ err }, 'file purge failed'));
    // Built reports kept a day under their REPORT_ID (issue 39 §3).
    void app.services.reports.purge().catch((err) => app.log.error({ err }, 'report purge failed'));
  };
  // A minute after the start too: a server restarted more often than hourly would otherwise never purge.
  const firstUpkeep = setTimeout(upkeep, 60_000);
  const purge = setInterval(upkeep, 3600_000);
  firstUpkeep.unref();
  purge.unref();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    clearTimeout(firstUpkeep);
    clearInterval(purge);
    await app.close().catch(() => {});
    await database.close().catch((err) => app.log.error({ err }, 'database close failed'));
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  // Supervised: a parent that ends (even killed) ends its server process, which would otherwise hold the port and
  // the data directory (a cluster worker ends on its own).
  if (process.env[SUPERVISED_ENV]) process.once('disconnect', () => void stop('disconnect'));

  await app.listen({ port: config.PORT, host: config.HOST });
  process.send?.(LISTENING_MESSAGE);
  if (!cluster.isWorker) console.log(`B2B back office on http://localhost:${config.PORT} (${database.engine})`, storeLabel(config));
}
