import { sql } from 'kysely';
import type { Db } from './database';

/** The planner settings a query may pin for itself, with their values. */
export interface PlannerSettings {
  join_collapse_limit?: 1;
  enable_bitmapscan?: 'off';
}

/**
 * Runs `run` in a transaction whose planner settings are `settings` (SET LOCAL: they end with it), for the rare
 * query whose best plan the planner cannot know or takes too long to find. Inside a caller's transaction the
 * settings would outlive the query, so there it runs as planned usually.
 */
export function withPlannerSettings<T>(db: Db, settings: PlannerSettings, run: (d: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return run(db);
  return db.transaction().execute(async (trx) => {
    for (const [name, value] of Object.entries(settings)) await sql`select set_config(${name}, ${String(value)}, true)`.execute(trx);
    return run(trx);
  });
}
