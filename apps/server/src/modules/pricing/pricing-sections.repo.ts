import { sql } from 'kysely';
import type { Db } from '@/db/database';
import { inSectionTree, pageAcrossSections, sectionTreeIds } from '@/db/catalog-sql';
import { likeContains } from '@/db/text-search';

/**
 * Section markups and product rates of a price list or column (price_section_rates, price_product_rates), a client's
 * point prices (client_prices, owned here: the clients module only reads them), and the catalogue under a section.
 * Sections are at most three deep: "under a section" is the product's section, its parent or its grandparent.
 */

export function pricingSectionsRepo(db: Db) {
  return {
    /**
     * The whole tree with this list's percents and the base list's SHOW, each section's own active products and
     * whether it holds products with their own rate (the service adds both up the tree).
     */
    tree: (partnerId: number, listId: number, baseListId: number) =>
      sql<{
        id: number;
        parent_id: number | null;
        name: string;
        depth: number;
        sort: number;
        percent: string | null;
        show: boolean | null;
        own_products: number;
        own_individual: boolean;
      }>`
        with individual as (
          select distinct p.section_id from price_product_rates pr join catalog_products p on p.id = pr.product_id
          where pr.partner_id = ${partnerId} and pr.price_list_id = ${listId}
        )
        select s.id, s.parent_id, s.name, s.depth, s.sort, r.percent, b.show, coalesce(c.active_products, 0) as own_products,
          i.section_id is not null as own_individual
        from catalog_sections s
        left join price_section_rates r on r.partner_id = ${partnerId} and r.price_list_id = ${listId} and r.section_id = s.id
        left join price_section_rates b on b.partner_id = ${partnerId} and b.price_list_id = ${baseListId} and b.section_id = s.id
        left join catalog_section_counts c on c.section_id = s.id
        left join individual i on i.section_id = s.id
        order by s.depth, s.sort, s.name, s.id
      `
        .execute(db)
        .then((r) => r.rows),

    /** The section with this list's percent of it. */
    section: (partnerId: number, listId: number, id: number) =>
      db
        .selectFrom('catalog_sections as s')
        .leftJoin('price_section_rates as r', (j) =>
          j.onRef('r.section_id', '=', 's.id').on('r.partner_id', '=', partnerId).on('r.price_list_id', '=', listId),
        )
        .select(['s.id', 's.name', 's.parent_id', 'r.percent'])
        .where('s.id', '=', id)
        .executeTakeFirst(),

    percentOf: (partnerId: number, listId: number, sectionId: number) =>
      db
        .selectFrom('price_section_rates')
        .select('percent')
        .where('partner_id', '=', partnerId)
        .where('price_list_id', '=', listId)
        .where('section_id', '=', sectionId)
        .executeTakeFirst()
        .then((r) => r?.percent ?? null),

    /** Sets (or, with null, clears) the section's percent; its SHOW and SORT stay. */
    setPercent: (partnerId: number, listId: number, sectionId: number, percent: string | null) =>
      db
        .insertInto('price_section_rates')
        .values({ partner_id: partnerId, price_list_id: listId, section_id: sectionId, percent })
        .onConflict((oc) => oc.columns(['partner_id', 'price_list_id', 'section_id']).doUpdateSet({ percent }))
        .execute(),

    /** Shows or hides the section in the shop (kept on the base list's row; its percent stays). */
    setShow: (partnerId: number, listId: number, sectionId: number, show: boolean) =>
      db
        .insertInto('price_section_rates')
        .values({ partner_id: partnerId, price_list_id: listId, section_id: sectionId, show })
        .onConflict((oc) => oc.columns(['partner_id', 'price_list_id', 'section_id']).doUpdateSet({ show }))
        .execute(),

    /** Whether products under the section have their own rate in this list. */
    hasIndividual: async (partnerId: number, listId: number, sectionId: number) =>
      Boolean(
        await db
          .selectFrom('price_product_rates as pr')
          .innerJoin('catalog_products as p', 'p.id', 'pr.product_id')
          .select('pr.product_id')
          .where('pr.partner_id', '=', partnerId)
          .where('pr.price_list_id', '=', listId)
          .where(inSectionTree(sectionId))
          .limit(1)
          .executeTakeFirst(),
      ),

    deleteIndividual: (partnerId: number, listId: number, sectionId: number) =>
      db
        .deleteFrom('price_product_rates as pr')
        .where('pr.partner_id', '=', partnerId)
        .where('pr.price_list_id', '=', listId)
        .where((eb) =>
          eb.exists(eb.selectFrom('catalog_products as p').select('p.id').whereRef('p.id', '=', 'pr.product_id').where(inSectionTree(sectionId))),
        )
        .execute(),

    /**
     * The section with this list's percent of it, a page of its active products (by name, read across the subtree's
     * sections: pageAcrossSections) and how many there are (the read model's), in one statement; undefined when
     * there is no such section.
     */
    async sectionPage(partnerId: number, listId: number, sectionId: number, q: { limit: number; offset: number }) {
      const found = await sql<{
        id: number;
        name: string;
        parent_id: number | null;
        percent: string | null;
        n: number;
        pricing_version: string | null;
        p_id: number | null;
        p_code: string | null;
        p_name: string | null;
      }>`
        select s.id, s.name, s.parent_id, r.percent, c.n, (select v.version from pricing_versions v where v.partner_id = ${partnerId}) as pricing_version,
          pg.id as p_id, pg.up_code_1c as p_code, pg.name as p_name
        from catalog_sections s
        left join price_section_rates r on r.partner_id = ${partnerId} and r.price_list_id = ${listId} and r.section_id = s.id
        cross join lateral (
          select coalesce(sum(active_products), 0)::int as n from catalog_section_counts where section_id = any(${sectionTreeIds(sectionId)})) c
        left join lateral (
          ${pageAcrossSections(sectionTreeIds(sectionId), sql`select p.id, p.up_code_1c, p.name from catalog_products p where p.active`, q.limit, q.offset)}
        ) pg on true
        where s.id = ${sectionId}
        order by pg.name, pg.id`.execute(db);
      const first = found.rows[0];
      if (!first) return undefined;
      return {
        section: { id: first.id, name: first.name, parent_id: first.parent_id, percent: first.percent },
        count: Number(first.n),
        /** The partner's pricing version as of this statement: whether a kept target still prices the page. */
        pricingVersion: String(first.pricing_version ?? 0),
        rows: found.rows.flatMap((r) => (r.p_id === null ? [] : [{ id: r.p_id, up_code_1c: r.p_code!, name: r.p_name! }])),
      };
    },

    /** A search's page of the active products under the section (by name, or a 6-digit code), counted with it. */
    async products(sectionId: number, q: { limit: number; offset: number; query: string }) {
      const like = likeContains(q.query.toLowerCase());
      const base = db
        .selectFrom('catalog_products as p')
        .where('p.active', '=', true)
        .where(inSectionTree(sectionId))
        .where((eb) => eb.or([eb(eb.fn('lower', ['p.name']), 'like', like), eb('p.up_code_1c', '=', q.query)]));
      const rows = await base
        .select(['p.id', 'p.up_code_1c', 'p.name', sql<number>`count(*) over ()`.as('total')])
        .orderBy('p.name')
        .orderBy('p.id')
        .limit(q.limit)
        .offset(q.offset)
        .execute();
      // Past the last page the window has no row to tell the count: it is asked for then only.
      const count = rows.length
        ? Number(rows[0].total)
        : q.offset > 0
          ? Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
          : 0;
      return { rows, count };
    },

    product: (id: number) =>
      db
        .selectFrom('catalog_products')
        .select(['id', 'up_code_1c', 'name', 'purchase_price'])
        .where('id', '=', id)
        .where('active', '=', true)
        .executeTakeFirst(),

    /** Products among `ids` that have their own rate in the list. */
    individualIds: async (partnerId: number, listId: number, ids: number[]) =>
      ids.length
        ? new Set(
            (
              await db
                .selectFrom('price_product_rates')
                .select('product_id')
                .where('partner_id', '=', partnerId)
                .where('price_list_id', '=', listId)
                .where('product_id', 'in', ids)
                .execute()
            ).map((r) => Number(r.product_id)),
          )
        : new Set<number>(),

    setProductRate: (partnerId: number, listId: number, productId: number, percent: string) =>
      db
        .insertInto('price_product_rates')
        .values({ partner_id: partnerId, price_list_id: listId, product_id: productId, percent })
        .onConflict((oc) => oc.columns(['partner_id', 'price_list_id', 'product_id']).doUpdateSet({ percent }))
        .execute(),

    deleteProductRate: (partnerId: number, listId: number, productId: number) =>
      db
        .deleteFrom('price_product_rates')
        .where('partner_id', '=', partnerId)
        .where('price_list_id', '=', listId)
        .where('product_id', '=', productId)
        .execute(),

    setPersonalPrice: (partnerId: number, clientId: number, productId: number, price: string) =>
      db
        .insertInto('client_prices')
        .values({ partner_id: partnerId, client_id: clientId, product_id: productId, price, upload_id: null, valid_until: null })
        .onConflict((oc) => oc.columns(['partner_id', 'client_id', 'product_id']).doUpdateSet({ price, upload_id: null, valid_until: null }))
        .execute(),

    deletePersonalPrice: (partnerId: number, clientId: number, productId: number) =>
      db
        .deleteFrom('client_prices')
        .where('partner_id', '=', partnerId)
        .where('client_id', '=', clientId)
        .where('product_id', '=', productId)
        .execute(),
  };
}
