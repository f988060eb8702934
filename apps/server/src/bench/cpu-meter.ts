import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';
import { procStat } from './proc-stat';

/**
 * What a load run costs the machine per request: the CPU time (user + system, Linux's /proc) of the server's
 * processes and of the PostgreSQL backends serving its database, divided by the requests answered. Latency at
 * concurrency 32 is the machine's as much as the code's (the same code measured a ceiling of 2,300 req/s one day and
 * 14,800 another); the CPU a request takes changes far less from one machine to the next, and tells which side of
 * the route (node or the database) a change should go after.
 */
export interface CpuPerRequest {
  /** The server's processes (the embedded database runs inside them). */
  serverMs: number;
  /** PostgreSQL's backends of the bench database; undefined when they are not on this machine's /proc. */
  databaseMs?: number;
}

export interface CpuMeter {
  snapshot(): Promise<CpuSnapshot>;
  /**
   * The cost of the requests answered between two snapshots, up to `inFlight` of them at a time: undefined when those
   * in flight at the end (served, not counted) would weigh in it (a heavy report: 5 answered, 32 at work).
   */
  perRequest(before: CpuSnapshot, after: CpuSnapshot, requests: number, inFlight: number): CpuPerRequest | undefined;
  close(): Promise<void>;
}

/** CPU ticks of each process, by pid. */
interface CpuSnapshot {
  server: Map<number, number>;
  database?: Map<number, number>;
}

/** A run's CPU per request is shown when its answers are at least this many times those left in flight. */
const UNCOUNTED_SHARE = 20;

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime + stime of a process, in ticks; undefined when it is gone (or is not the command named). */
export function cpuTicks(pid: number, command?: RegExp): number | undefined {
  const stat = procStat(pid);
  if (!stat || (command && !command.test(stat.command))) return undefined;
  return stat.field(14) + stat.field(15);
}

const ticksOf = (pids: number[], command?: RegExp) => {
  const out = new Map<number, number>();
  for (const pid of pids) {
    const t = cpuTicks(pid, command);
    if (t !== undefined) out.set(pid, t);
  }
  return out;
};

/** Ticks spent between two snapshots; a process born in between counts from zero. */
const spent = (before: Map<number, number>, after: Map<number, number>) => {
  let ticks = 0;
  for (const [pid, t] of after) ticks += t - (before.get(pid) ?? 0);
  return ticks;
};

/**
 * A meter of the server `serverPids()` names and, with `databaseUrl`, of the PostgreSQL backends connected to that
 * database (found in pg_stat_activity; the meter's own connection left out). Undefined off Linux.
 */
export async function cpuMeter(serverPids: () => number[], databaseUrl?: string): Promise<CpuMeter | undefined> {
  if (!fs.existsSync('/proc/self/stat')) return undefined;
  let client: pg.Client | undefined;
  if (databaseUrl) {
    client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
  }
  const backends = async () =>
    client
      ? (
          await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')
        ).rows.map((r) => r.pid)
      : [];
  return {
    async snapshot() {
      const database = client ? ticksOf(await backends(), /^postgres/) : undefined;
      return { server: ticksOf(serverPids()), database };
    },
    perRequest(before, after, requests, inFlight) {
      if (!requests || requests < UNCOUNTED_SHARE * inFlight) return undefined;
      const ms = (ticks: number) => ((ticks / ticksPerSecond) * 1000) / requests;
      // The database's backends are this machine's only when /proc showed them (PostgreSQL elsewhere: none).
      const database = before.database && after.database?.size ? ms(spent(before.database, after.database)) : undefined;
      return { serverMs: ms(spent(before.server, after.server)), databaseMs: database };
    },
    close: async () => {
      await client?.end();
    },
  };
}
