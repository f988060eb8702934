import { JOB_MSG, type JobAnswer } from '@b2b/contracts/jobs';
import { isApiError } from '@/api/api-error';

/** How often an export job's state is read. */
export const JOB_POLL_MS = 1000;
/** Reads of the state that may fail in a row for want of a network before the export is given up. */
const MAX_POLL_FAILURES = 5;

export interface FollowDeps {
  read(jobId: number): Promise<JobAnswer>;
  /** Each state read, in order (the progress view). */
  onState(state: JobAnswer): void;
  wait(ms: number): Promise<void>;
}

const isTransient = (error: unknown) => isApiError(error) && (error.kind === 'network' || error.kind === 'timeout');

/**
 * Reads an export job's state about every second until it is DONE (answered: its FILENAME and URL) or FAILED
 * (an Error with the job's ERROR, which the caller's error toast shows).
 */
export async function followExportJob(jobId: number, deps: FollowDeps): Promise<JobAnswer> {
  let failures = 0;
  for (;;) {
    await deps.wait(JOB_POLL_MS);
    let state: JobAnswer;
    try {
      state = await deps.read(jobId);
      failures = 0;
    } catch (error) {
      if (isTransient(error) && ++failures < MAX_POLL_FAILURES) continue;
      throw error;
    }
    deps.onState(state);
    if (state.STATUS === 'DONE') return state;
    if (state.STATUS === 'FAILED') throw new Error(state.ERROR || JOB_MSG.exportFailed);
  }
}
