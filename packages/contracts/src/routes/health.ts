import { z } from 'zod';
import { route } from '../http/route';

const healthAnswer = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'unreachable']),
  /** The file store (issue 42): the local folder is writable, or the S3 bucket answers HEAD within about 2 s. */
  store: z.enum(['ok', 'unreachable']),
  store_kind: z.enum(['local', 's3']),
});

/** Whether the server serves and its database and file store answer: for a supervisor, a container runtime or a load balancer. */
export const HEALTH_ROUTES = {
  health: route({
    method: 'GET',
    path: '/health',
    access: 'public',
    summary:
      'Health check: 200 {"status":"ok","database":"ok","store":"ok","store_kind":"local|s3"} when the database answers ' +
      '`select 1` and the file store answers within about 2 s each, else 503 with status "error" and the part that did ' +
      'not answer as "unreachable". Not rate limited',
    tags: ['health'],
    answer: healthAnswer,
    answers: {
      503: {
        description: 'The database or the file store did not answer within about 2 s: {"status":"error",…,"unreachable"}',
        schema: healthAnswer,
      },
    },
  }),
};
