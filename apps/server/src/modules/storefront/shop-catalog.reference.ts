import { sql } from 'kysely';
import type { Db } from '@/db/database';
import { searchText } from '@/db/text-search';

export interface ReferenceCatalogQuery {
  section_id?: number;
  brand_id?: number;
  query?: string;
  limit: number;
  offset: number;
}

/**
 * The shop catalogue's meaning (`GET /v3/api/catalog/product/`) in one plain statement over the base tables, no kept
 * counts, pages or name index: the oracle the tests hold shop-catalog.service/repo to — the same products in the same
 * order, the same NAV.
 *
 * - A shop sells the distributor's active products, except those of a section whose SHOW is off in the shop's base
 *   price list or below such a section (any depth); for the BASE assortment only those with stock at the nearest
 *   warehouse (the first by sort, id) or in the partner's own remains.
 * - A section is the section and every section below it; a brand its products; a text (lower-case) anywhere in the
 *   lower-cased name, or the product's code.
 * - By name, then id; CNT = CNT_ALL the filter's count; a text within a section also counts the same text (and brand)
 *   in the whole catalogue (CNT_CATALOG).
 */
export async function referenceShopCatalog(db: Db, partnerId: number, q: ReferenceCatalogQuery) {
  const text = searchText(q.query);
  const matching = (inSection: boolean) => sql`
    with recursive
      hidden as (
        select r.section_id as id from price_section_rates r
        join price_lists l on l.id = r.price_list_id and l.partner_id = r.partner_id and l.is_base
        where r.partner_id = ${partnerId} and not r.show
        union
        select c.id from catalog_sections c join hidden on c.parent_id = hidden.id),
      under as (
        select id from catalog_sections where id = ${q.section_id ?? null}::bigint
        union
        select c.id from catalog_sections c join under on c.parent_id = under.id)
    select p.id, p.name from catalog_products p
    join shops s on s.partner_id = ${partnerId}
    where p.active
      and p.section_id not in (select id from hidden)
      and (s.assortment = 'EXTENDED'
        or exists (select 1 from partner_product_remains r where r.partner_id = ${partnerId} and r.product_id = p.id and r.quantity > 0)
        or exists (select 1 from catalog_stock st where st.product_id = p.id and st.quantity > 0
          and st.warehouse_id = (select w.id from catalog_warehouses w order by w.sort, w.id limit 1)))
      ${inSection && q.section_id !== undefined ? sql`and p.section_id in (select id from under)` : sql``}
      ${q.brand_id !== undefined ? sql`and p.brand_id = ${q.brand_id}` : sql``}
      ${text ? sql`and (strpos(lower(p.name), ${text}) > 0 or p.up_code_1c = ${text})` : sql``}`;
  const countOf = async (inSection: boolean) =>
    Number((await sql<{ n: number }>`select count(*)::int as n from (${matching(inSection)}) m`.execute(db)).rows[0].n);

  const rows = await sql<{ id: number }>`select m.id from (${matching(true)}) m order by m.name, m.id limit ${q.limit} offset ${q.offset}`.execute(
    db,
  );
  const count = await countOf(true);
  const section =
    q.section_id === undefined
      ? undefined
      : await db.selectFrom('catalog_sections').select(['id', 'name']).where('id', '=', q.section_id).executeTakeFirst();
  return {
    ids: rows.rows.map((r) => Number(r.id)),
    NAV: { CNT: count, CNT_ALL: count, ...(q.section_id !== undefined && text ? { CNT_CATALOG: await countOf(false) } : {}) },
    SECTION: section ? { ID: Number(section.id), NAME: section.name } : null,
  };
}
