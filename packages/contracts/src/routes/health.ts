import { z } from 'zod';
import { route } from '../http/route';

const healthAnswer = z.object({ status: z.enum(['ok', 'error']), database: z.enum(['ok', 'unreachable']) });

/** Whether the server serves and its database answers: for a supervisor, a container runtime or a load balancer. */
export const HEALTH_ROUTES = {
  health: route({
    method: 'GET',
    path: '/health',
    access: 'public',
    summary:
      'Health check: 200 {"status":"ok","database":"ok"} when the database answers `select 1` within about 2 s, ' +
      'else 503 {"status":"error","database":"unreachable"}. Not rate limited',
    tags: ['health'],
    answer: healthAnswer,
    answers: {
      503: {
        description: 'The database did not answer select 1 within about 2 s: {"status":"error","database":"unreachable"}',
        schema: healthAnswer,
      },
    },
  }),
};
