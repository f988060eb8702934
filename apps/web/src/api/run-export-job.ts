import type { ExportQueued } from '@b2b/contracts/jobs';
import { JOB_ROUTES } from '@b2b/contracts/routes/jobs';
import { api } from '@/api/api-client';
import { downloadExport } from '@/api/download-export';
import type { ExportFileRef } from '@/api/export-file';
import { followExportJob } from '@/api/follow-export-job';
import { openExportProgress } from '@/shared/ui/export-progress';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Takes an export's answer to its downloaded file. A list export answers a job (JOB_ID): its progress is shown
 * while the job is polled, then the file downloads; a failed job rejects with its Russian ERROR. An answer that
 * already names the file downloads it at once.
 */
export async function runExportJob(answer: ExportQueued | ExportFileRef, fallbackName?: string): Promise<void> {
  if (!('JOB_ID' in answer)) return downloadExport(answer, fallbackName);
  const progress = openExportProgress();
  try {
    const done = await followExportJob(answer.JOB_ID, {
      read: (id) => api.call(JOB_ROUTES.status, { params: { id } }),
      onState: (state) => progress.update(state.PROGRESS),
      wait,
    });
    await downloadExport({ FILENAME: done.FILENAME ?? '', URL: done.URL ?? '' }, fallbackName);
  } finally {
    progress.close();
  }
}
