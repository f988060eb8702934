import { sql, type RawBuilder } from 'kysely';
import { EXCHANGE_1C_LIMITS } from '@b2b/contracts/exchange-1c';
import type { Db } from '@/db/database';

/*
 * The exchange log (exchange_1c_runs): one row per import of a file and per sale query.
 *
 * What an applier (apply-*.ts) is handed to say how its run goes — `RunReport`:
 *   report.partnerId, report.runId
 *   report.progress(percent 0..100, text)    the bar and the line 1C's polling reads (`progress\n<text>`); throttled
 *   report.count({ prices: n, … })           adds to the run's counters (RunCounts)
 *   report.unmatched([{ id, code, name }])   counts unmatched_count and keeps the first logItems of them
 *   report.refused(['Строка …: …'])          counts rows_refused and keeps the first logItems messages in errors
 *   report.note('…')                         a message in errors that counts nothing (a warning of the run)
 *   report.uploadIds() / addUploadId(id, trx?)  the price uploads the run made: a re-run resumes them, never twice
 * Every attempt of the job starts from zeroed counters, unmatched and errors (upload_ids and files kept), so an
 * applier that re-reads its file after a restart counts it once. A refusal of the whole file is thrown (an error with
 * a Russian message): the job records it as the run's FAILURE.
 */

export interface RunCounts {
  products_matched: number;
  prices: number;
  stock_rows: number;
  orders_updated: number;
}

export interface UnmatchedItem {
  id: string;
  code: string | null;
  name: string | null;
}

export interface RunReport {
  readonly partnerId: number;
  readonly runId: number;
  progress(percent: number, text: string): Promise<void>;
  count(delta: Partial<RunCounts>): Promise<void>;
  unmatched(items: UnmatchedItem[]): Promise<void>;
  refused(messages: string[]): Promise<void>;
  note(message: string): Promise<void>;
  uploadIds(): Promise<number[]>;
  addUploadId(uploadId: number, trx?: Db): Promise<void>;
}

export type RunFile = { name: string; bytes: number };

/** Progress is written at most this often (the last 100 % always). */
const PROGRESS_EVERY_MS = 300;

/** `jsonb` array `current` with `items` appended, kept to the first `cap` elements. */
const appendCapped = (current: string, items: unknown[], cap: number) =>
  sql<string>`(select coalesce(jsonb_agg(e order by n), '[]'::jsonb) from jsonb_array_elements(${sql.ref(current)} || ${JSON.stringify(items)}::jsonb) with ordinality as t(e, n) where n <= ${cap})`;

export function exchangeRunsRepo(db: Db) {
  const byId = (partnerId: number, runId: number) => db.updateTable('exchange_1c_runs').where('partner_id', '=', partnerId).where('id', '=', runId);

  return {
    find: (partnerId: number, runId: number) =>
      db.selectFrom('exchange_1c_runs').selectAll().where('partner_id', '=', partnerId).where('id', '=', runId).executeTakeFirst(),

    findImport: (partnerId: number, sessionId: number, filename: string) =>
      db
        .selectFrom('exchange_1c_runs')
        .selectAll()
        .where('partner_id', '=', partnerId)
        .where('session_id', '=', sessionId)
        .where('filename', '=', filename)
        .where('mode', '=', 'import')
        .executeTakeFirst(),

    /** The import run of this session's file: created, or undefined when a parallel call created it first. */
    createImport: (partnerId: number, sessionId: number, type: 'catalog' | 'sale', filename: string, files: RunFile[]) =>
      db
        .insertInto('exchange_1c_runs')
        .values({
          partner_id: partnerId,
          session_id: sessionId,
          type,
          mode: 'import',
          filename,
          files: JSON.stringify(files),
          unmatched: '[]',
          errors: '[]',
          progress_text: null,
        })
        .onConflict((oc) => oc.columns(['partner_id', 'session_id', 'filename']).where('mode', '=', sql.lit('import')).doNothing())
        .returning(['id'])
        .executeTakeFirst(),

    setJob: (partnerId: number, runId: number, jobId: number) => byId(partnerId, runId).set({ job_id: jobId }).execute(),

    /** A sale query or success, logged whole at once. */
    logSale: (
      partnerId: number,
      sessionId: number,
      mode: 'query' | 'success',
      ordersSent: number,
      status: 'SUCCESS' | 'FAILURE' = 'SUCCESS',
      errors: string[] = [],
    ) =>
      db
        .insertInto('exchange_1c_runs')
        .values({
          partner_id: partnerId,
          session_id: sessionId,
          type: 'sale',
          mode,
          status,
          orders_sent: ordersSent,
          progress: 100,
          errors: JSON.stringify(errors),
          files: '[]',
          unmatched: '[]',
          finished_at: new Date(),
        })
        .returning(['id'])
        .executeTakeFirstOrThrow(),

    /** A new attempt of the job: counters and messages from zero (what a previous attempt counted is counted again). */
    startAttempt: (partnerId: number, runId: number, text: string) =>
      byId(partnerId, runId)
        .set({
          status: 'RUNNING',
          progress: 0,
          progress_text: text,
          products_matched: 0,
          prices: 0,
          stock_rows: 0,
          orders_updated: 0,
          unmatched_count: 0,
          unmatched: JSON.stringify([]),
          rows_refused: 0,
          errors: JSON.stringify([]),
          finished_at: null,
        })
        .execute(),

    /** Done: the applier's last words (its progress at 100 %) are kept, else `text`. */
    succeed: (partnerId: number, runId: number, text: string) =>
      byId(partnerId, runId)
        .set({
          status: 'SUCCESS',
          progress: 100,
          progress_text: sql<string>`case when progress = 100 and progress_text is not null then progress_text else ${text} end`,
          finished_at: new Date(),
        })
        .execute(),

    /** The run refused: its reason first in errors (before the rows refused so far). */
    fail: (partnerId: number, runId: number, reason: string) =>
      byId(partnerId, runId)
        .set({
          status: 'FAILURE',
          progress_text: reason,
          finished_at: new Date(),
          errors: sql<string>`(select coalesce(jsonb_agg(e order by n), '[]'::jsonb) from jsonb_array_elements(${JSON.stringify([reason])}::jsonb || errors) with ordinality as t(e, n) where n <= ${EXCHANGE_1C_LIMITS.logItems + 1})`,
        })
        .execute(),

    report(partnerId: number, runId: number): RunReport {
      let lastProgressAt = 0;
      return {
        partnerId,
        runId,
        async progress(percent, text) {
          const now = Date.now();
          if (percent < 100 && now - lastProgressAt < PROGRESS_EVERY_MS) return;
          lastProgressAt = now;
          await byId(partnerId, runId)
            .set({ progress: Math.max(0, Math.min(100, Math.round(percent))), progress_text: text })
            .execute();
        },
        async count(delta) {
          const set: Partial<Record<keyof RunCounts, RawBuilder<number>>> = {};
          for (const [key, n] of Object.entries(delta) as [keyof RunCounts, number][]) {
            if (n) set[key] = sql<number>`${sql.ref(key)} + ${n}`;
          }
          if (Object.keys(set).length) await byId(partnerId, runId).set(set).execute();
        },
        async unmatched(items) {
          if (!items.length) return;
          await byId(partnerId, runId)
            .set({
              unmatched_count: sql<number>`unmatched_count + ${items.length}`,
              unmatched: appendCapped('unmatched', items, EXCHANGE_1C_LIMITS.logItems),
            })
            .execute();
        },
        async refused(messages) {
          if (!messages.length) return;
          await byId(partnerId, runId)
            .set({
              rows_refused: sql<number>`rows_refused + ${messages.length}`,
              errors: appendCapped('errors', messages, EXCHANGE_1C_LIMITS.logItems),
            })
            .execute();
        },
        async note(message) {
          await byId(partnerId, runId)
            .set({ errors: appendCapped('errors', [message], EXCHANGE_1C_LIMITS.logItems) })
            .execute();
        },
        async uploadIds() {
          const row = await db
            .selectFrom('exchange_1c_runs')
            .select('upload_ids')
            .where('partner_id', '=', partnerId)
            .where('id', '=', runId)
            .executeTakeFirst();
          return (row?.upload_ids ?? []).map(Number);
        },
        async addUploadId(uploadId, trx = db) {
          await trx
            .updateTable('exchange_1c_runs')
            .set({ upload_ids: sql<number[]>`array_append(upload_ids, ${uploadId}::bigint)` })
            .where('partner_id', '=', partnerId)
            .where('id', '=', runId)
            .execute();
        },
      };
    },
  };
}

export type ExchangeRunsRepo = ReturnType<typeof exchangeRunsRepo>;
