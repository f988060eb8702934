import { z } from 'zod';
import { pathId } from '../http/path-params';
import { route } from '../http/route';
import { jobAnswer } from '../jobs';

/** Background jobs the partner's staff started (list exports): their state, read by the one who started them. */
export const JOB_ROUTES = {
  status: route({
    method: 'GET',
    path: '/v3/api/partner/job/:id/',
    access: 'staff',
    summary: "An export job's STATUS and PROGRESS; once DONE its FILENAME and URL. Only the staff member who started it reads it (others: 404)",
    tags: ['jobs'],
    params: z.object({ id: pathId }),
    answer: jobAnswer,
  }),
};
