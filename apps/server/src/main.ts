import { fork } from 'node:child_process';
import cluster from 'node:cluster';
import { storeLabel } from './files/blob-store-of';
import { loadConfig } from './config';
import { liveLockOwner } from './db/data-dir-lock';
import { serverProcesses, supervise, SUPERVISED_ENV } from './server-processes';

/** How often the supervising parent looks whether the data directory's lock is free. */
const LOCK_POLL_MS = 100;

async function main() {
  const config = loadConfig();
  const processes = serverProcesses(config);
  const log = (line: string) => console.log(line);
  // A server process of the supervising parent below (the embedded database's one readies it itself). The server's
  // code is imported only here and on PostgreSQL's primary, which readies the database: the embedded database's
  // supervising parent stays small (the bundle is split, build.mjs).
  if (cluster.isWorker || process.env[SUPERVISED_ENV]) {
    const { serve } = await import('./serve');
    return serve(config, { prepare: !config.DATABASE_URL, processes });
  }
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
  const [{ openDatabase }, { prepareDatabase }] = await Promise.all([import('./db/database'), import('./serve')]);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL });
  await prepareDatabase(config, database.db);
  await database.close();
  await supervise({ count: processes, start: () => cluster.fork().process, log });
  console.log(`B2B back office on http://localhost:${config.PORT} (postgres, ${processes} process${processes > 1 ? 'es' : ''})`, storeLabel(config));
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

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
