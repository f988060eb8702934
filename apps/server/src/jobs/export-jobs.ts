import type { ExportDone } from '@b2b/contracts/http/envelope';
import type { ActionFailed } from '@b2b/contracts/http/envelope';
import { JOB_MSG, type ExportQueued, type JobAnswer } from '@b2b/contracts/jobs';
import { failed } from '@/http/envelope';
import { ORDER_ACTION_MSG } from '@b2b/contracts/orders';
import type { Db } from '@/db/database';
import { XLSX_MIME, type FileStore } from '@/files/file-store';
import type { JobQueue } from './job-queue';

/*
 * List exports as jobs (issue 11.2): the route queues the job and answers its id at once; the worker reads the list
 * page by page (each page its own short query: no transaction or connection is held for the run, so the embedded
 * database keeps answering requests meanwhile) into a streaming .xlsx and stores it in the file store.
 */

/** Each kind a user runs at most one of at a time (migration 0013's index covers every `export.` type). */
export type ExportJobType = 'export.orders' | 'export.clients' | 'export.groups' | 'export.group_members' | 'export.price_file';

/** The rows an export reads per query. */
export const EXPORT_PAGE_SIZE = 1000;

/** Who asked for the export: the file is stored for their partner, created by them. */
export interface ExportUser {
  id: number;
  partnerId: number;
}

export interface ExportRun {
  user: ExportUser;
  /** Passes the pages through, reporting the job's progress as rows done of `total` (the list's count). */
  track<T>(pages: AsyncIterable<T[]>, total: number): AsyncIterable<T[]>;
}

/** The file an export job writes: its name (FILENAME) and how to write it at a path. */
export interface ExportFile {
  name: string;
  write(path: string): Promise<void>;
}

/** A failed export is not retried: the user sees the failure now and may ask again. */
const MAX_ATTEMPTS = 1;

async function* tracked<T>(pages: AsyncIterable<T[]>, total: number, report: (percent: number) => Promise<void>): AsyncIterable<T[]> {
  let done = 0;
  let shown = 0;
  for await (const page of pages) {
    yield page;
    done += page.length;
    // 100 is the finished job's, once its file is stored.
    const percent = total > 0 ? Math.min(99, Math.floor((done * 100) / total)) : 0;
    if (percent > shown) {
      shown = percent;
      await report(percent);
    }
  }
}

/** Pages of a list read by offset, `EXPORT_PAGE_SIZE` rows each, until a short one. */
export async function* offsetPages<T>(read: (offset: number, limit: number) => Promise<T[]>): AsyncIterable<T[]> {
  for (let offset = 0; ; offset += EXPORT_PAGE_SIZE) {
    const rows = await read(offset, EXPORT_PAGE_SIZE);
    yield rows;
    if (rows.length < EXPORT_PAGE_SIZE) return;
  }
}

export function exportJobs(db: Db, jobs: JobQueue, files: FileStore) {
  return {
    /**
     * Queues the export, or answers the user's queued or running one of this type when it was asked the same; an
     * export of other rows (other filters, another group) waits until that one is done: a refusal says so.
     */
    async request<P extends object>(type: ExportJobType, user: ExportUser, input: P): Promise<ExportQueued | ActionFailed> {
      const id = await jobs.enqueueOnce(
        type,
        { user: { id: user.id, partnerId: user.partnerId }, input },
        { partnerId: user.partnerId, userId: user.id, maxAttempts: MAX_ATTEMPTS },
      );
      if (typeof id !== 'number') return failed({ export: JOB_MSG.exportBusy });
      return { SUCCESS: 'Y', JOB_ID: id, MESSAGE: JOB_MSG.exportQueued };
    },

    /** The job of `type`: `produce` names the file and writes it; the job's result is the export answer. */
    register<P>(type: ExportJobType, produce: (input: P, run: ExportRun) => Promise<ExportFile>): void {
      jobs.register(type, async (payload, ctx): Promise<ExportDone> => {
        const { user, input } = payload as { user: ExportUser; input: P };
        const file = await produce(input, { user, track: (pages, total) => tracked(pages, total, ctx.progress) });
        const stored = await files.create(
          { partnerId: user.partnerId, purpose: type, originalName: file.name, mime: XLSX_MIME, createdBy: user.id },
          (path) => file.write(path),
          db,
        );
        return { SUCCESS: 'Y', MESSAGE: ORDER_ACTION_MSG.exported, FILENAME: stored.originalName, URL: stored.url };
      });
    },
  };
}

export type ExportJobs = ReturnType<typeof exportJobs>;

/** An export job's state for the staff member who started it; undefined for anyone else or another kind of job. */
export async function exportJobState(jobs: JobQueue, user: ExportUser, id: number): Promise<JobAnswer | undefined> {
  const job = await jobs.status(user.partnerId, id);
  if (!job || job.created_by !== user.id || !job.type.startsWith('export.')) return undefined;
  const answer: JobAnswer = { ID: job.id, STATUS: job.status, PROGRESS: job.progress };
  if (job.status === 'DONE') {
    const file = job.result as Partial<ExportDone> | null;
    return { ...answer, FILENAME: file?.FILENAME, URL: file?.URL };
  }
  // The stored error is for the log; the user gets a sentence.
  if (job.status === 'FAILED') return { ...answer, ERROR: JOB_MSG.exportFailed };
  return answer;
}
