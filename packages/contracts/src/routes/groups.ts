import { z } from 'zod';
import {
  clientGroupAnswer,
  clientGroupBodySchema,
  groupAnswer,
  groupBodySchema,
  groupClientsQuerySchema,
  groupListExportQuerySchema,
  groupListAnswer,
  groupListQuerySchema,
  groupSaved,
  pathId,
} from '../clients';
import { actionFailed } from '../http/envelope';
import { route } from '../http/route';
import { exportQueued } from '../jobs';

/**
 * Client groups (back-office.md §2 /partner/clients groups tab, §7 /partner/grouplist/, /group/…, /client_group/…).
 * Every role reads groups and exports them; a change needs editClients (ADMIN, CLIENTS, the owner, §6).
 */

const tags = ['groups'];
const readers = { staff: 'viewClients' } as const;
/** Exports are reads: any other call of a group's POST changes it. */
const changes = { field: 'action', except: ['export'], access: { staff: 'editClients' } } as const;

export const GROUP_ROUTES = {
  list: route({
    method: 'GET',
    path: '/v3/api/partner/grouplist/',
    access: readers,
    summary: 'Client groups (limit 24/48/96, offset, sort, order, date_start, date_end, query); an unknown sort answers check_sort',
    tags,
    query: groupListQuerySchema,
    answer: z.union([groupListAnswer, actionFailed]),
  }),

  card: route({
    method: 'GET',
    path: '/v3/api/partner/group/:id/',
    access: readers,
    summary: 'A group (ENTITIES.GROUP) and its clients, paged, sorted and filtered like the client list',
    tags,
    params: z.object({ id: pathId }),
    query: groupClientsQuerySchema,
    answer: groupAnswer,
  }),

  create: route({
    method: 'POST',
    path: '/v3/api/partner/group/',
    access: readers,
    stricter: changes,
    summary:
      'Create a group (groupName, groupDescription, clients[]); action=export queues the .xlsx of the group list (its filters in the query; JOB_ID)',
    tags,
    form: true,
    query: groupListExportQuerySchema,
    body: groupBodySchema,
    answer: z.union([exportQueued, groupSaved, actionFailed]),
  }),

  save: route({
    method: 'POST',
    path: '/v3/api/partner/group/:id/',
    access: readers,
    stricter: changes,
    summary: "Save a group; delete=Y deletes it; action=export queues the .xlsx of its clients (the list's filters in the query; JOB_ID)",
    tags,
    form: true,
    params: z.object({ id: pathId }),
    query: groupClientsQuerySchema,
    body: groupBodySchema,
    answer: z.union([exportQueued, groupSaved, actionFailed]),
  }),

  members: route({
    method: 'POST',
    path: '/v3/api/partner/client_group/:groupId/',
    access: { staff: 'editClients' },
    summary: 'Add clients[] to a group; delete=Y removes them. INFO tells which were changed and why the others were not',
    tags,
    params: z.object({ groupId: pathId }),
    body: clientGroupBodySchema,
    answer: clientGroupAnswer,
  }),
};
