import { bearer, type TestApp } from './test-app';

/**
 * Runs the job an export call answered (`{ JOB_ID }`) and reads its state as the one who asked: the finished
 * job's FILENAME and URL, as the export answered them before it became a job.
 */
export async function finishedExport(t: TestApp, token: string, answer: { JOB_ID?: number }): Promise<{ FILENAME: string; URL: string }> {
  if (typeof answer.JOB_ID !== 'number') throw new Error(`not an export job: ${JSON.stringify(answer)}`);
  await t.app.services.jobs.runUntilIdle();
  const res = await t.app.inject({ method: 'GET', url: `/v3/api/partner/job/${answer.JOB_ID}/`, headers: bearer(token) });
  const state = res.json();
  if (res.statusCode !== 200 || state.STATUS !== 'DONE') throw new Error(`export job ${answer.JOB_ID}: ${res.statusCode} ${res.body}`);
  return state;
}
