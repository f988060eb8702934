import type { FastifyInstance } from 'fastify';
import { MSG } from '@b2b/contracts/messages';
import { JOB_ROUTES as R } from '@b2b/contracts/routes/jobs';
import { notFound } from '@/http/app-error';
import { addRoute } from '@/http/contract-route';
import { exportJobState } from './export-jobs';
import type { JobQueue } from './job-queue';

export function jobsRoutes(jobs: JobQueue) {
  return async (app: FastifyInstance) => {
    addRoute(app, R.status, async ({ staff, params }) => {
      const state = await exportJobState(jobs, staff, params.id);
      if (!state) throw notFound(MSG.notFound);
      return state;
    });
  };
}
