import type { FastifyInstance } from 'fastify';
import {
  clientGroupBodySchema,
  groupBodySchema,
  groupClientsQuerySchema,
  groupListQuerySchema,
} from '@b2b/contracts/clients';
import { MSG } from '@b2b/contracts/messages';
import { badRequest, notFound } from '@/http/app-error';
import { requirePartnerStaff } from '@/http/auth-context';
import { idParam } from '@/http/params';
import { parseInput } from '../clients/parse-input';
import type { GroupsService } from './groups.service';

/** Reads need viewClients (every role); every change needs editClients (ADMIN, CLIENTS, the owner). */
export function groupsRoutes(groups: GroupsService) {
  return async (app: FastifyInstance) => {
    app.get(
      '/v3/api/partner/grouplist/',
      { schema: { tags: ['groups'], summary: 'Client groups (limit 24/48/96, offset, sort, order, date_start, date_end)' } },
      async (request) => {
        const user = requirePartnerStaff(request, 'viewClients');
        return groups.list(user.partnerId, parseInput(groupListQuerySchema, request.query));
      },
    );

    app.get(
      '/v3/api/partner/group/:id/',
      { schema: { tags: ['groups'], summary: 'A group (ENTITIES.GROUP) and its clients' } },
      async (request) => {
        const user = requirePartnerStaff(request, 'viewClients');
        const { action: _action, ...query } = parseInput(groupClientsQuerySchema, request.query);
        const answer = await groups.card(user, idParam(request.params), query);
        if (!answer) throw notFound(MSG.notFound);
        return answer;
      },
    );

    app.post(
      '/v3/api/partner/group/',
      {
        schema: {
          tags: ['groups'],
          summary: 'Create a group (groupName, groupDescription, clients[]); action=export → .xlsx of the group list (its filters in the query)',
        },
      },
      async (request) => {
        const viewer = requirePartnerStaff(request, 'viewClients');
        const body = parseInput(groupBodySchema, request.body);
        if (body.action === 'export') return groups.exportList(viewer, parseInput(groupListQuerySchema, request.query));
        const user = requirePartnerStaff(request, 'editClients');
        if (body.action || body.delete === 'Y') throw badRequest(MSG.badRequest);
        return groups.create(user.partnerId, body);
      },
    );

    app.post(
      '/v3/api/partner/group/:id/',
      { schema: { tags: ['groups'], summary: 'Save a group; delete=Y deletes it; action=export → .xlsx of its clients' } },
      async (request) => {
        const viewer = requirePartnerStaff(request, 'viewClients');
        const id = idParam(request.params);
        const body = parseInput(groupBodySchema, request.body);
        if (body.action === 'export') {
          const { action: _action, ...query } = parseInput(groupClientsQuerySchema, request.query);
          return groups.exportClients(viewer, id, query);
        }
        const user = requirePartnerStaff(request, 'editClients');
        if (body.delete === 'Y') return groups.remove(user.partnerId, id);
        return groups.update(user.partnerId, id, body);
      },
    );

    app.post(
      '/v3/api/partner/client_group/:groupId/',
      { schema: { tags: ['groups'], summary: 'Add clients[] to a group; delete=Y removes them' } },
      async (request) => {
        const user = requirePartnerStaff(request, 'editClients');
        const groupId = idParam(request.params, 'groupId');
        const body = parseInput(clientGroupBodySchema, request.body);
        return groups.changeMembers(user.partnerId, groupId, body.clients, body.delete === 'Y');
      },
    );
  };
}
