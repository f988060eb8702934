import { sql } from 'kysely';
import type { Db } from './database';

/** The planner settings a query may pin for itself, with their values. */
export interface PlannerSettings {
  enable_bitmapscan?: 'off';
  enable_seqscan?: 'off';
  max_parallel_workers_per_gather?: 0;
  plan_cache_mode?: 'force_generic_plan';
}

/**
 * A page read by walking its sort's index and testing each row, for a text search known to match many rows: the
 * planner cannot tell a common word from a rare one (it guesses a hundred rows either way) and would otherwise find
 * every match on the trigram index and sort them all (18,000 for a common word at a million orders, 25–40 ms)
 * where the walk meets its twenty rows within a thousand (under 1 ms). Set in the query's transaction (SET LOCAL), the
 * walk is the plan whatever the pattern; being a text search it is planned on each call.
 */
export const SORT_INDEX_WALK: PlannerSettings = {
  enable_bitmapscan: 'off',
  enable_seqscan: 'off',
  max_parallel_workers_per_gather: 0,
  plan_cache_mode: 'force_generic_plan',
};

/**
 * A prepared statement planned once per session, whatever its parameters: for a query of lookups by key whose best
 * plan never depends on them (the price engine's page: its fourteen joins took 1.9 ms to plan and 0.5 ms to run).
 */
export const GENERIC_PLAN: PlannerSettings = { plan_cache_mode: 'force_generic_plan' };

const key = (settings: PlannerSettings) => JSON.stringify(Object.entries(settings).sort());

/**
 * Databases opened with sessions that already carry some settings (PostgreSQL: one pool, GENERIC_PLAN's, db/database.ts):
 * a query that pins them runs there as one statement, not as begin, set_config, the query and commit.
 */
const presetSessions = new WeakMap<Db, Map<string, Db>>();

export function registerPresetSessions(db: Db, settings: PlannerSettings, preset: Db): void {
  const byKey = presetSessions.get(db) ?? new Map<string, Db>();
  byKey.set(key(settings), preset);
  presetSessions.set(db, byKey);
}

/** `-c name=value` options of a PostgreSQL connection that starts with these settings. */
export const sessionOptions = (settings: PlannerSettings) =>
  Object.entries(settings)
    .map(([name, value]) => `-c ${name}=${String(value)}`)
    .join(' ');

/**
 * Runs `run` with the planner settings `settings`, for the rare query whose best plan the planner cannot know or
 * takes too long to find: on sessions opened with them when the database has such (PostgreSQL), else in a
 * transaction that sets them for itself (SET LOCAL: they end with it). Inside a caller's transaction the settings
 * would outlive the query, so there it runs as planned usually.
 */
export function withPlannerSettings<T>(db: Db, settings: PlannerSettings, run: (d: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return run(db);
  const preset = presetSessions.get(db)?.get(key(settings));
  if (preset) return run(preset);
  return db.transaction().execute(async (trx) => {
    // All the settings in one statement: on the embedded database each statement waits its turn.
    await sql`select ${sql.join(Object.entries(settings).map(([name, value]) => sql`set_config(${name}, ${String(value)}, true)`))}`.execute(trx);
    return run(trx);
  });
}

/**
 * Runs `run` on sessions opened with `settings` where the database has them (PostgreSQL), else as usual: for settings
 * that only spare the planner time, which a transaction setting them would spend again (the embedded database).
 * `otherwise`: the settings to run with where there are no such sessions (in a transaction that sets them).
 */
export function onPresetSessions<T>(db: Db, settings: PlannerSettings, run: (d: Db) => Promise<T>, otherwise?: PlannerSettings): Promise<T> {
  if (db.isTransaction) return run(db);
  const preset = presetSessions.get(db)?.get(key(settings));
  if (preset) return run(preset);
  return otherwise ? withPlannerSettings(db, otherwise, run) : run(db);
}
