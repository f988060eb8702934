import { sql } from 'kysely';
import type { Db } from '@/db/database';

interface Hits {
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}
type Callback = (err: Error | null, res?: Hits) => void;

/**
 * One request in `key`'s window of `windowMs`: a new window when none is open (or the last one ended), else one hit
 * more. One upsert: parallel requests queue on the row, so each sees its own count.
 */
export async function countHit(db: Db, key: string, windowMs: number): Promise<Hits> {
  const { rows } = await sql<{ hits: number; ttl: number }>`
    insert into rate_limit_hits as h (key, hits, window_ends) values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
    on conflict (key) do update set
      hits = case when h.window_ends <= now() then 1 else h.hits + 1 end,
      window_ends = case when h.window_ends <= now() then excluded.window_ends else h.window_ends end
    returning hits, greatest(0, ceil(extract(epoch from (window_ends - now())) * 1000))::int as ttl`.execute(db);
  return { current: Number(rows[0].hits), ttl: Number(rows[0].ttl) };
}

/** Forgets the windows that ended (run with the other hourly purges). */
export const purgeEndedWindows = (db: Db) => db.deleteFrom('rate_limit_hits').where('window_ends', '<', new Date()).execute();

/**
 * The store of @fastify/rate-limit in the database: the limits a route declares hold across every server process
 * (several share one PostgreSQL) and a restart, where the plugin's own store counts in one process's memory. The
 * plugin constructs the store class itself and asks each limited route for a child: the route is part of the key.
 */
export function databaseRateLimitStore(db: Db) {
  return class DatabaseRateLimitStore {
    private readonly prefix: string;

    constructor(prefix: unknown = '') {
      this.prefix = typeof prefix === 'string' ? prefix : '';
    }

    incr(key: string, cb: Callback, timeWindow: number) {
      countHit(db, this.prefix + key, timeWindow).then(
        (hits) => cb(null, hits),
        (err: Error) => cb(err),
      );
    }

    /** The plugin passes the route's limit merged with `routeInfo`, the route (its types say the route itself). */
    child(routeOptions: object) {
      const route = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      return new DatabaseRateLimitStore(`${String(route.method ?? '')} ${route.url ?? ''} `);
    }
  };
}
