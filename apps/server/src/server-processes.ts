import cluster from 'node:cluster';
import os from 'node:os';
import type { Config } from './config';

/** `auto` takes one process per core up to this: beyond it PostgreSQL's connections, not Node, are the limit. */
const AUTO_MAX = 8;
/** A worker that dies sooner than this after it started is not started again (a broken configuration would loop). */
const MIN_UPTIME_MS = 10_000;

/**
 * How many server processes serve the port. On PostgreSQL one Node process is the limit of a busy server: its one
 * thread builds queries, reads their rows and writes the answers while the database's cores wait (issue 11). The
 * embedded database is one connection held by one process (ARCHITECTURE §7).
 */
export function serverProcesses(config: Pick<Config, 'SERVER_PROCESSES' | 'DATABASE_URL'>): number {
  const wanted = config.SERVER_PROCESSES;
  if (!config.DATABASE_URL) {
    if (wanted !== 'auto' && wanted > 1) {
      throw new Error(`SERVER_PROCESSES=${wanted} needs PostgreSQL (DATABASE_URL): the embedded database is served by one process`);
    }
    return 1;
  }
  return wanted === 'auto' ? Math.min(AUTO_MAX, os.availableParallelism()) : wanted;
}

/**
 * The primary of several server processes: starts `count` workers (each runs the whole server: the API, the jobs'
 * worker, which take their jobs with SKIP LOCKED), starts again one that dies, and stops them all on SIGINT/SIGTERM.
 * Resolves once every worker listens. The workers share the port; the primary hands them connections in turn.
 */
export async function runWorkers(count: number, log: (line: string) => void): Promise<void> {
  let stopping = false;
  const started = new Map<number, number>();
  const fork = () => {
    const worker = cluster.fork();
    started.set(worker.id, Date.now());
    return worker;
  };
  cluster.on('exit', (worker, code, signal) => {
    const uptime = Date.now() - (started.get(worker.id) ?? 0);
    started.delete(worker.id);
    if (stopping) {
      if (started.size === 0) process.exit(0);
      return;
    }
    log(`server process ${worker.process.pid} ended (${signal ?? `code ${code}`})`);
    if (uptime < MIN_UPTIME_MS) {
      log('it ended right after its start: the server stops');
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      if (started.size === 0) process.exit(1);
      return;
    }
    fork();
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    if (!workers.length) process.exit(0);
    for (const worker of workers) worker?.process.kill('SIGTERM');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  await new Promise<void>((resolve) => {
    let listening = 0;
    const onListening = () => {
      if (++listening === count) {
        cluster.off('listening', onListening);
        resolve();
      }
    };
    cluster.on('listening', onListening);
    for (let i = 0; i < count; i++) fork();
  });
}
