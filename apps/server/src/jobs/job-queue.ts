import { randomUUID } from 'node:crypto';
import type { Db } from '@/db/database';
import { jobsRepo } from './jobs.repo';

export interface JobContext {
  id: number;
  partnerId: number | null;
  attempt: number;
  /** Whether this is the last attempt: a handler whose work must end in a state the user sees records its failure. */
  final: boolean;
  progress(percent: number): Promise<void>;
  /** Whether the process is stopping: a long handler may end at a safe point by throwing JobInterrupted. */
  stopping(): boolean;
}

/**
 * Thrown by a handler that stopped at a safe point because the process is stopping (its work so far is recorded):
 * the job goes back to the queue without spending an attempt, and the next start goes on with it.
 */
export class JobInterrupted extends Error {
  constructor() {
    super('interrupted: the server is stopping');
  }
}

export type JobHandler = (payload: Record<string, unknown>, ctx: JobContext) => Promise<unknown>;

const POLL_MS = 500;
/**
 * Looks again this soon after an enqueue: a job queued in a transaction is seen once that commits, after the
 * immediate look (on PostgreSQL, another connection); else it waited for the next poll, half a second.
 */
const SOON_MS = [10, 20, 40, 80, 160];
const STALE_AFTER_MS = 10 * 60 * 1000;

/**
 * Durable jobs: rows in `jobs`, run by an in-process worker. A failed run is retried with backoff up to
 * max_attempts; a job left running by a crashed process is picked up again. Handlers must be idempotent.
 */
export function createJobQueue(
  db: Db,
  log: (msg: string, err?: unknown) => void = () => {},
  /**
   * The only process working on this database (the embedded one, behind its lock file): a job found running at start
   * was cut off by a stop or a crash and runs again at once, instead of after STALE_AFTER_MS.
   */
  opts: { soleWorker?: boolean } = {},
) {
  const repo = jobsRepo(db);
  const handlers = new Map<string, JobHandler>();
  const workerId = randomUUID();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;
  /** The next of SOON_MS to wait (SOON_MS.length: back to POLL_MS). */
  let soon = SOON_MS.length;

  async function runOne(): Promise<boolean> {
    const job = await repo.claimNext(workerId);
    if (!job) return false;
    const handler = handlers.get(job.type);
    try {
      if (!handler) throw new Error(`No handler for job type ${job.type}`);
      const result = await handler(job.payload, {
        id: job.id,
        partnerId: job.partner_id,
        attempt: job.attempts,
        final: job.attempts >= job.max_attempts,
        progress: (p) => repo.progress(job.id, Math.max(0, Math.min(100, Math.round(p)))).then(() => {}),
        stopping: () => stopped,
      });
      await repo.done(job.id, result);
    } catch (err) {
      if (err instanceof JobInterrupted) {
        await repo.release(job.id);
        return true;
      }
      const message = err instanceof Error ? err.message : String(err);
      log(`job ${job.id} (${job.type}) attempt ${job.attempts} failed: ${message}`, err);
      if (job.attempts >= job.max_attempts) await repo.failed(job.id, message);
      else await repo.retryLater(job.id, message, new Date(Date.now() + backoffMs(job.attempts)));
    }
    return true;
  }

  async function drain(): Promise<void> {
    while (!stopped && (await runOne())) {
      /* keep going while there is work */
    }
  }

  function schedule(delay = POLL_MS) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = drain()
        .catch((err) => log('job worker error', err))
        .finally(() => {
          running = undefined;
          schedule(soon < SOON_MS.length ? SOON_MS[soon++] : POLL_MS);
        });
    }, delay);
    timer.unref();
  }

  return {
    register(type: string, handler: JobHandler) {
      handlers.set(type, handler);
    },

    /**
     * Queues a job in `trx`: the caller's transaction, so the job exists exactly when the change that caused it
     * commits (or the plain `db` handle when nothing else is written). `runAt` delays it (points that burn on a date).
     */
    async enqueue(
      trx: Db,
      type: string,
      payload: Record<string, unknown>,
      opts: { partnerId?: number | null; userId?: number | null; maxAttempts?: number; runAt?: Date } = {},
    ) {
      const { id } = await jobsRepo(trx).insert({
        type,
        payload,
        partner_id: opts.partnerId ?? null,
        created_by: opts.userId ?? null,
        max_attempts: opts.maxAttempts,
        ...(opts.runAt ? { run_at: opts.runAt } : {}),
      });
      soon = 0;
      if (!stopped && !running) schedule(0);
      return id;
    },

    /**
     * Queues an export job of the user unless one of this type is already queued or running (the partial unique
     * index of migration 0013, on `export.` types only); answers the new job's id, the running one's when it was
     * asked with the same payload, else `{ busy }` with the running one's id.
     */
    async enqueueOnce(type: `export.${string}`, payload: Record<string, unknown>, opts: { partnerId: number; userId: number; maxAttempts?: number }) {
      // The running job may finish between the refused insert and the read: then the insert is tried again.
      for (let attempt = 0; attempt < 5; attempt++) {
        const id = await repo.insertUnlessRunning({
          type,
          payload,
          partner_id: opts.partnerId,
          created_by: opts.userId,
          max_attempts: opts.maxAttempts,
        });
        if (id !== undefined) {
          if (!stopped && !running) schedule(0);
          return id;
        }
        const current = await repo.findRunning(opts.userId, type, payload);
        if (current) return current.same ? current.id : ({ busy: current.id } as const);
      }
      throw new Error(`job ${type} of user ${opts.userId}: neither inserted nor found running`);
    },

    status: (partnerId: number, id: number) => repo.findForPartner(partnerId, id),

    async start() {
      if (!stopped) return;
      stopped = false;
      await repo.requeueStale(new Date(Date.now() - (opts.soleWorker ? 0 : STALE_AFTER_MS)));
      schedule(0);
    },

    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },

    /** Runs every due job now (tests, and the CLI after a seed). */
    async runUntilIdle(): Promise<void> {
      await running;
      while (await runOne()) {
        /* drain */
      }
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;

/** 30 s, 2 min, 8 min, 32 min… capped at 2 h. */
export const backoffMs = (attempt: number) => Math.min(30_000 * 4 ** (attempt - 1), 2 * 3600_000);
