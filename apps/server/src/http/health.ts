import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { HEALTH_ROUTES as R } from '@b2b/contracts/routes/health';
import type { Db } from '@/db/database';
import type { BlobStore } from '@/files/blob-store';
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
export function healthRoutes(db: Db, store: Pick<BlobStore, 'answers' | 'kind'>) {
  return async (app: FastifyInstance) => {
    app.addHook('onRoute', (options) => {
      options.logLevel = 'warn';
    });
    const was = { database: true, store: true };
    // Checks at the same moment share one probe of the store: a burst of checks (several supervisors, a load balancer
    // per host) is one request to a remote bucket, not one each (60 at once, each its own HeadBucket, outran the 2 s
    // limit on a loaded machine and answered 503 with the store up).
    let probing: Promise<boolean> | undefined;
    const storeAnswers = () =>
      (probing ??= store.answers().finally(() => {
        probing = undefined;
      }));
    const changed = (what: 'database' | 'store', answers: boolean, lost: string) => {
      if (answers === was[what]) return;
      was[what] = answers;
      if (answers) app.log.info(`health: the ${what === 'store' ? 'file store' : 'database'} answers again`);
      else app.log.warn(`health: ${lost}`);
    };
    addRoute(app, R.health, async ({ reply }) => {
      const [database, files] = await Promise.all([databaseAnswers(db), storeAnswers()]);
      changed('database', database, `the database did not answer select 1 within ${HEALTH_DB_TIMEOUT_MS} ms`);
      changed('store', files, `the file store (${store.kind}) did not answer`);
      if (!database || !files) reply.code(503);
      return {
        status: database && files ? 'ok' : 'error',
        database: database ? 'ok' : 'unreachable',
        store: files ? 'ok' : 'unreachable',
        store_kind: store.kind,
      } as const;
    });
  };
}
