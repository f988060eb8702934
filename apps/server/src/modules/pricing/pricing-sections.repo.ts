import { sql } from 'kysely';
import type { Db } from '@/db/database';
import { likeContains } from '@/db/text-search';

/**
 * Section markups and product rates of a price list or column (price_section_rates, price_product_rates), a client's
 * point prices (client_prices, owned here: the clients module only reads them), and the catalogue under a section.
 * Sections are at most three deep: "under a section" is the product's section, its parent or its grandparent.
 */

/** The products under section `s` (any depth): a product's section, its parent or its grandparent is `s`. */
const underSection = (sectionId: number) => sql<boolean>`(
  p.section_id = ${sectionId}
  or exists (select 1 from catalog_sections c1 where c1.id = p.section_id and (c1.parent_id = ${sectionId}
    or exists (select 1 from catalog_sections c2 where c2.id = c1.parent_id and c2.parent_id = ${sectionId}))))`;

export function pricingSectionsRepo(db: Db) {
  return {
    /** The whole tree with this list's percents, the base list's SHOW, and which sections hold individual rates. */
    tree: (partnerId: number, listId: number, baseListId: number) =>
      sql<{
        id: number;
        parent_id: number | null;
        name: string;
        depth: number;
        sort: number;
        percent: string | null;
        show: boolean | null;
        has_individual: boolean;
        products_cnt: number;
      }>`
        with counts as (
          select p.section_id, count(*)::int as n from catalog_products p where p.active group by p.section_id
        ), individual as (
          select distinct unnest(array[s1.id, s1.parent_id, s2.parent_id]) as section_id
          from price_product_rates pr
          join catalog_products p on p.id = pr.product_id
          join catalog_sections s1 on s1.id = p.section_id
          left join catalog_sections s2 on s2.id = s1.parent_id
          where pr.partner_id = ${partnerId} and pr.price_list_id = ${listId}
        )
        select s.id, s.parent_id, s.name, s.depth, s.sort, r.percent, b.show,
          exists (select 1 from individual i where i.section_id = s.id) as has_individual,
          coalesce(c.n, 0) + coalesce((select sum(c2.n) from catalog_sections k join counts c2 on c2.section_id = k.id
            where k.parent_id = s.id or k.parent_id in (select k2.id from catalog_sections k2 where k2.parent_id = s.id)), 0)::int as products_cnt
        from catalog_sections s
        left join price_section_rates r on r.partner_id = ${partnerId} and r.price_list_id = ${listId} and r.section_id = s.id
        left join price_section_rates b on b.partner_id = ${partnerId} and b.price_list_id = ${baseListId} and b.section_id = s.id
        left join counts c on c.section_id = s.id
        order by s.depth, s.sort, s.name, s.id
      `
        .execute(db)
        .then((r) => r.rows),

    section: (id: number) => db.selectFrom('catalog_sections').select(['id', 'name', 'parent_id']).where('id', '=', id).executeTakeFirst(),

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

    /** Whether products under the section have their own rate in this list. */
    hasIndividual: async (partnerId: number, listId: number, sectionId: number) =>
      Boolean(
        await db
          .selectFrom('price_product_rates as pr')
          .innerJoin('catalog_products as p', 'p.id', 'pr.product_id')
          .select('pr.product_id')
          .where('pr.partner_id', '=', partnerId)
          .where('pr.price_list_id', '=', listId)
          .where(underSection(sectionId))
          .limit(1)
          .executeTakeFirst(),
      ),

    deleteIndividual: (partnerId: number, listId: number, sectionId: number) =>
      db
        .deleteFrom('price_product_rates as pr')
        .where('pr.partner_id', '=', partnerId)
        .where('pr.price_list_id', '=', listId)
        .where((eb) =>
          eb.exists(eb.selectFrom('catalog_products as p').select('p.id').whereRef('p.id', '=', 'pr.product_id').where(underSection(sectionId))),
        )
        .execute(),

    /** A page of the active products under the section (by name), and how many there are. */
    async products(sectionId: number, q: { limit: number; offset: number; query?: string }) {
      let base = db.selectFrom('catalog_products as p').where('p.active', '=', true).where(underSection(sectionId));
      if (q.query) {
        const like = likeContains(q.query.toLowerCase());
        base = base.where((eb) => eb.or([eb(eb.fn('lower', ['p.name']), 'like', like), eb('p.up_code_1c', '=', q.query!)]));
      }
      const [rows, count] = await Promise.all([
        base.select(['p.id', 'p.up_code_1c', 'p.name']).orderBy('p.name').orderBy('p.id').limit(q.limit).offset(q.offset).execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, count: Number(count.n) };
    },

    product: (id: number) =>
      db.selectFrom('catalog_products').select(['id', 'up_code_1c', 'name', 'purchase_price']).where('id', '=', id).where('active', '=', true).executeTakeFirst(),

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
        .onConflict((oc) =>
          oc.columns(['partner_id', 'client_id', 'product_id']).doUpdateSet({ price, upload_id: null, valid_until: null }),
        )
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
