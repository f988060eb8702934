import { keptLoads } from '@/cache/kept-loads';
import { shopScopeKey } from './shop-catalog-counts';
import type { ShopProductRow, ShopScope } from './shop-catalog.repo';

/** Section pages a server keeps at once (a page of 24 rows is some 20 KB). */
const MAX_PAGES = 2000;

/** Pages from this offset on are read each time: buyers seldom page this deep. */
export const KEPT_BELOW_OFFSET = 240;

/**
 * A shop's first section pages (its products and stock, no prices), kept under the versions of what the shop sells
 * (migrations 0024, 0027): every buyer of the shop sees the same rows until the catalogue, the stock, the shop's
 * remains or its sections move a version. Prices are the buyer's own and are read for each request.
 */
export function shopSectionPages() {
  const kept = keptLoads<ShopProductRow[]>(MAX_PAGES);
  return (scope: ShopScope, sectionId: number | undefined, limit: number, offset: number, read: () => Promise<ShopProductRow[]>) =>
    offset >= KEPT_BELOW_OFFSET ? read() : kept(`${shopScopeKey(scope)}|${sectionId ?? 'all'}|${limit}|${offset}`, read);
}
