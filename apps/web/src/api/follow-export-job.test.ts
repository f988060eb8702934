import { describe, expect, it } from 'vitest';
import { JOB_MSG, type JobAnswer } from '@b2b/contracts/jobs';
import { ApiError } from '@/api/api-error';
import { followExportJob, JOB_POLL_MS } from '@/api/follow-export-job';

/** A job whose reads answer `script` in turn (an Error is thrown); what was waited and shown is recorded. */
function scripted(script: (JobAnswer | Error)[]) {
  const waits: number[] = [];
  const shown: number[] = [];
  let reads = 0;
  const deps = {
    read: async (id: number) => {
      expect(id).toBe(7);
      const next = script[reads++];
      if (!next) throw new Error('read past the script');
      if (next instanceof Error) throw next;
      return next;
    },
    onState: (state: JobAnswer) => shown.push(state.PROGRESS),
    wait: async (ms: number) => void waits.push(ms),
  };
  return { deps, waits, shown, reads: () => reads };
}

const state = (STATUS: JobAnswer['STATUS'], PROGRESS: number, extra: Partial<JobAnswer> = {}): JobAnswer => ({ ID: 7, STATUS, PROGRESS, ...extra });
const network = () => new ApiError('network', 0, '', undefined);

describe('followExportJob', () => {
  it('reads about every second, shows each progress, and answers the done job with its file', async () => {
    const done = state('DONE', 100, { FILENAME: 'Заказы 01.12.2026.xlsx', URL: '/v3/api/partner/file/x/' });
    const job = scripted([state('QUEUED', 0), state('RUNNING', 40), state('RUNNING', 80), done]);
    await expect(followExportJob(7, job.deps)).resolves.toEqual(done);
    expect(job.shown).toEqual([0, 40, 80, 100]);
    expect(job.waits).toEqual([JOB_POLL_MS, JOB_POLL_MS, JOB_POLL_MS, JOB_POLL_MS]);
    expect(JOB_POLL_MS).toBe(1000);
  });

  it("rejects with the failed job's ERROR (or the general text)", async () => {
    await expect(followExportJob(7, scripted([state('RUNNING', 10), state('FAILED', 10, { ERROR: 'Ошибка выгрузки' })]).deps)).rejects.toThrow(
      'Ошибка выгрузки',
    );
    await expect(followExportJob(7, scripted([state('FAILED', 0)]).deps)).rejects.toThrow(JOB_MSG.exportFailed);
  });

  it('reads again after a network failure, and gives up after several in a row', async () => {
    const recovering = scripted([network(), state('RUNNING', 50), network(), network(), state('DONE', 100, { URL: '/f/' })]);
    await expect(followExportJob(7, recovering.deps)).resolves.toMatchObject({ STATUS: 'DONE' });
    expect(recovering.shown).toEqual([50, 100]);
    const lost = scripted(Array.from({ length: 10 }, network));
    await expect(followExportJob(7, lost.deps)).rejects.toBeInstanceOf(ApiError);
    expect(lost.reads()).toBe(5);
  });

  it("stops at an answer that is not a network failure (the job is not the user's: 404)", async () => {
    const gone = scripted([new ApiError('http', 404, 'Not Found', { error: 'not_found' })]);
    await expect(followExportJob(7, gone.deps)).rejects.toMatchObject({ status: 404 });
  });
});
