import type { z } from 'zod';
import { MSG } from '@b2b/contracts/messages';
import type { CatalogAnswer, catalogQuery, CatalogSection, ProductCard } from '@b2b/contracts/storefront';
import type { Db } from '@/db/database';
import { searchText } from '@/db/text-search';
import { AppError, notFound } from '@/http/app-error';
import type { PriceEngine, ResolvedTarget } from '../pricing/price-engine.service';
import { keptLoads } from '@/cache/kept-loads';
import { MAX_SHOPS, shopCountsCache, shopScopeKey } from './shop-catalog-counts';
import { isProductCode, shopCatalogRepo, type ShopProductRow, type ShopScope } from './shop-catalog.repo';
import { shopCatalogPages, type KeptPage } from './shop-catalog-pages';
import { catalogProduct, stockOf } from './shop-products';
import { buildNameIndex, type NameIndex } from './shop-name-index';

/** Name indexes a server process keeps at once, one per shop and version of what it sells (~100 bytes a product: 6 MB for 60,000). */
const MAX_NAME_INDEXES = 8;
/** A shop selling more products than this searches its names in the database. */
const MAX_INDEXED_PRODUCTS = 200_000;

/** A signed-in buyer of a shop: its partner and its client. */
export interface Buyer {
  id: number;
  partnerId: number;
  clientId: number;
}

/**
 * The shop's catalogue (issue 13.3) as one buyer sees it: the sections and products the shop sells, each at the
 * buyer's own price from the price engine (a page in a fixed number of queries).
 */
export function shopCatalogService(db: Db, engine: PriceEngine) {
  const repo = shopCatalogRepo(db);
  const countsOf = shopCountsCache(repo);
  const keptPage = shopCatalogPages();

  const keptHidden = keptLoads<number[]>(MAX_SHOPS);
  const keptNames = keptLoads<NameIndex>(MAX_NAME_INDEXES);

  /**
   * The shop's name index, kept under the versions of what it sells; none for a catalogue past MAX_INDEXED_PRODUCTS
   * (its search stays in the database).
   */
  const namesOf = async (scope: ShopScope, sellable: number): Promise<NameIndex | undefined> =>
    sellable > MAX_INDEXED_PRODUCTS ? undefined : keptNames(shopScopeKey(scope), async () => buildNameIndex(await repo.sellableNames(scope)));

  /** A search by part of a name through the shop's name index; undefined when the shop has none. */
  async function searchByName(
    scope: ShopScope,
    sellable: number,
    text: string,
    f: { sectionIds?: number[]; brandId?: number },
    limit: number,
    offset: number,
  ) {
    const index = await namesOf(scope, sellable);
    if (!index) return undefined;
    const found = index.search(text, { sectionIds: f.sectionIds && new Set(f.sectionIds), brandId: f.brandId }, limit, offset);
    return { rows: found.ids.length ? await repo.pageOfIds(scope, found.ids) : [], total: found.total };
  }

  /**
   * How many products a search finds in the whole catalogue (issue 39 §4: a section's search offers the rest): the
   * name index counts without reading a row; a 6-digit code or a catalogue without an index counts in the database.
   */
  async function catalogCount(scope: ShopScope, sellable: number, f: { brandId?: number; query: string }) {
    const index = isProductCode(f.query) ? undefined : await namesOf(scope, sellable);
    return index ? index.search(f.query, { brandId: f.brandId }, 0, 0).total : repo.count(scope, f);
  }

  /** The shop's scope with its hidden sections, kept under the versions that move when a section or its SHOW does. */
  async function readScope(partnerId: number): Promise<ShopScope | undefined> {
    const row = await repo.scope(partnerId);
    if (!row) return undefined;
    const key = [partnerId, row.catalogVersion, row.shopVersion, row.baseListId].join(':');
    return { ...row, hiddenSections: await keptHidden(key, () => repo.hiddenSections(partnerId, row.baseListId)) };
  }

  async function scopeOf(partnerId: number): Promise<ShopScope> {
    const scope = await readScope(partnerId);
    if (!scope) throw new AppError('shop_not_found', 404, MSG.shopLinkUnknown);
    return scope;
  }

  /** The buyer's price chain, kept by the engine under the pricing version its shop's scope was read with. */
  async function pricing(buyer: Buyer, scope: ShopScope): Promise<ResolvedTarget> {
    const resolved = await engine.resolveKept(buyer.partnerId, buyer.clientId, scope.pricingVersion);
    if (!resolved) throw notFound(MSG.notFound);
    return resolved;
  }

  /** The rows with the buyer's prices, in the rows' order. */
  async function priced(buyer: Buyer, scope: ShopScope, rows: ShopProductRow[], resolved?: ResolvedTarget) {
    const target = resolved ?? (await pricing(buyer, scope));
    const prices = await engine.priced(
      buyer.partnerId,
      target,
      rows.map((r) => Number(r.id)),
    );
    return rows.flatMap((r) => {
      const price = prices.get(Number(r.id));
      return price ? [{ row: r, price, item: catalogProduct(r, price, scope) }] : [];
    });
  }

  return {
    scopeOf,
    pricing,
    priced,
    /** What the shop sells, for feeds: its scope, how many, and the products after an id. */
    // stockOf: the stock a feed shows is the shop's own figure (issue 38.6).
    sellable: { scope: readScope, count: async (scope: ShopScope) => (await countsOf(scope)).all, afterId: repo.afterId, stockOf },

    async sections(buyer: Buyer): Promise<{ ITEMS: CatalogSection[] }> {
      const counts = await countsOf(await scopeOf(buyer.partnerId));
      return {
        // Sections selling nothing are left out.
        ITEMS: counts.sections
          .filter((s) => counts.total(Number(s.id)) > 0)
          .map((s) => ({
            ID: Number(s.id),
            IBLOCK_SECTION_ID: s.parent_id === null ? null : Number(s.parent_id),
            NAME: s.name,
            DEPTH: Number(s.depth),
            PRODUCTS_CNT: counts.total(Number(s.id)),
          })),
      };
    },

    /**
     * A page of the catalogue; a section's count comes from the shop's kept counts, a search's or a brand's with its
     * page. The first pages are kept under the shop's versions (shop-catalog-pages.ts).
     */
    async page(buyer: Buyer, q: z.output<typeof catalogQuery>): Promise<CatalogAnswer> {
      const scope = await scopeOf(buyer.partnerId);
      const counts = await countsOf(scope);
      const sectionIds = q.section_id ? counts.subtree(q.section_id) : undefined;
      const filter = { sectionIds, brandId: q.brand_id, query: searchText(q.query) };
      const counted = filter.brandId !== undefined || filter.query !== undefined;
      const read = async (): Promise<KeptPage> => {
        if (!counted) return repo.sectionsPage(scope, sectionIds ?? counts.sections.map((s) => Number(s.id)), q.limit, q.offset);
        // A 6-digit code is looked up by its key in the database; part of a name in the shop's name index.
        const byName =
          filter.query && !isProductCode(filter.query) ? await searchByName(scope, counts.all, filter.query, filter, q.limit, q.offset) : undefined;
        if (byName) return byName;
        const page = await repo.countedPage(scope, filter, q.limit, q.offset);
        // Past the last match the page counts nothing: the count is asked apart.
        return { rows: page.rows, total: page.total ?? (q.offset > 0 ? await repo.count(scope, filter) : 0) };
      };
      const page = await keptPage(scope, JSON.stringify([q.section_id, q.brand_id, filter.query]), q.limit, q.offset, read);
      const rows = page.rows;
      const count = counted ? page.total! : q.section_id ? counts.total(q.section_id) : counts.all;
      const section = q.section_id ? counts.section(q.section_id) : undefined;
      const [items, inCatalog] = await Promise.all([
        priced(buyer, scope, rows),
        q.section_id && filter.query ? catalogCount(scope, counts.all, { brandId: filter.brandId, query: filter.query }) : undefined,
      ]);
      return {
        ITEMS: items.map((p) => p.item),
        ENTITIES: { SECTION: section ? { ID: Number(section.id), NAME: section.name } : null },
        NAV: { CNT: count, CNT_ALL: count, ...(inCatalog === undefined ? {} : { CNT_CATALOG: inCatalog }) },
      };
    },

    async card(buyer: Buyer, id: number, inBasket: (productId: number) => Promise<number>): Promise<ProductCard> {
      const scope = await scopeOf(buyer.partnerId);
      const [row] = await repo.byIds(scope, [id]);
      if (!row) throw notFound(MSG.notFound);
      const [p] = await priced(buyer, scope, [row]);
      if (!p) throw notFound(MSG.notFound);
      const property = (id: string, title: string, value: string | null) => (value ? { ID: id, TITLE: title, VALUE: value } : null);
      return {
        ...p.item,
        DETAIL_PICTURE_PATH: p.item.PREVIEW_PICTURE_PATH,
        PICTURES: p.item.PREVIEW_PICTURE_PATH ? [p.item.PREVIEW_PICTURE_PATH] : [],
        PROPERTIES: {
          UP_TM: property('UP_TM', 'Торговая марка', row.brand),
          UP_COUNTRY: property('UP_COUNTRY', 'Страна', row.country),
          UP_RULER: property('UP_RULER', 'Линейка', row.line),
        },
        IN_BASKET: await inBasket(id),
      };
    },

    async brands(buyer: Buyer) {
      const scope = await scopeOf(buyer.partnerId);
      return { ITEMS: (await repo.brands(scope)).map((b) => ({ ID: Number(b.id), NAME: b.name, CNT: Number(b.n) })) };
    },

    /** What a product's photo shows (any active product of the catalogue). */
    productForPhoto: async (id: number) => {
      const row = await db
        .selectFrom('catalog_products as p')
        .leftJoin('catalog_brands as b', 'b.id', 'p.brand_id')
        .select(['p.up_code_1c as code', 'p.name', 'b.name as brand'])
        .where('p.id', '=', id)
        .where('p.active', '=', true)
        .executeTakeFirst();
      return row;
    },

    /** The offer form's lookup of one product by its 6-digit code (any signed-in user; no price). */
    async lookup(code: string) {
      const row = isProductCode(code)
        ? await db
            .selectFrom('catalog_products')
            .select(['id', 'name', 'up_code_1c'])
            .where('up_code_1c', '=', code)
            .where('active', '=', true)
            .executeTakeFirst()
        : undefined;
      if (!row) return { SUCCESS: 'N' as const, MESSAGE: MSG.productCodeUnknown };
      return { SUCCESS: 'Y' as const, ID: Number(row.id), NAME: row.name, UP_CODE_1C: row.up_code_1c };
    },
  };
}

export type ShopCatalogService = ReturnType<typeof shopCatalogService>;
