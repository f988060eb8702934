import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { NOTICE_CHANNEL } from './migrations/2026-11-27-0035-table-change-notices';

/**
 * What a process may keep of a table between requests needs to hear when the table changes. The table's triggers
 * send a notice in the writing transaction (migration 0035), whoever writes: a module of this process, another
 * server process, a script, an operator's psql. This process's own writes are heard before their statement or
 * commit answers: the embedded database's one session listens, and on PostgreSQL so does each pooled connection (a
 * session hears its own notice just before it says it is ready). A watcher forgets what it kept whenever it is
 * called; it keeps nothing while `live()` is false.
 */
export interface ChangeFeed {
  /** Calls `changed` on a notice naming one of `tables`, and whenever the feed goes live or stops being live. Answers how to stop. */
  watch(tables: readonly string[], changed: () => void): () => void;
  /** Whether every change reaches the watchers: always on the embedded database; on PostgreSQL while the notice connection listens. */
  live(): boolean;
  close(): Promise<void>;
}

export interface PostgresChangeFeed extends ChangeFeed {
  /** Each connection `pool` opens listens too, so that a write of this process is heard before it answers. */
  listenOn(pool: pg.Pool): void;
}

/** The notice connection's application_name (pg_stat_activity). */
export const NOTICE_LISTENER = 'b2b change notices';
/** How long the feed waits before listening again after its connection was lost, doubled up to the maximum. */
const RECONNECT_MS = 500;
const RECONNECT_MAX_MS = 30_000;

function watchers() {
  const all = new Set<{ tables: ReadonlySet<string>; changed: () => void }>();
  return {
    add(tables: readonly string[], changed: () => void) {
      const w = { tables: new Set(tables), changed };
      all.add(w);
      return () => void all.delete(w);
    },
    /** A notice naming `table`; null: anything may have changed. */
    tell(table: string | null) {
      for (const w of all) if (table === null || w.tables.has(table)) w.changed();
    },
  };
}

/** The embedded database's feed: its one session listens, and one process writes it. */
export async function pgliteChangeFeed(pglite: PGlite): Promise<ChangeFeed> {
  const w = watchers();
  let closed = false;
  await pglite.listen(NOTICE_CHANNEL, (table) => {
    if (!closed) w.tell(table || null);
  });
  return {
    watch: w.add,
    live: () => true,
    async close() {
      closed = true;
    },
  };
}

/** PostgreSQL's feed: a connection of its own that listens, and the pooled connections (listenOn). */
export async function postgresChangeFeed(url: string, onError: (message: string) => void = () => {}): Promise<PostgresChangeFeed> {
  const w = watchers();
  let listening: pg.Client | undefined;
  let closed = false;
  let delay = RECONNECT_MS;
  let retry: NodeJS.Timeout | undefined;
  // The backends of this process's pooled connections that listen: each hears its own notices, and only those.
  const own = new Set<number>();
  const heard = (n: pg.Notification) => {
    if (!closed && n.channel === NOTICE_CHANNEL) w.tell(n.payload || null);
  };

  const lost = (client: pg.Client, reason: string) => {
    if (listening !== client) return;
    listening = undefined;
    w.tell(null);
    client.end().catch(() => {});
    if (closed) return;
    onError(`PostgreSQL: the change notices' connection was lost (${reason}); kept sessions are read again until it is back`);
    schedule();
  };
  const schedule = () => {
    retry = setTimeout(() => void connect(), delay);
    retry.unref();
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  };
  const connect = async () => {
    const client = new pg.Client({ connectionString: url, keepAlive: true, application_name: NOTICE_LISTENER });
    client.on('error', (err) => lost(client, err.message));
    client.on('end', () => lost(client, 'ended'));
    client.on('notification', (n) => {
      if (listening === client && !own.has(n.processId)) heard(n);
    });
    try {
      await client.connect();
      await client.query(`listen ${NOTICE_CHANNEL}`);
    } catch (err) {
      client.end().catch(() => {});
      if (!closed) {
        onError(`PostgreSQL: cannot listen for change notices (${err instanceof Error ? err.message : String(err)})`);
        schedule();
      }
      return;
    }
    if (closed) {
      await client.end().catch(() => {});
      return;
    }
    listening = client;
    delay = RECONNECT_MS;
    // Whatever changed while nobody listened is unknown: watchers start again.
    w.tell(null);
  };

  await connect();
  return {
    watch: w.add,
    live: () => listening !== undefined,
    listenOn(pool) {
      pool.on('connect', (client) => {
        const pid = (client as pg.PoolClient & { processID: number }).processID;
        client.on('notification', (n) => {
          if (n.processId === pid) heard(n);
        });
        client.on('end', () => own.delete(pid));
        // Queued before the statement the connection was opened for. Should it fail, the notice connection hears its writes.
        client.query(`listen ${NOTICE_CHANNEL}`).then(
          () => own.add(pid),
          () => {},
        );
      });
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = listening;
      listening = undefined;
      w.tell(null);
      await client?.end().catch(() => {});
    },
  };
}
