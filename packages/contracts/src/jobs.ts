import { z } from 'zod';
import { actionDone, actionFailed } from './http/envelope';

/*
 * Export jobs (issue 11.2): a list export (orders, clients, groups, a group's members) is written by a background
 * job; the export call answers the job's id at once and the web polls GET /v3/api/partner/job/{id}/ until the file
 * is ready. The route: routes/jobs.ts.
 */

export const JOB_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;

/** The texts of export jobs, once. */
export const JOB_MSG = {
  /** The export call's answer: the file is being written. */
  exportQueued: 'Файл выгрузки формируется',
  /** The web's progress window. */
  exportProgress: 'Формируется файл выгрузки…',
  exportFailed: 'Не удалось сформировать файл выгрузки. Попробуйте еще раз',
  /** Another export of the same kind (other filters, another group) is still being written for this user. */
  exportBusy: 'Предыдущая выгрузка еще формируется. Дождитесь ее окончания и повторите',
} as const;

/** An export asked for: JOB_ID is the job writing the file (the user's running one of that kind, if any). */
export const exportQueued = actionDone({ JOB_ID: z.number().int() }).extend({ MESSAGE: z.string() });
export type ExportQueued = z.infer<typeof exportQueued>;

/** An export call's answer: queued, or refused while the user's other export of that kind runs (errors.export). */
export const exportRequested = z.union([exportQueued, actionFailed]);

/**
 * GET /v3/api/partner/job/{id}/: the job's state and PROGRESS (0–100); once DONE the file's FILENAME and URL (as a
 * synchronous export answered them), once FAILED a Russian ERROR.
 */
export const jobAnswer = z.object({
  ID: z.number().int(),
  STATUS: z.enum(JOB_STATUSES),
  PROGRESS: z.number().int().min(0).max(100),
  FILENAME: z.string().optional(),
  URL: z.string().optional(),
  ERROR: z.string().optional(),
});
export type JobAnswer = z.infer<typeof jobAnswer>;
