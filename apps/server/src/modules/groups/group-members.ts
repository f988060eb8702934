import type { ClientGroupAnswer } from '@b2b/contracts/clients';
import { MSG } from '@b2b/contracts/messages';
import { ORDER_MSG } from '@b2b/contracts/orders';
import type { Db } from '@/db/database';
import type { ClientsService } from '../clients/clients.service';
import { groupsRepo } from './groups.repo';

type Outcome = ClientGroupAnswer['INFO'];

/**
 * Adds clients to a group or removes them. Each id is judged on its own: another partner's or an unknown
 * client, a blacklisted one (not added), one already in (or not in) the group go to INFO.ERRORS and are not
 * touched; the rest are changed.
 */
export async function changeMembers(
  trx: Db,
  clients: ClientsService,
  partnerId: number,
  groupId: number,
  ids: number[],
  remove: boolean,
): Promise<Outcome> {
  const repo = groupsRepo(trx);
  const unique = [...new Set(ids)];
  const owned = await clients.owned(partnerId, unique, trx);
  const members = await repo.memberIds(partnerId, groupId, unique);
  const outcome: Outcome = { DONE: [], ERRORS: [] };
  for (const id of unique) {
    const client = owned.get(id);
    const error = !client
      ? MSG.clientNotFound
      : remove
        ? members.has(id)
          ? null
          : MSG.clientNotInGroup
        : members.has(id)
          ? MSG.clientAlreadyInGroup
          : client.blacklisted
            ? ORDER_MSG.clientBlacklisted
            : null;
    if (error) outcome.ERRORS.push({ ID: id, MESSAGE: error });
    else outcome.DONE.push(id);
  }
  if (outcome.DONE.length > 0) {
    if (remove) await repo.removeMembers(partnerId, groupId, outcome.DONE);
    else await repo.addMembers(partnerId, groupId, outcome.DONE);
  }
  return outcome;
}
