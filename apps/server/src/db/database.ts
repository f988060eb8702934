import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, sql, type KyselyConfig } from 'kysely';
import pg from 'pg';
import { pgliteChangeFeed, postgresChangeFeed, type ChangeFeed } from './change-feed';
import { lockDataDir } from './data-dir-lock';
import { preparingPool } from './prepared-statements';
import { PagingPostgresDialect } from './paging-compiler';
import { GENERIC_PLAN, registerPresetSessions, sessionOptions, type PlannerSettings } from './planner-settings';
import { PGliteDialect } from './pglite-dialect';
import { maintainGrownTables } from './pglite-maintenance';
import type { DB } from './schema';

export type Db = Kysely<DB>;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Embedded engine only: the PGlite instance (tests dump and load it). */
  pglite?: PGlite;
  /** Changes of the tables a process keeps something of (db/change-feed.ts). */
  changes: ChangeFeed;
  close(): Promise<void>;
}

const INT8 = 20;
const NUMERIC = 1700;
/** The embedded database's upkeep: a checkpoint, then the statistics of grown tables (db/pglite-analyze.ts). */
const CHECKPOINT_EVERY_MS = 5 * 60 * 1000;

export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** Start the embedded database from a dump (tests), in memory. */
  loadDataDir?: Blob;
  /** Skip the lock file (in-memory test databases). */
  inMemory?: boolean;
  /** Called with each query's duration in ms and its SQL (the benchmark's raw SQL time, its trace). */
  onQuery?: (ms: number, sql: string, parameters: readonly unknown[]) => void;
  /**
   * Server processes sharing the PostgreSQL database (server-processes.ts): each opens a share of the connections,
   * so that together they hold about twice what one process would, well within PostgreSQL's 100.
   */
  processes?: number;
}

/** Each statement's time to `onQuery` (none measured without it). */
const statementLog = (onQuery?: OpenOptions['onQuery']): KyselyConfig['log'] =>
  onQuery &&
  ((event) => {
    if (event.level === 'query') onQuery(event.queryDurationMillis, event.query.sql, event.query.parameters);
  });

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.onQuery, opts.processes);
  return openPGlite(opts);
}

async function openPostgres(url: string, onQuery?: OpenOptions['onQuery'], processes = 1): Promise<Database> {
  const types = {
    getTypeParser: (oid: number, format?: 'text' | 'binary') => (oid === INT8 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format)),
  };
  const changes = await postgresChangeFeed(url, (message) => console.error(message));
  const share = (size: number) => (processes > 1 ? Math.max(2, Math.ceil((2 * size) / processes)) : size);
  const open = (size: number, settings: PlannerSettings = {}) => {
    const max = share(size);
    // JIT compiling costs 100 ms and more on the reports' aggregates and gains nothing on this workload's short queries.
    const options = ['-c jit=off', sessionOptions(settings)].filter(Boolean).join(' ');
    const pool = new pg.Pool({ connectionString: url, max, types, options });
    // An idle connection the server ends (a restart, a terminated backend) is dropped by the pool; without a
    // listener its error would end the process.
    pool.on('error', (err) => console.error(`PostgreSQL: an idle connection was closed (${err.message})`));
    changes.listenOn(pool);
    return new Kysely<DB>({ dialect: new PagingPostgresDialect({ pool: preparingPool(pool) }), log: statementLog(onQuery) });
  };
  const db = open(10);
  // The one pool of preset sessions (db/planner-settings.ts): generic plans for the busiest lookups. A/B (bench,
  // c=32, 2026-11-28), CPU per request with it vs without: the shop's section page 1.56 vs 2.43 ms, a client's prices
  // 1.99 vs 2.76 (leaf section) and 2.16 vs 2.77 (top section).
  const generic = open(8, GENERIC_PLAN);
  registerPresetSessions(db, GENERIC_PLAN, generic);
  await sql`select 1`.execute(db);
  return {
    db,
    engine: 'postgres',
    changes,
    close: async () => {
      await changes.close();
      await generic.destroy();
      await db.destroy();
    },
  };
}

async function openPGlite(opts: OpenOptions): Promise<Database> {
  const inMemory = opts.inMemory || !opts.dataDir;
  const unlock = inMemory ? () => {} : lockDataDir(opts.dataDir!);
  let pglite: PGlite;
  try {
    pglite = await PGlite.create({
      dataDir: inMemory ? undefined : path.join(opts.dataDir!, 'pgdata'),
      loadDataDir: opts.loadDataDir,
      // Trigram indexes serve the lists' text search (migration 0012).
      extensions: { pg_trgm },
      parsers: { [INT8]: (v: string) => Number(v), [NUMERIC]: (v: string) => v },
    });
  } catch (err) {
    unlock();
    throw err;
  }
  const changes = await pgliteChangeFeed(pglite);
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite), log: statementLog(opts.onQuery) });
  const timer = inMemory
    ? undefined
    : setInterval(() => {
        void sql`checkpoint`
          .execute(db)
          .then(() => maintainGrownTables(db))
          .catch(() => {});
      }, CHECKPOINT_EVERY_MS);
  timer?.unref();
  let closed = false;
  return {
    db,
    engine: 'pglite',
    pglite,
    changes,
    async close() {
      if (closed) return;
      closed = true;
      if (timer) clearInterval(timer);
      if (!inMemory) await sql`checkpoint`.execute(db).catch(() => {});
      await db.destroy();
      await pglite.close();
      unlock();
    },
  };
}
