import { sql } from 'kysely';
import type { Db } from '@/db/database';

export function jobsRepo(db: Db) {
  return {
    insert: (row: {
      type: string;
      payload: Record<string, unknown>;
      partner_id: number | null;
      created_by?: number | null;
      max_attempts?: number;
      run_at?: Date;
    }) =>
      db
        .insertInto('jobs')
        .values({ ...row, payload: JSON.stringify(row.payload) })
        .returning('id')
        .executeTakeFirstOrThrow(),

    /**
     * Inserts the job unless the user already has one of this type queued or running (the partial unique index
     * jobs_one_export_idx, export types only): undefined then. Holds under parallel calls, unlike count-then-insert.
     */
    insertUnlessRunning: async (row: {
      type: string;
      payload: Record<string, unknown>;
      partner_id: number;
      created_by: number;
      max_attempts?: number;
    }) => {
      const res = await sql<{ id: number }>`
        insert into jobs (type, payload, partner_id, created_by, max_attempts)
        values (${row.type}, ${JSON.stringify(row.payload)}, ${row.partner_id}, ${row.created_by}, ${row.max_attempts ?? sql`default`})
        on conflict (created_by, type) where status in ('QUEUED', 'RUNNING') and type like 'export.%' do nothing
        returning id`.execute(db);
      return res.rows[0]?.id;
    },

    /** The user's queued or running job of this type, and whether it was asked with this payload. */
    findRunning: (userId: number, type: string, payload: Record<string, unknown>) =>
      db
        .selectFrom('jobs')
        .select(['id', sql<boolean>`payload = ${JSON.stringify(payload)}::jsonb`.as('same')])
        .where('created_by', '=', userId)
        .where('type', '=', type)
        .where('status', 'in', ['QUEUED', 'RUNNING'])
        .executeTakeFirst(),

    /** Takes the oldest due job; SKIP LOCKED lets several workers (PostgreSQL) share the queue. */
    claimNext: async (workerId: string) => {
      const res = await sql<{
        id: number;
        type: string;
        payload: Record<string, unknown>;
        attempts: number;
        max_attempts: number;
        partner_id: number | null;
      }>`
        update jobs set status = 'RUNNING', locked_at = now(), locked_by = ${workerId},
          attempts = attempts + 1, updated_at = now()
        where id = (
          select id from jobs where status = 'QUEUED' and run_at <= now()
          order by run_at, id limit 1 for update skip locked
        )
        returning id, type, payload, attempts, max_attempts, partner_id`.execute(db);
      return res.rows[0];
    },

    done: (id: number, result: unknown) =>
      db
        .updateTable('jobs')
        .set({ status: 'DONE', progress: 100, result: JSON.stringify(result ?? null), error: null, updated_at: new Date() })
        .where('id', '=', id)
        .execute(),

    retryLater: (id: number, error: string, runAt: Date) =>
      db
        .updateTable('jobs')
        .set({ status: 'QUEUED', error, run_at: runAt, locked_at: null, locked_by: null, updated_at: new Date() })
        .where('id', '=', id)
        .execute(),

    /** A job that stopped at a safe point because the process is stopping: queued again, the attempt not spent. */
    release: (id: number) =>
      db
        .updateTable('jobs')
        .set((eb) => ({ status: 'QUEUED', attempts: eb('attempts', '-', 1), locked_at: null, locked_by: null, updated_at: new Date() }))
        .where('id', '=', id)
        .execute(),

    failed: (id: number, error: string) =>
      db.updateTable('jobs').set({ status: 'FAILED', error, updated_at: new Date() }).where('id', '=', id).execute(),

    /** Also a heartbeat: a long job that reports progress is not taken for one left by a dead process. */
    progress: (id: number, progress: number) =>
      db.updateTable('jobs').set({ progress, locked_at: new Date(), updated_at: new Date() }).where('id', '=', id).execute(),

    /** Jobs left RUNNING by a process that died go back to the queue. */
    requeueStale: (olderThan: Date) =>
      db
        .updateTable('jobs')
        .set({ status: 'QUEUED', locked_at: null, locked_by: null })
        .where('status', '=', 'RUNNING')
        .where('locked_at', '<', olderThan)
        .execute(),

    findForPartner: (partnerId: number, id: number) =>
      db
        .selectFrom('jobs')
        .select(['id', 'type', 'status', 'progress', 'result', 'error', 'created_by', 'created_at', 'updated_at'])
        .where('partner_id', '=', partnerId)
        .where('id', '=', id)
        .executeTakeFirst(),

    countPending: async () => {
      const row = await db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', 'in', ['QUEUED', 'RUNNING'])
        .where('run_at', '<=', new Date())
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
