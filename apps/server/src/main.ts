import { loadConfig } from './config';
import { buildApp } from './app';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { purgeEndedWindows } from './http/rate-limit-store';
import { isDatabaseEmpty, seedDemo } from './seed/demo-seed';

/** Lines of a price file per transaction on the embedded database: about 50 ms each, other requests answer between. */
const EMBEDDED_PRICE_APPLY_CHUNK = 2000;

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  const applied = await migrateToLatest(database.db);
  if (applied.length) console.log(`Migrations applied: ${applied.join(', ')}`);

  const embedded = database.engine === 'pglite';
  const app = await buildApp({
    db: database.db,
    config: { ...config, webDist: config.WEB_DIST, soleWorker: embedded, priceApplyChunk: embedded ? EMBEDDED_PRICE_APPLY_CHUNK : undefined },
  });
  const services = app.services;
  await services.auth.ensureOauthClient(config.OAUTH_CLIENT_ID, config.OAUTH_CLIENT_SECRET, 'Web client');
  if (config.SEED_DEMO === 'auto' && (await isDatabaseEmpty(database.db))) {
    console.log('Empty database: loading the demo data…');
    await seedDemo(database.db, { scale: 1, log: (m: string) => console.log(m) });
  }
  const purge = setInterval(() => {
    void services.auth.purgeExpiredTokens().catch(() => {});
    void purgeEndedWindows(database.db).catch(() => {});
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
  console.log(`B2B back office on http://localhost:${config.PORT} (${database.engine})`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
