import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import type { Config } from './config';

/** `auto` takes one process per core up to this: beyond it PostgreSQL's connections, not Node, are the limit. */
const AUTO_MAX = 8;
/** The first restart after a death waits this long; each further quick death doubles the wait, up to RESTART_MAX_MS. */
export const RESTART_FIRST_MS = 500;
export const RESTART_MAX_MS = 30_000;
/** A process that ran this long was stable: its death starts the schedule afresh. */
export const STABLE_AFTER_MS = 60_000;
/** What a server process sends its supervisor once it listens. */
export const LISTENING_MESSAGE = 'b2b:listening';
/** Set in the environment of a server process that a supervising parent started (main.ts). */
export const SUPERVISED_ENV = 'B2B_SUPERVISED';

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

/** The wait before the restart that follows `quickDeaths` deaths in a row, none after a stable run: 0.5 s, 1, 2, … 30 s. */
export function restartDelay(quickDeaths: number): number {
  return Math.min(RESTART_MAX_MS, RESTART_FIRST_MS * 2 ** quickDeaths);
}

/**
 * The restart schedule of one server process: each death waits longer than the one before (a configuration that
 * cannot start, a crash at every request, never spins), and a process that served a stable minute starts afresh.
 */
export function restartBackoff() {
  let quickDeaths = 0;
  return {
    /** The wait before starting again a process that ran `uptimeMs` before it died. */
    next(uptimeMs: number): number {
      if (uptimeMs >= STABLE_AFTER_MS) quickDeaths = 0;
      return restartDelay(quickDeaths++);
    },
  };
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

export interface SuperviseOptions {
  /** How many server processes serve at once. */
  count: number;
  /** Starts one server process: a cluster worker (PostgreSQL) or a forked child (the embedded database). */
  start: () => ChildProcess;
  /** Waited for before each start (the embedded database: until its data directory's lock is free). */
  beforeStart?: () => Promise<void>;
  log: (line: string) => void;
  /** Where SIGINT and SIGTERM arrive, and how the parent ends: the process's own unless given (a test). */
  signals?: Pick<NodeJS.Process, 'on'>;
  exit?: (code: number) => void;
}

/**
 * The supervising parent of the server processes: starts `count` of them, starts again one that dies (after the
 * backoff of restartBackoff, with a log line), forwards SIGINT/SIGTERM to them and ends once they have ended on it.
 * A process that ends cleanly (code 0: it was told to stop) is not started again; the parent ends with the last.
 * Resolves once each process has listened (sent LISTENING_MESSAGE).
 */
export function supervise({
  count,
  start,
  beforeStart,
  log,
  signals = process,
  exit = (code) => process.exit(code),
}: SuperviseOptions): Promise<void> {
  let stopping = false;
  const running = new Set<ChildProcess>();
  const pending = new Set<NodeJS.Timeout>();
  const listened = new Set<number>();
  let launching = 0;
  let onAllListening = () => {};
  const endIfDone = () => {
    if (running.size === 0 && pending.size === 0 && launching === 0) exit(0);
  };

  const launch = async (slot: number, backoff: ReturnType<typeof restartBackoff>) => {
    launching++;
    await beforeStart?.();
    launching--;
    if (stopping) return endIfDone();
    const child = start();
    const startedAt = Date.now();
    running.add(child);
    child.on('message', (message) => {
      if (message !== LISTENING_MESSAGE || listened.has(slot)) return;
      listened.add(slot);
      if (listened.size === count) onAllListening();
    });
    child.once('exit', (code, signal) => {
      running.delete(child);
      if (stopping || (code === 0 && !signal)) {
        if (!stopping) log(`server process ${child.pid} stopped: not started again`);
        return endIfDone();
      }
      const uptime = Date.now() - startedAt;
      const wait = backoff.next(uptime);
      log(`server process ${child.pid} ended (${signal ?? `code ${code}`}) after ${seconds(uptime)}: starting it again in ${seconds(wait)}`);
      const timer = setTimeout(() => {
        pending.delete(timer);
        void launch(slot, backoff);
      }, wait);
      pending.add(timer);
    });
  };

  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const timer of pending) clearTimeout(timer);
    pending.clear();
    for (const child of running) child.kill(signal);
    endIfDone();
  };
  signals.on('SIGINT', stop);
  signals.on('SIGTERM', stop);
  return new Promise<void>((resolve) => {
    onAllListening = resolve;
    for (let slot = 0; slot < count; slot++) void launch(slot, restartBackoff());
  });
}
