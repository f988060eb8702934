import cluster from 'node:cluster';
import { loadConfig, type Config } from './config';
import { buildApp } from './app';
import { openDatabase, type Db } from './db/database';
import { migrateToLatest } from './db/migrate';
import { slowStatements } from './db/slow-statements';
import { purgeEndedWindows } from './http/rate-limit-store';
import { authRepo } from './modules/auth/auth.repo';
import { tokenHash } from './modules/auth/tokens';
import { isDatabaseEmpty, seedDemo } from './seed/demo-seed';
import { runWorkers, serverProcesses } from './server-processes';

/** Lines of a price file per transaction on the embedded database: about 50 ms each, other requests answer between. */
const EMBEDDED_PRICE_APPLY_CHUNK = 2000;

async function main() {
  const config = loadConfig();
  const processes = serverProcesses(config);
  if (processes === 1) return serve(config, { prepare: true, processes });
  if (cluster.isWorker) return serve(config, { prepare: false, processes });
  // The primary readies the database once (migrations, the web client, the demo data), then starts the workers.
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL });
  await prepareDatabase(config, database.db);
  await database.close();
  await runWorkers(processes, (line) => console.log(line));
  console.log(`B2B back office on http://localhost:${config.PORT} (postgres, ${processes} processes)`);
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

  await app.listen({ port: config.PORT, host: config.HOST });
  if (cluster.isPrimary) console.log(`B2B back office on http://localhost:${config.PORT} (${database.engine})`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
