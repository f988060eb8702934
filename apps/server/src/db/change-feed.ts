import pg from 'pg';
import { NOTICE_CHANNEL } from './migrations/2026-11-27-0035-table-change-notices';

/**
 * What a process may keep of a table between requests needs to hear when the table changes: its own statements tell
 * it at once, and other processes' (the other server processes, a script, an operator's psql) by PostgreSQL's notices
 * (migration 0035). A watcher forgets what it kept whenever it is called; it keeps nothing while `live()` is false.
 */
export interface ChangeFeed {
  /** Calls `changed` after a statement of this process wrote one of `tables`, on another's notice, and whenever the feed goes live or stops being live. Answers how to stop. */
  watch(tables: readonly string[], changed: () => void): () => void;
  /** Whether every change reaches the watchers: always on the embedded database (one process holds it); on PostgreSQL while the notice connection listens. */
  live(): boolean;
  /** Each statement this process ran (database.ts). */
  seen(statement: string): void;
  close(): Promise<void>;
}

/** How long the feed waits before listening again after its connection was lost, doubled up to the maximum. */
const RECONNECT_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/** Tables a statement's text writes (update, delete, truncate, an insert that updates on conflict), as Kysely and hand-written SQL spell them. */
export function writtenTables(statement: string): string[] {
  const found: string[] = [];
  // `do update` (an upsert's own) and `for update` (a row lock) name no table after them.
  for (const m of statement.matchAll(
    /(?<!\b(?:do|for|key)\s+)\b(update|delete\s+from|truncate(?:\s+table)?(?:\s+only)?|insert\s+into)\s+(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/gi,
  )) {
    if (m[1].toLowerCase().startsWith('insert') && !/\bdo\s+update\b/i.test(statement)) continue;
    found.push(m[2].toLowerCase());
  }
  return found;
}

interface Watcher {
  tables: ReadonlySet<string>;
  changed: () => void;
}

function watchers() {
  const all = new Set<Watcher>();
  return {
    add(tables: readonly string[], changed: () => void) {
      const w: Watcher = { tables: new Set(tables), changed };
      all.add(w);
      return () => void all.delete(w);
    },
    tell(table: string | null) {
      for (const w of all) if (table === null || w.tables.has(table)) w.changed();
    },
    seen(statement: string) {
      if (!all.size || !/\b(update|delete|truncate)\b/i.test(statement)) return;
      for (const table of writtenTables(statement)) this.tell(table);
    },
  };
}

/** The embedded database's feed: one process writes it, so its own statements are all the changes there are. */
export function localChangeFeed(): ChangeFeed {
  const w = watchers();
  return { watch: w.add, live: () => true, seen: (s) => w.seen(s), close: async () => {} };
}

/** PostgreSQL's feed: this process's statements, and the notices of a connection of its own that listens. */
export async function postgresChangeFeed(url: string, onError: (message: string) => void = () => {}): Promise<ChangeFeed> {
  const w = watchers();
  let listening: pg.Client | undefined;
  let closed = false;
  let delay = RECONNECT_MS;
  let retry: NodeJS.Timeout | undefined;

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
    const client = new pg.Client({ connectionString: url, keepAlive: true });
    client.on('error', (err) => lost(client, err.message));
    client.on('end', () => lost(client, 'ended'));
    client.on('notification', (n) => {
      if (listening === client && n.channel === NOTICE_CHANNEL) w.tell(n.payload ?? null);
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
    seen: (s) => w.seen(s),
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
