import type { FastifyInstance } from 'fastify';
import { MSG } from '@b2b/contracts/messages';
import { GROUP_ROUTES as R } from '@b2b/contracts/routes/groups';
import { badRequest, notFound } from '@/http/app-error';
import { addRoute } from '@/http/contract-route';
import type { GroupsService } from './groups.service';

/**
 * Whether a group POST exports: action=export in the body or, when the body has none, in the query — the same
 * reading as the contract's stricter access, so that only an export passes with the reading right alone.
 */
const exporting = (body: { action?: 'export' }, query: { action?: 'export' }) => (body.action ?? query.action) === 'export';

/** The rights are on the contracts: reads and exports viewClients; every change editClients (ADMIN, CLIENTS, the owner). */
export function groupsRoutes(groups: GroupsService) {
  return async (app: FastifyInstance) => {
    addRoute(app, R.list, async ({ staff, query }) => groups.list(staff.partnerId, query));

    addRoute(app, R.card, async ({ staff, params, query: { action: _action, ...query } }) => {
      const answer = await groups.card(staff, params.id, query);
      if (!answer) throw notFound(MSG.notFound);
      return answer;
    });

    addRoute(app, R.create, async ({ staff, body, query: { action, ...query } }) => {
      if (exporting(body, { action })) return groups.exportList(staff, query);
      if (body.delete === 'Y') throw badRequest(MSG.badRequest);
      return groups.create(staff.partnerId, body);
    });

    addRoute(app, R.save, async ({ staff, params, body, query: { action, ...query } }) => {
      if (exporting(body, { action })) return groups.exportClients(staff, params.id, query);
      if (body.delete === 'Y') return groups.remove(staff.partnerId, params.id);
      return groups.update(staff.partnerId, params.id, body);
    });

    addRoute(app, R.members, async ({ staff, params, body }) =>
      groups.changeMembers(staff.partnerId, params.groupId, body.clients, body.delete === 'Y'),
    );
  };
}
