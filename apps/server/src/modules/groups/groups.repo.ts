import { sql, type Expression } from 'kysely';
import type { GroupSort } from '@b2b/contracts/clients';
import type { Db } from '@/db/database';
import { likeContains } from '@/db/text-search';

export interface GroupListFilter {
  from?: Date;
  to?: Date;
  /** Lower-case text found in the name. */
  text?: string;
}

/** Client groups and their members: the tables client_groups and client_group_members belong to this module. */
export function groupsRepo(db: Db) {
  const filtered = (partnerId: number, f: GroupListFilter) => {
    let q = db.selectFrom('client_groups as g').where('g.partner_id', '=', partnerId);
    if (f.from) q = q.where('g.created_at', '>=', f.from);
    if (f.to) q = q.where('g.created_at', '<', f.to);
    if (f.text) q = q.where(sql`lower(g.name)`, 'like', likeContains(f.text));
    return q;
  };
  const membersCount = sql<number>`(select count(*) from client_group_members m where m.partner_id = g.partner_id and m.group_id = g.id)`;
  const sortBy: Record<GroupSort, Expression<unknown>> = {
    ID: sql`g.id`,
    NAME: sql`lower(g.name)`,
    DESCRIPTION: sql`lower(g.description)`,
    CREATE_DATE: sql`g.created_at`,
    CLIENTS_COUNT: membersCount,
  };

  return {
    /** The price list of many groups at once (null: the base list). */
    assignPriceList: (partnerId: number, groupIds: number[], listId: number | null) =>
      groupIds.length
        ? db
            .updateTable('client_groups')
            .set({ price_list_id: listId })
            .where('partner_id', '=', partnerId)
            .where('id', 'in', groupIds)
            .executeTakeFirst()
            .then((r) => Number(r.numUpdatedRows))
        : Promise.resolve(0),

    count: async (partnerId: number, f: GroupListFilter) =>
      Number(
        (
          await filtered(partnerId, f)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),

    page: (partnerId: number, f: GroupListFilter, p: { sort: GroupSort; order: 'ASC' | 'DESC'; limit: number; offset: number }) => {
      const dir = p.order === 'ASC' ? 'asc' : 'desc';
      return filtered(partnerId, f)
        .select(['g.id', 'g.name', 'g.description', 'g.created_at', membersCount.as('clients_count')])
        .orderBy(sortBy[p.sort], (ob) => (dir === 'asc' ? ob.asc() : ob.desc()).nullsLast())
        .orderBy('g.id', dir)
        .limit(p.limit)
        .offset(p.offset)
        .execute();
    },

    findById: (partnerId: number, id: number) =>
      filtered(partnerId, {})
        .select(['g.id', 'g.name', 'g.description', 'g.created_at', membersCount.as('clients_count')])
        .where('g.id', '=', id)
        .executeTakeFirst(),

    /**
     * The group for its card, with what its client list would otherwise ask in a statement of its own: borrowed,
     * read-only, whether the partner runs the loyalty programme (it decides the list's columns).
     */
    findForCard: (partnerId: number, id: number) =>
      filtered(partnerId, {})
        .select([
          'g.id',
          'g.name',
          'g.description',
          'g.created_at',
          membersCount.as('clients_count'),
          sql<boolean | null>`(select p.loyalty_enabled from partners p where p.id = g.partner_id)`.as('loyalty_on'),
        ])
        .where('g.id', '=', id)
        .executeTakeFirst(),

    lock: (partnerId: number, id: number) =>
      db.selectFrom('client_groups').select('id').where('partner_id', '=', partnerId).where('id', '=', id).forUpdate().executeTakeFirst(),

    insert: async (partnerId: number, v: { name: string; description: string | null }) =>
      (
        await db
          .insertInto('client_groups')
          .values({ partner_id: partnerId, name: v.name, description: v.description })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,

    update: (partnerId: number, id: number, v: { name: string; description: string | null }) =>
      db.updateTable('client_groups').set(v).where('partner_id', '=', partnerId).where('id', '=', id).execute(),

    /** Deletes the group; its memberships go with it (ON DELETE CASCADE). */
    remove: (partnerId: number, id: number) => db.deleteFrom('client_groups').where('partner_id', '=', partnerId).where('id', '=', id).execute(),

    memberIds: async (partnerId: number, groupId: number, clientIds: number[]) =>
      new Set(
        (
          await db
            .selectFrom('client_group_members')
            .select('client_id')
            .where('partner_id', '=', partnerId)
            .where('group_id', '=', groupId)
            .where('client_id', 'in', clientIds)
            .execute()
        ).map((r) => r.client_id),
      ),

    addMembers: (partnerId: number, groupId: number, clientIds: number[]) =>
      db
        .insertInto('client_group_members')
        .values(clientIds.map((client_id) => ({ partner_id: partnerId, group_id: groupId, client_id })))
        .onConflict((oc) => oc.doNothing())
        .execute(),

    removeMembers: (partnerId: number, groupId: number, clientIds: number[]) =>
      db
        .deleteFrom('client_group_members')
        .where('partner_id', '=', partnerId)
        .where('group_id', '=', groupId)
        .where('client_id', 'in', clientIds)
        .execute(),
  };
}
