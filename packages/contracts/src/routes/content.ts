import { route } from '../http/route';
import { contentAnswer, contentParams, contentQuery } from '../content';

export const CONTENT_ROUTES = {
  page: route({
    method: 'GET',
    path: '/v3/api/info/:type/',
    access: 'public',
    summary: 'A content page of a type (id: its id or code; none: the first), with the type’s pages; 404 when there is none',
    tags: ['content'],
    params: contentParams,
    query: contentQuery,
    answer: contentAnswer,
  }),
};
