import type { ReportResult } from '@b2b/contracts/reports';
import type { Db } from '@/db/database';

/** A built report as it is kept: everything its answer gave but the id it is kept under. */
export type KeptReport = Omit<ReportResult, 'REPORT_ID'>;

/** A REPORT_ID as the server gives them (a UUID); anything else names no kept report. */
const REPORT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The built reports kept for a day (report_results, migration 0051), owned by the reports module. */
export function reportResultsRepo(db: Db) {
  return {
    keep: async (row: { id: string; code: string; userId: number; result: KeptReport; expiresAt: Date }) => {
      await db
        .insertInto('report_results')
        .values({ id: row.id, code: row.code, user_id: row.userId, result: JSON.stringify(row.result), expires_at: row.expiresAt })
        .execute();
    },

    /** The report `id` of `code` that `userId` built and that has not expired by `now`; undefined otherwise. */
    find: async (id: string, code: string, userId: number, now = new Date()): Promise<KeptReport | undefined> => {
      if (!REPORT_ID.test(id)) return undefined;
      const row = await db
        .selectFrom('report_results')
        .select('result')
        .where('id', '=', id.toLowerCase())
        .where('code', '=', code)
        .where('user_id', '=', userId)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row ? (row.result as KeptReport) : undefined;
    },

    /** Deletes the reports that expired by `now`; how many went. */
    purge: async (now = new Date()): Promise<number> => {
      const res = await db.deleteFrom('report_results').where('expires_at', '<=', now).executeTakeFirst();
      return Number(res.numDeletedRows);
    },
  };
}
