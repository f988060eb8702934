import { sql } from 'kysely';
import type { Db } from '@/db/database';
import { likeContains } from '@/db/text-search';

const likePattern = (text: string) => likeContains(text.toLowerCase());

export function clientsRepo(db: Db) {
  return {
    /**
     * Count and first registration date, for one partner or (manager) the whole platform: the count from the read model
     * client_counts (a few hundred day rows, not 100,000 clients: 48 -> 0.1 ms), the date from each partner's first
     * entry of clients_registered_idx.
     */
    stats: (partnerId?: number) =>
      db
        .selectFrom('partners as p')
        .select([
          sql<number>`coalesce(sum((select sum(c.n) from client_counts c where c.partner_id = p.id)), 0)`.as('count'),
          sql<Date | null>`min((select min(c.registered_at) from clients c where c.partner_id = p.id))`.as('min_date'),
        ])
        .$if(partnerId !== undefined, (q) => q.where('p.id', '=', partnerId!))
        .executeTakeFirstOrThrow(),

    findById: (partnerId: number, id: number) =>
      db.selectFrom('clients').selectAll().where('partner_id', '=', partnerId).where('id', '=', id).executeTakeFirst(),

    /** The partner's name and whether its loyalty programme is on (read from partners, which clients do not own). */
    partnerProfile: (partnerId: number) =>
      db.selectFrom('partners').select(['name', 'loyalty_enabled']).where('id', '=', partnerId).executeTakeFirst(),

    /** Active clients for pickers, by name or INN. */
    short: (partnerId: number, query: string | undefined, limit: number) => {
      let q = db.selectFrom('clients').select(['id', 'name']).where('partner_id', '=', partnerId).where('blacklisted', '=', false);
      if (query) {
        const pattern = likePattern(query);
        q = q.where((eb) => eb.or([eb(sql`lower(name)`, 'like', pattern), eb('inn', 'like', pattern)]));
      }
      return q
        .orderBy(sql`lower(name)`)
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** Those of `ids` that are this partner's clients, locked for the caller's transaction. */
    lockOwned: (partnerId: number, ids: number[]) =>
      db
        .selectFrom('clients')
        .select(['id', 'name', 'email', 'blacklisted'])
        .where('partner_id', '=', partnerId)
        .where('id', 'in', ids)
        .orderBy('id')
        .forUpdate()
        .execute(),

    /** Those of `ids` that are this partner's clients. */
    owned: (partnerId: number, ids: number[]) =>
      db.selectFrom('clients').select(['id', 'blacklisted']).where('partner_id', '=', partnerId).where('id', 'in', ids).execute(),

    setBlacklisted: (partnerId: number, ids: number[], blacklisted: boolean) =>
      db
        .updateTable('clients')
        .set({ blacklisted, blacklisted_at: blacklisted ? new Date() : null })
        .where('partner_id', '=', partnerId)
        .where('id', 'in', ids)
        .execute(),

    /** The client users (CLIENT_USER) of some clients, oldest first. */
    users: (partnerId: number, clientIds: number[]) =>
      db
        .selectFrom('users')
        .select(['id', 'client_id', 'email', 'name', 'middle_name', 'surname', 'phone'])
        .where('partner_id', '=', partnerId)
        .where('kind', '=', 'CLIENT')
        .where('client_id', 'in', clientIds)
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .execute(),

    files: (partnerId: number, clientId: number) =>
      db
        .selectFrom('client_files as cf')
        .innerJoin('files as f', (j) => j.onRef('f.partner_id', '=', 'cf.partner_id').onRef('f.id', '=', 'cf.file_id'))
        .select(['f.id', 'f.original_name', 'f.size', 'f.mime'])
        .where('cf.partner_id', '=', partnerId)
        .where('cf.client_id', '=', clientId)
        .orderBy('f.created_at')
        .execute(),

    /** The groups a client belongs to (read from the groups module's tables). */
    groups: (partnerId: number, clientId: number) =>
      db
        .selectFrom('client_group_members as m')
        .innerJoin('client_groups as g', (j) => j.onRef('g.partner_id', '=', 'm.partner_id').onRef('g.id', '=', 'm.group_id'))
        .select(['g.id', 'g.name'])
        .where('m.partner_id', '=', partnerId)
        .where('m.client_id', '=', clientId)
        .orderBy('g.name')
        .execute(),

    /** The partner's live price lists and columns (the price-type form's choices). */
    priceLists: (partnerId: number) =>
      db
        .selectFrom('price_lists')
        .select(['id', 'kind', 'name', 'is_base', 'parent_id', 'price_type'])
        .where('partner_id', '=', partnerId)
        .where('deleted_at', 'is', null)
        .orderBy('sort')
        .orderBy('id')
        .execute(),

    setPriceSettings: (
      partnerId: number,
      clientId: number,
      set: { price_list_id?: number | null; price_type?: string | null; price_column_id?: number | null },
    ) => db.updateTable('clients').set(set).where('partner_id', '=', partnerId).where('id', '=', clientId).execute(),

    /** Sets the price list (null: the base list) or the column (null: none) of many clients at once. */
    assignPrices: (
      partnerId: number,
      clientIds: number[],
      set: { price_list_id?: number | null; price_type?: string; price_column_id?: number | null },
    ) =>
      clientIds.length
        ? db
            .updateTable('clients')
            .set(set)
            .where('partner_id', '=', partnerId)
            .where('id', 'in', clientIds)
            .executeTakeFirst()
            .then((r) => Number(r.numUpdatedRows))
        : Promise.resolve(0),

    personalPrices: (partnerId: number, clientId: number, limit: number, offset: number) =>
      db
        .selectFrom('client_prices as cp')
        .innerJoin('catalog_products as p', 'p.id', 'cp.product_id')
        .select(['cp.product_id', 'p.up_code_1c', 'p.name', 'cp.price', 'cp.valid_until'])
        .where('cp.partner_id', '=', partnerId)
        .where('cp.client_id', '=', clientId)
        .orderBy('p.name')
        .orderBy('cp.product_id')
        .limit(limit)
        .offset(offset)
        .execute(),

    personalPriceCount: async (partnerId: number, clientId: number) =>
      Number(
        (
          await db
            .selectFrom('client_prices')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('partner_id', '=', partnerId)
            .where('client_id', '=', clientId)
            .executeTakeFirstOrThrow()
        ).n,
      ),
  };
}
