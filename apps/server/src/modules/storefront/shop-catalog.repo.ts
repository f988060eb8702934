import { sql, type RawBuilder } from 'kysely';
import { pageAcrossSections } from '@/db/catalog-sql';
import type { Db } from '@/db/database';
import { GENERIC_PLAN, onPresetSessions } from '@/db/planner-settings';
import { NEAREST_WAREHOUSE, SHOP_STOCK, shopStockJoins } from '@/db/shop-stock-sql';
import { likeContains } from '@/db/text-search';
import type { NamedProduct } from './shop-name-index';

/*
 * What a shop sells (issue 13.3): the distributor's active products in the sections the shop shows (the base price
 * list's SHOW, at any level above), all of them for the EXTENDED (Сайт) assortment, for BASE (Корпоративный) those in
 * stock at the nearest warehouse or in the partner's own remains. Borrowed read-only: shops, price_lists,
 * price_section_rates, pricing_versions, partner_product_remains (modules shop, pricing), the catalogue (reference data).
 */

export interface ShopScope {
  partnerId: number;
  baseListId: number;
  assortment: 'BASE' | 'EXTENDED';
  /** The nearest warehouse: the distributor's first (stock is read there). */
  warehouseId: number | null;
  showStock: boolean;
  multiplicity: 'COMMERCIAL' | 'CORPORATE' | 'EDINICA';
  /** The versions of the distributor's catalogue and of the partner's part of it (migration 0024), as read. */
  catalogVersion: string;
  shopVersion: string;
  /** The version of the partner's price chains (migration 0028), as read: the price engine keeps them under it. */
  pricingVersion: string;
  /**
   * The sections whose products the shop hides: those whose SHOW is off in its base list and every section below
   * them (kept under the versions: `hiddenSections`).
   */
  hiddenSections: number[];
}

/** A shop's scope as its row reads; the hidden sections are added from what is kept under its versions. */
export type ShopScopeRow = Omit<ShopScope, 'hiddenSections'>;

export interface ShopProductRow {
  id: number;
  up_code_1c: string;
  name: string;
  section_id: number;
  unit: string;
  preview_picture: string | null;
  detail_picture: string | null;
  pictures: string[];
  multiplicity: number;
  multiplicity_corporate: number;
  multiplicity_commercial: number;
  brand_id: number | null;
  vat_rate: number;
  brand: string | null;
  country: string | null;
  manufacturer: string | null;
  line: string | null;
  partner_quantity: number | null;
  partner_multiplicity: string | null;
  stock: number | null;
  /** The shop's one stock figure (db/shop-stock-sql.ts). */
  shop_stock: number;
  total?: number;
}

/** The partner's own remains and the shop's warehouse stock of product `p` (as `r` and `st`; db/shop-stock-sql.ts). */
const stockJoins = (scope: ShopScope) => shopStockJoins(scope.partnerId, sql`p.id`, scope.warehouseId);

/**
 * The products the shop sells, as `p`. A hidden section is a list of ids the scope carries, not a join: each product
 * a search matched was joined to its section, its parent and the base list's rates (a third of a broad search's time).
 */
const sellableFrom = (scope: ShopScope): RawBuilder<unknown> => sql`
  from catalog_products p
  ${stockJoins(scope)}
  where p.active
    ${scope.hiddenSections.length ? sql`and p.section_id <> all(${scope.hiddenSections}::bigint[])` : sql``}
    ${scope.assortment === 'BASE' ? sql`and (coalesce(st.quantity, 0) > 0 or coalesce(r.quantity, 0) > 0)` : sql``}`;

const PRODUCT_COLUMNS = sql`p.id, p.up_code_1c, p.name, p.section_id, p.unit, p.preview_picture, p.detail_picture, p.pictures,
  p.multiplicity, p.multiplicity_corporate, p.multiplicity_commercial, p.brand_id, p.vat_rate,
  (select b.name from catalog_brands b where b.id = p.brand_id) as brand,
  (select c.name from catalog_countries c where c.id = p.country_id) as country,
  (select m.name from catalog_manufacturers m where m.id = p.manufacturer_id) as manufacturer,
  (select l.name from catalog_lines l where l.id = p.line_id) as line,
  r.quantity as partner_quantity, r.multiplicity as partner_multiplicity, st.quantity as stock, ${SHOP_STOCK} as shop_stock`;

/** A product's 6-digit code (UP_CODE_1C), as a search or a lookup may give it. */
export const isProductCode = (text: string) => /^\d{6}$/.test(text);

export interface CatalogFilter {
  /** A section and all the sections below it. */
  sectionIds?: number[];
  brandId?: number;
  /** Lower-case text of a name, or a 6-digit code. */
  query?: string;
}

export function shopCatalogRepo(db: Db) {
  /**
   * The columns of a page's products (`hits`: their ids and names, in order, with the count as `total` if counted).
   * Its joins are lookups from the product: planning them took longer than running them, so a section page is
   * planned once per session; a search (counted, never prepared: its plan depends on the text) on each call.
   */
  const withColumns = async (scope: ShopScope, hits: RawBuilder<unknown>, counted: boolean) => {
    const read = (d: Db) =>
      sql<ShopProductRow>`
        with hits as (${hits})
        select ${PRODUCT_COLUMNS} ${counted ? sql`, h.total` : sql``}
        from hits h join catalog_products p on p.id = h.id
        ${stockJoins(scope)}
        order by h.name, h.id`.execute(d);
    const rows = (await (counted ? read(db) : onPresetSessions(db, GENERIC_PLAN, read))).rows;
    return { rows, total: counted && rows.length ? Number(rows[0].total) : undefined };
  };

  return {
    /** The shop's settings the catalogue needs, and its base list and nearest warehouse. */
    scope: async (partnerId: number): Promise<ShopScopeRow | undefined> => {
      const row = await db
        .selectFrom('shops as s')
        .innerJoin('price_lists as l', (j) => j.onRef('l.partner_id', '=', 's.partner_id').on('l.is_base', '=', true))
        .select((eb) => [
          's.assortment',
          's.show_stock',
          's.multiplicity',
          'l.id as base_list_id',
          NEAREST_WAREHOUSE.as('warehouse_id'),
          eb.selectFrom('catalog_versions').select('version').where('partner_id', '=', 0).as('catalog_version'),
          eb.selectFrom('catalog_versions').select('version').whereRef('partner_id', '=', 's.partner_id').as('shop_version'),
          eb.selectFrom('pricing_versions').select('version').whereRef('partner_id', '=', 's.partner_id').as('pricing_version'),
        ])
        .where('s.partner_id', '=', partnerId)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        partnerId,
        baseListId: Number(row.base_list_id),
        assortment: row.assortment,
        warehouseId: row.warehouse_id === null ? null : Number(row.warehouse_id),
        showStock: row.show_stock,
        multiplicity: row.multiplicity,
        catalogVersion: String(row.catalog_version ?? 0),
        shopVersion: String(row.shop_version ?? 0),
        pricingVersion: String(row.pricing_version ?? 0),
      };
    },

    /** The sections the shop hides (SHOW off in its base list) and every section below them. */
    hiddenSections: async (partnerId: number, baseListId: number) =>
      (
        await sql<{ id: number }>`
          with recursive hidden as (
            select h.section_id as id from price_section_rates h
            where h.partner_id = ${partnerId} and h.price_list_id = ${baseListId} and not h.show
            union
            select c.id from catalog_sections c join hidden on c.parent_id = hidden.id)
          select id from hidden order by id`.execute(db)
      ).rows.map((r) => Number(r.id)),

    /** A page of the products the shop sells in these sections, by name (pageAcrossSections). */
    sectionsPage: async (scope: ShopScope, sectionIds: number[], limit: number, offset: number) =>
      withColumns(scope, pageAcrossSections(sectionIds, sql`select p.id, p.name ${sellableFrom(scope)}`, limit, offset), false),

    /** A page of a search or a brand, by name, with the count of all the matching (all are found anyway). */
    countedPage: async (scope: ShopScope, f: CatalogFilter, limit: number, offset: number) =>
      withColumns(
        scope,
        sql`select p.id, p.name, count(*) over () as total ${sellableFrom(scope)} ${filterSql(f)}
          order by p.name, p.id limit ${limit} offset ${offset}`,
        true,
      ),

    /** Every product the shop sells, its name lower-cased, in the catalogue's order (name, id): its name index. */
    sellableNames: async (scope: ShopScope) =>
      (await sql<NamedProduct>`select p.id, lower(p.name) as name, p.section_id, p.brand_id ${sellableFrom(scope)} order by p.name, p.id`.execute(db))
        .rows,

    /** The rows of products the name index found (ids of what the shop sells), by name. */
    pageOfIds: async (scope: ShopScope, ids: number[]) =>
      (await withColumns(scope, sql`select p.id, p.name from catalog_products p where p.id = any(${ids}::bigint[])`, false)).rows,

    /** How many products the shop sells under the filter. */
    count: async (scope: ShopScope, f: CatalogFilter = {}) =>
      Number((await sql<{ n: number }>`select count(*)::int as n ${sellableFrom(scope)} ${filterSql(f)}`.execute(db)).rows[0].n),

    /** The products the shop sells after `afterId`, by id (feeds read the whole catalogue page by page). */
    afterId: async (scope: ShopScope, afterId: number, limit: number) =>
      (await sql<ShopProductRow>`select ${PRODUCT_COLUMNS} ${sellableFrom(scope)} and p.id > ${afterId} order by p.id limit ${limit}`.execute(db))
        .rows,

    /** Products the shop sells among `ids` (a card, the basket, checkout). */
    byIds: async (scope: ShopScope, ids: number[]) =>
      ids.length
        ? (await sql<ShopProductRow>`select ${PRODUCT_COLUMNS} ${sellableFrom(scope)} and p.id = any(${ids}::bigint[])`.execute(db)).rows
        : [],

    /** The sections with how many products the shop sells in each (its own, not its children's). */
    sectionCounts: async (scope: ShopScope) =>
      (await sql<{ section_id: number; n: number }>`select p.section_id, count(*)::int as n ${sellableFrom(scope)} group by p.section_id`.execute(db))
        .rows,

    sections: () =>
      db
        .selectFrom('catalog_sections')
        .select(['id', 'parent_id', 'name', 'depth', 'sort'])
        .orderBy('depth')
        .orderBy('sort')
        .orderBy('name')
        .orderBy('id')
        .execute(),

    brands: async (scope: ShopScope) =>
      (
        await sql<{ id: number; name: string; n: number }>`
          select b.id, b.name, count(*)::int as n
          from (select p.brand_id ${sellableFrom(scope)}) x join catalog_brands b on b.id = x.brand_id
          group by b.id, b.name order by b.name`.execute(db)
      ).rows,
  };
}

/** The filters of a catalogue page: a section's tree, a brand, a 6-digit code or part of a name. */
function filterSql(f: CatalogFilter) {
  const parts = [sql``];
  if (f.sectionIds) parts.push(sql`and p.section_id = any(${f.sectionIds}::bigint[])`);
  if (f.brandId) parts.push(sql`and p.brand_id = ${f.brandId}`);
  if (f.query) {
    parts.push(
      isProductCode(f.query)
        ? sql`and (p.up_code_1c = ${f.query} or lower(p.name) like ${likeContains(f.query)})`
        : sql`and lower(p.name) like ${likeContains(f.query)}`,
    );
  }
  return sql.join(parts, sql` `);
}
