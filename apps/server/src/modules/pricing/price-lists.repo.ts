import { sql } from 'kysely';
import type { PriceListKind, PriceRounding, PriceUnit } from '@b2b/contracts/price-lists';
import type { Db } from '@/db/database';

/** The stored fields of a price list or column that a form sets. */
export interface PriceListValues {
  name: string;
  sort: number;
  price_type: string;
  section_rate: string | null;
  rounding: PriceRounding;
  unit: PriceUnit;
  parent_id: number | null;
}

const COLUMNS = ['id', 'kind', 'parent_id', 'is_base', 'name', 'sort', 'edit_1c', 'price_type', 'section_rate', 'rounding', 'unit'] as const;

/**
 * Price lists and columns, and the price types: the tables price_lists, price_types, price_section_rates,
 * price_product_rates and price_list_products belong to the pricing module. Read-only, tenant-scoped borrowings:
 * clients (price_list_id, price_column_id) and client_groups (price_list_id), to count who uses a list; partners,
 * to lock the tenant while its columns are counted.
 */
export function priceListsRepo(db: Db) {
  const live = (partnerId: number) =>
    db.selectFrom('price_lists').select(COLUMNS).where('partner_id', '=', partnerId).where('deleted_at', 'is', null);

  return {
    /** The live price lists and columns, by sort then id. */
    all: (partnerId: number) => live(partnerId).orderBy('sort').orderBy('id').execute(),

    /** A live price list or column of the partner; undefined for a deleted one or another partner's. */
    findById: (partnerId: number, id: number) => live(partnerId).where('id', '=', id).executeTakeFirst(),

    findBase: (partnerId: number) => live(partnerId).where('is_base', '=', true).executeTakeFirst(),

    /**
     * Clients per list and per column, and groups per list (one grouped scan each). Clients with no list of their
     * own are counted under `null` (the base list serves them).
     */
    usage: async (partnerId: number) => {
      const countBy = async (table: 'clients' | 'client_groups', column: 'price_list_id' | 'price_column_id') => {
        const { rows } = await sql<{ id: number | null; n: string }>`
          select ${sql.ref(column)} as id, count(*) as n from ${sql.table(table)} where partner_id = ${partnerId} group by 1`.execute(db);
        return new Map(rows.map((r) => [r.id === null ? null : Number(r.id), Number(r.n)]));
      };
      return {
        listClients: await countBy('clients', 'price_list_id'),
        columnClients: await countBy('clients', 'price_column_id'),
        groups: await countBy('client_groups', 'price_list_id'),
      };
    },

    /** Live columns of the partner (under one price list when given). Count after lockTenant to count without a race. */
    countColumns: async (partnerId: number, parentId?: number) => {
      let q = db
        .selectFrom('price_lists')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('partner_id', '=', partnerId)
        .where('kind', '=', 'COLUMN')
        .where('deleted_at', 'is', null);
      if (parentId !== undefined) q = q.where('parent_id', '=', parentId);
      return Number((await q.executeTakeFirstOrThrow()).n);
    },

    /**
     * Locks the partner's row until the transaction ends, so that creates of columns by one partner happen one at a
     * time. FOR NO KEY UPDATE: it serialises these callers but not the inserts elsewhere whose foreign key to
     * partners takes a KEY SHARE lock.
     */
    lockTenant: (partnerId: number) => db.selectFrom('partners').select('id').where('id', '=', partnerId).forNoKeyUpdate().executeTakeFirst(),

    /** Locks a live list or column until the transaction ends; undefined when it is gone. */
    lockRow: (partnerId: number, id: number) => live(partnerId).where('id', '=', id).forUpdate().executeTakeFirst(),

    insert: async (partnerId: number, kind: PriceListKind, v: PriceListValues) =>
      (
        await db
          .insertInto('price_lists')
          .values({ partner_id: partnerId, kind, ...v })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,

    update: (partnerId: number, id: number, v: Partial<PriceListValues>) =>
      db.updateTable('price_lists').set(v).where('partner_id', '=', partnerId).where('id', '=', id).where('deleted_at', 'is', null).execute(),

    softDelete: (partnerId: number, id: number) =>
      db
        .updateTable('price_lists')
        .set({ deleted_at: new Date() })
        .where('partner_id', '=', partnerId)
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .where('is_base', '=', false)
        .execute(),

    /** Copies a list's section rates, product rates and per-product prices (site prices, discounts) to another. */
    copyRates: async (partnerId: number, fromId: number, toId: number) => {
      await sql`
        insert into price_section_rates (partner_id, price_list_id, section_id, percent, show, sort)
        select partner_id, ${toId}, section_id, percent, show, sort
        from price_section_rates where partner_id = ${partnerId} and price_list_id = ${fromId}`.execute(db);
      await sql`
        insert into price_product_rates (partner_id, price_list_id, product_id, percent)
        select partner_id, ${toId}, product_id, percent
        from price_product_rates where partner_id = ${partnerId} and price_list_id = ${fromId}`.execute(db);
      await sql`
        insert into price_list_products (partner_id, price_list_id, product_id, site_price, percent, upload_id, valid_until)
        select partner_id, ${toId}, product_id, site_price, percent, upload_id, valid_until
        from price_list_products where partner_id = ${partnerId} and price_list_id = ${fromId}`.execute(db);
    },

    priceTypes: (partnerId: number) =>
      db
        .selectFrom('price_types')
        .select(['id', 'code', 'name', 'inner_type'])
        .where('partner_id', '=', partnerId)
        .orderBy('sort')
        .orderBy('id')
        .execute(),

    /** Renames a price type; answers whether the partner has it. */
    renamePriceType: async (partnerId: number, id: number, name: string) => {
      const res = await db.updateTable('price_types').set({ name }).where('partner_id', '=', partnerId).where('id', '=', id).executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },
  };
}

export type PriceListRow = NonNullable<Awaited<ReturnType<ReturnType<typeof priceListsRepo>['findById']>>>;
