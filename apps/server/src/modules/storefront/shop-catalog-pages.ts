import { keptLoads } from '@/cache/kept-loads';
import { shopScopeKey } from './shop-catalog-counts';
import type { ShopProductRow, ShopScope } from './shop-catalog.repo';

/** Pages a server keeps at once (a page of 24 rows is some 20 KB). */
const MAX_PAGES = 4000;

/** Pages from this offset on are read each time: buyers seldom page this deep. */
const KEPT_BELOW_OFFSET = 240;

export interface KeptPage {
  rows: ShopProductRow[];
  /** How many products match (a search's or a brand's count, read with its page). */
  total?: number;
}

/**
 * A shop's first catalogue pages (products and stock, no prices): a section's, a brand's or a search's, kept under
 * the versions of what the shop sells (migrations 0024, 0027) with the filter that chose them. Every buyer of the
 * shop sees the same rows until the catalogue, the stock, the shop's remains or its sections move a version; prices
 * are the buyer's own and are read for each request.
 */
export function shopCatalogPages() {
  const kept = keptLoads<KeptPage>(MAX_PAGES);
  return (scope: ShopScope, filter: string, limit: number, offset: number, read: () => Promise<KeptPage>) =>
    offset >= KEPT_BELOW_OFFSET ? read() : kept(`${shopScopeKey(scope)}|${filter}|${limit}|${offset}`, () => read().then(frozen));
}

/** A kept page is every buyer's: frozen, so that no request can change what the next one is served. */
const frozen = (page: KeptPage): KeptPage =>
  Object.freeze({ ...page, rows: Object.freeze(page.rows.map((r) => Object.freeze(r))) as ShopProductRow[] });
