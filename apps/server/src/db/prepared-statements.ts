import { createHash } from 'node:crypto';
import type { PostgresCursor, PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/*
 * PostgreSQL plans every statement anew unless it is prepared: for the lists' short queries planning costs more than
 * running them (the client list's page: 1.7 ms to plan, 0.5 ms to run). This pool hands Kysely connections that run
 * each data statement as a named prepared statement (named by the hash of its text), so a connection parses a
 * statement once and PostgreSQL may keep a generic plan once it has seen that custom plans gain nothing (its
 * plan_cache_mode=auto: five custom plans first). Only pg's published API: a query `{ name, text, values }`, which pg
 * parses once per connection and cannot forget; a connection that has named MAX_PREPARED_PER_CONNECTION statements runs
 * any other unnamed and is closed when released (`release(true)`), so statements whose text varies (IN lists) cannot
 * grow without bound. prepared-statements.api.test.ts fails if a pg upgrade changes either behaviour.
 * A/B (npm run bench, PostgreSQL at 1M orders, c=32, 2026-11-28), CPU per request prepared vs not: orders 0.70 vs 1.39 ms,
 * clients 1.71 vs 3.41, order card 2.42 vs 3.89, a client's prices 1.99 vs 6.25, the shop's section page 1.56 vs 6.06.
 */

export const MAX_PREPARED_PER_CONNECTION = 400;

/**
 * Only data statements are prepared, and not a text search: its best plan depends on the pattern (a rare order
 * number through the trigram index, a common word along the sort's index), which a generic plan cannot see.
 */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
const PATTERN_MATCH = /\blike\b/i;
/**
 * Written into a text search whose plan its text already fixes (the client list's read on the trigram indexes, whose
 * only usable index is theirs): prepared like any statement. Unprepared, each of its statements was planned on every
 * call, 1.2 ms against 0.6 ms to run («7701», 100,000 clients).
 */
export const PLAN_FIXED_BY_TEXT = '/* plan fixed by its text */';
export const preparable = (text: string) => PREPARABLE.test(text) && (!PATTERN_MATCH.test(text) || text.includes(PLAN_FIXED_BY_TEXT));
/** A statement that changes data, anywhere in it (a CTE may delete, update or insert). */
const DATA_CHANGE = /\b(insert|update|delete|merge)\b/i;
/** A statement that only reads: a select, or a CTE that changes nothing (a list's counts joined to its page). */
export const readsOnly = (text: string) => /^\s*select\b/i.test(text) || (/^\s*with\b/i.test(text) && !DATA_CHANGE.test(text));
/** Prepared on the embedded database (db/pglite-prepared.ts): reads only, and not a text search. */
export const preparableRead = (text: string) => readsOnly(text) && !PATTERN_MATCH.test(text);

/** What a statement's text tells: its name, and whether it is prepared on PostgreSQL and on the embedded database. */
export interface StatementFacts {
  name: string;
  preparable: boolean;
  preparableRead: boolean;
}

/** Facts kept by text: a statement compiled once (db/compiled-once.ts) is the same string every call. */
const FACTS_KEPT = 512;
const known = new Map<string, StatementFacts>();

/**
 * A statement text's facts, remembered for the FACTS_KEPT texts seen last: its name is its hash (a few microseconds),
 * and the tests of a long text's words cost as much (the connections' records of what they parsed hold these texts
 * anyway).
 */
export function statementFacts(text: string): StatementFacts {
  let facts = known.get(text);
  if (facts) return facts;
  facts = {
    name: `k${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`,
    preparable: preparable(text),
    preparableRead: preparableRead(text),
  };
  if (known.size >= FACTS_KEPT) known.delete(known.keys().next().value!);
  known.set(text, facts);
  return facts;
}

export const statementName = (text: string) => statementFacts(text).name;

/**
 * A table's columns changed under a prepared `select *` (a deployment's migration while this server runs):
 * PostgreSQL refuses to run the old statement rather than answer another row shape.
 */
export const isStalePlan = (err: unknown) =>
  (err as { code?: string } | null)?.code === '0A000' && /cached plan must not change result type/.test(String((err as Error).message));

function preparingClient(client: pg.PoolClient, max: number): PostgresPoolClient {
  const named = new Set<string>();
  // pg has no way to forget a statement it has parsed: a connection with too many, or one whose statement went stale,
  // is closed when released and the pool opens a fresh one.
  let retire = false;

  const query = (textOrCursor: string | PostgresCursor<unknown>, parameters?: ReadonlyArray<unknown>) => {
    if (typeof textOrCursor !== 'string') return client.query(textOrCursor as never);
    const values = [...(parameters ?? [])];
    const facts = statementFacts(textOrCursor);
    if (!facts.preparable) return client.query(textOrCursor, values);
    const { name } = facts;
    if (!named.has(name)) {
      if (named.size >= max) {
        retire = true;
        return client.query(textOrCursor, values);
      }
      named.add(name);
    }
    return client.query({ name, text: textOrCursor, values }).catch((err: unknown) => {
      if (!isStalePlan(err)) throw err;
      // Run afresh (inside a transaction the failure has already ended it: that one fails once).
      retire = true;
      return client.query(textOrCursor, values);
    });
  };

  return { query: query as unknown as PostgresPoolClient['query'], release: () => client.release(retire || undefined) };
}

/** Kysely's PostgresDialect pool over a pg.Pool, preparing the data statements it runs. */
export function preparingPool(pool: pg.Pool, { max = MAX_PREPARED_PER_CONNECTION } = {}): PostgresPool {
  // Kysely keeps its own state per connection object: the same pg client gets the same one.
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let w = wrapped.get(client);
      if (!w) {
        w = preparingClient(client, max);
        wrapped.set(client, w);
      }
      return w;
    },
    end: () => pool.end(),
  };
}
