import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { HEALTH_ROUTES as R } from '@b2b/contracts/routes/health';
import type { Db } from '@/db/database';
import { addRoute } from './contract-route';

/** How long `select 1` may take before the database counts as unreachable (a hung connection never answers). */
export const HEALTH_DB_TIMEOUT_MS = 2000;

/** Whether the database answers `select 1` within `timeoutMs`. Never throws. */
export async function databaseAnswers(db: Db, timeoutMs = HEALTH_DB_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  try {
    return await Promise.race([
      sql`select 1`.execute(db).then(
        () => true,
        () => false,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /health: public, no rate limit, for a supervisor's or a container runtime's health check. Its requests are
 * not logged (a check every few seconds would fill the log); the database going away and coming back are, once each.
 */
export function healthRoutes(db: Db) {
  return async (app: FastifyInstance) => {
    app.addHook('onRoute', (options) => {
      options.logLevel = 'warn';
    });
    let up = true;
    addRoute(app, R.health, async ({ reply }) => {
      const answers = await databaseAnswers(db);
      if (answers !== up) {
        up = answers;
        if (answers) app.log.info('health: the database answers again');
        else app.log.warn(`health: the database did not answer select 1 within ${HEALTH_DB_TIMEOUT_MS} ms`);
      }
      if (answers) return { status: 'ok', database: 'ok' } as const;
      reply.code(503);
      return { status: 'error', database: 'unreachable' } as const;
    });
  };
}
