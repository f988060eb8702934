import { sql } from 'kysely';
import type { z } from 'zod';
import { DEFAULTS } from '@b2b/contracts/limits';
import { MSG } from '@b2b/contracts/messages';
import { ASSIGN_MSG, type AssignAnswer, type assignBody, type assignQuery } from '@b2b/contracts/pricing';
import type { Db } from '@/db/database';
import { likeContains } from '@/db/text-search';
import { notFound } from '@/http/app-error';
import { failed, ok, toSeconds, yn } from '@/http/envelope';
import { moscowDayRange } from '@/http/moscow-days';
import type { ClientsService } from '../clients/clients.service';
import type { GroupsService } from '../groups/groups.service';
import { priceEngineRepo } from './price-engine.repo';

/*
 * Установка цен (issue 12.3): which clients and groups a price list or column prices, as a tree of groups and their
 * clients, and assigning or taking it away in bulk. Reads clients, client_groups and client_group_members read-only,
 * tenant-scoped (modules clients and groups); writes go through those modules' services.
 */

type Query = z.output<typeof assignQuery>;
type Body = z.output<typeof assignBody>;

export function priceAssignments(db: Db, deps: { clients: ClientsService; groups: GroupsService }) {
  const lists = priceEngineRepo(db);

  /** The live list or column the call names, and the base list. */
  async function priceOf(partnerId: number, type: 'pricelist' | 'column', id: number | string) {
    const all = await lists.lists(partnerId);
    const base = all.find((l) => l.is_base)!;
    const price = id === DEFAULTS.basePriceListId ? (type === 'pricelist' ? base : undefined) : all.find((l) => l.id === id);
    if (!price || price.kind !== (type === 'column' ? 'COLUMN' : 'PRICELIST')) throw notFound(MSG.notFound);
    return { price, base, all };
  }

  return {
    async tree(partnerId: number, q: Query): Promise<AssignAnswer> {
      const { price, base, all } = await priceOf(partnerId, q.price_type, q.price_id);
      // The selected price is a client's when: its column (columns), its own list (a list), or no list (the base).
      const checked =
        price.kind === 'COLUMN'
          ? sql<boolean>`c.price_column_id = ${price.id}`
          : price.is_base
            ? sql<boolean>`c.price_list_id is null`
            : sql<boolean>`c.price_list_id = ${price.id}`;
      const { from, to } = moscowDayRange(q.date_start, q.date_end);
      let clients = db.selectFrom('clients as c').where('c.partner_id', '=', partnerId);
      if (q.group_id !== undefined) {
        const groupId = q.group_id;
        const member = sql<boolean>`exists (select 1 from client_group_members m where m.partner_id = c.partner_id and m.client_id = c.id
          ${groupId === 0 ? sql`` : sql`and m.group_id = ${groupId}`})`;
        clients = clients.where(groupId === 0 ? sql<boolean>`not ${member}` : member);
      }
      if (q.query) clients = clients.where(sql`lower(c.name)`, 'like', likeContains(q.query.toLowerCase()));
      if (from) clients = clients.where('c.registered_at', '>=', from);
      if (to) clients = clients.where('c.registered_at', '<', to);
      const [rows, count, groups, ungrouped] = await Promise.all([
        clients
          .select(['c.id', 'c.name', 'c.registered_at', 'c.price_list_id', 'c.price_column_id', checked.as('checked')])
          .orderBy('c.registered_at', 'desc')
          .orderBy('c.id', 'desc')
          .limit(q.limit)
          .offset(q.offset)
          .execute(),
        clients.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        sql<{ id: number; name: string; price_list_id: number | null; n: number; checked_n: number }>`
          select g.id, g.name, g.price_list_id, count(c.id)::int as n, count(c.id) filter (where ${checked})::int as checked_n
          from client_groups g
          left join client_group_members m on m.partner_id = g.partner_id and m.group_id = g.id
          left join clients c on c.partner_id = m.partner_id and c.id = m.client_id
          where g.partner_id = ${partnerId}
          group by g.id, g.name, g.price_list_id
          order by g.name, g.id`.execute(db),
        sql<{ n: number; checked_n: number }>`
          select count(*)::int as n, count(*) filter (where ${checked})::int as checked_n from clients c
          where c.partner_id = ${partnerId}
            and not exists (select 1 from client_group_members m where m.partner_id = c.partner_id and m.client_id = c.id)`.execute(db),
      ]);
      const named = (id: number | null) => {
        const l = id === null ? base : (all.find((x) => x.id === Number(id)) ?? base);
        return { ID: l.is_base ? DEFAULTS.basePriceListId : Number(l.id), NAME: l.name };
      };
      const groupChecked = (listId: number | null) =>
        price.kind === 'PRICELIST' && (price.is_base ? listId === null : listId !== null && Number(listId) === price.id);
      return {
        ITEMS: rows.map((c) => ({
          ID: Number(c.id),
          NAME: c.name,
          REGISTRATION_DATE: toSeconds(c.registered_at)!,
          PRICE_LIST: named(c.price_list_id),
          COLUMN: c.price_column_id === null ? null : named(c.price_column_id),
          CHECKED: yn(Boolean(c.checked)),
        })),
        ENTITIES: {
          GROUPS: [
            ...groups.rows.map((g) => ({
              ID: Number(g.id),
              NAME: g.name,
              CLIENTS_CNT: g.n,
              CHECKED_CNT: g.checked_n,
              CHECKED: yn(groupChecked(g.price_list_id)),
            })),
            { ID: 0, NAME: ASSIGN_MSG.noGroup, CLIENTS_CNT: ungrouped.rows[0].n, CHECKED_CNT: ungrouped.rows[0].checked_n, CHECKED: 'N' as const },
          ],
          PRICE: { TYPE: q.price_type, ID: price.is_base ? DEFAULTS.basePriceListId : price.id, NAME: price.name },
        },
        NAV: { CNT: Number(count.n), CNT_ALL: Number(count.n) },
      };
    },

    /** Gives (or, with delete=Y, takes away) the price: clients of a list or column, groups of a list. */
    async save(partnerId: number, body: Body) {
      const { price } = await priceOf(partnerId, body.price_type, body.price_id);
      const clients = [...new Set(body.clients ?? [])];
      const groups = [...new Set(body.groups ?? [])];
      if (!clients.length && !groups.length) return failed({ clients: ASSIGN_MSG.nothing });
      if (groups.length && price.kind === 'COLUMN') return failed({ groups: ASSIGN_MSG.groupsOnlyLists });
      const listId = body.delete || price.is_base ? null : price.id;
      const clientSet =
        price.kind === 'COLUMN'
          ? { price_column_id: body.delete ? null : price.id }
          : { price_list_id: listId, price_type: body.delete ? DEFAULTS.priceType : price.price_type };
      // Taking a list away only from those who have it: others keep theirs.
      const holders = async (ids: number[], table: 'clients' | 'client_groups', column: 'price_list_id' | 'price_column_id') => {
        if (!body.delete || !ids.length) return ids;
        const base = price.is_base && column === 'price_list_id';
        const rows = await db
          .selectFrom(table)
          .select('id')
          .where('partner_id', '=', partnerId)
          .where('id', 'in', ids)
          .where(column, base ? 'is' : '=', base ? null : price.id)
          .execute();
        return rows.map((r) => Number(r.id));
      };
      const clientIds = await holders(clients, 'clients', price.kind === 'COLUMN' ? 'price_column_id' : 'price_list_id');
      const groupIds = await holders(groups, 'client_groups', 'price_list_id');
      const [changedClients, changedGroups] = await Promise.all([
        deps.clients.assignPrices(partnerId, clientIds, clientSet),
        deps.groups.assignPriceList(partnerId, groupIds, listId),
      ]);
      return ok({ CLIENTS_CNT: changedClients, GROUPS_CNT: changedGroups }, ASSIGN_MSG.saved);
    },
  };
}

export type PriceAssignments = ReturnType<typeof priceAssignments>;
