import { fork } from 'node:child_process';
import cluster from 'node:cluster';
import { loadConfig, type Config } from './config';
import { buildApp } from './app';
import { openDatabase, type Db } from './db/database';
import { liveLockOwner } from './db/data-dir-lock';
import { migrateToLatest } from './db/migrate';
import { slowStatements } from './db/slow-statements';
import { purgeEndedWindows } from './http/rate-limit-store';
import { authRepo } from './modules/auth/auth.repo';
import { tokenHash } from './modules/auth/tokens';
import { isDatabaseEmpty, seedDemo } from './seed/demo-seed';
import { LISTENING_MESSAGE, serverProcesses, supervise, SUPERVISED_ENV } from './server-processes';

/** Lines of a price file per transaction on the embedded database: about 50 ms each, other requests answer between. */
const EMBEDDED_PRICE_APPLY_CHUNK = 2000;
/** How often the supervising parent looks whether the data directory's lock is free. */
const LOCK_POLL_MS = 100;

async function main() {
  const config = loadConfig();
  const processes = serverProcesses(config);
  const log = (line: string) => console.log(line);
  // A server process of the supervising parent below: the embedded database's one readies it itself.
  if (cluster.isWorker || process.env[SUPERVISED_ENV]) return serve(config, { prepare: !config.DATABASE_URL, processes });
  if (!config.DATABASE_URL) {
    // The embedded database: a small parent starts the one server process and starts it again once its data
    // directory's lock is free (a dead process's lock is stale at once, data-dir-lock.ts).
    const holder = liveLockOwner(config.dataDir);
    if (holder) throw new Error(holder.message);
    await supervise({
      count: 1,
      start: () => fork(process.argv[1], process.argv.slice(2), { env: { ...process.env, [SUPERVISED_ENV]: '1' } }),
      beforeStart: () => lockFreed(config.dataDir, log),
      log,
    });
    return;
  }
  // PostgreSQL: the primary readies the database once (migrations, the web client, the demo data), then starts the
  // workers (one or more: a single one is supervised too) and starts again one that dies.
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL });
  await prepareDatabase(config, database.db);
  await database.close();
  await supervise({ count: processes, start: () => cluster.fork().process, log });
  console.log(`B2B back office on http://localhost:${config.PORT} (postgres, ${processes} process${processes > 1 ? 'es' : ''})`);
}

/** Until no live process holds the data directory's lock (polled: the lock is a file). */
async function lockFreed(dataDir: string, log: (line: string) => void) {
  let told = false;
  for (let holder = liveLockOwner(dataDir); holder; holder = liveLockOwner(dataDir)) {
    if (!told) log(`waiting for process ${holder.pid} to free ${dataDir}`);
    told = true;
    await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
  }
}

async function prepareDatabase(config: Config, db: Db) {
  const applied = await migrateToLatest(db);
  if (applied.length) console.log(`Migrations applied: ${applied.join(', ')}`);
  await authRepo(db).upsertOauthClient(config.OAUTH_CLIENT_ID, tokenHash(config.OAUTH_CLIENT_SECRET), 'Web client');
  if (config.SEED_DEMO === 'auto' && (await isDatabaseEmpty(db))) {
    console.log('Empty database: loading the demo data…');
    await seedDemo(db, { scale: 1, log: (m: string) => console.log(m) });
  }
}

async function serve(config: Config, { prepare, processes }: { prepare: boolean; processes: number }) {
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
  const purge = setInterval(() => {
    void app.services.auth.purgeExpiredTokens().catch(() => {});
    void purgeEndedWindows(database.db).catch(() => {});
    // Expired exports (a day old) and files on disk whose row is gone (issue 37.6).
    void app.services.files.purge().catch((err) => app.log.error({ err }, 'file purge failed'));
  }, 3600_000);
  purge.unref();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
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
  if (!cluster.isWorker) console.log(`B2B back office on http://localhost:${config.PORT} (${database.engine})`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
