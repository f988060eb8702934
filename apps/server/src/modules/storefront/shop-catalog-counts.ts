import { keptLoads } from '@/cache/kept-loads';
import type { ShopScope } from './shop-catalog.repo';

export interface CatalogSectionRow {
  id: number;
  parent_id: number | null;
  name: string;
  depth: number;
  sort: number;
}

/** The catalogue's sections and how many products one shop sells in each, at all depths below it. */
export interface ShopCounts {
  /** Every section of the catalogue, parents first (by depth, sort, name). */
  sections: CatalogSectionRow[];
  /** Products the shop sells in the section and all sections below it (absent: none). */
  total(sectionId: number): number;
  /** All the products the shop sells. */
  all: number;
  /** The section and every section below it (empty when the catalogue has no such section). */
  subtree(sectionId: number): number[];
  section(sectionId: number): CatalogSectionRow | undefined;
}

/** What a shop's counts are read from: the sections, and the products the shop sells in each (its own). */
export interface ShopCountsSource {
  sections(): Promise<CatalogSectionRow[]>;
  sectionCounts(scope: ShopScope): Promise<{ section_id: number; n: number }[]>;
}

/** Shops whose counts a server keeps at once; the one read longest ago goes first. */
export const MAX_SHOPS = 1000;

export function buildShopCounts(sections: CatalogSectionRow[], own: { section_id: number; n: number }[]): ShopCounts {
  const totals = new Map(own.map((c) => [Number(c.section_id), Number(c.n)]));
  const children = new Map<number, number[]>();
  const byId = new Map(sections.map((s) => [Number(s.id), s]));
  // Parents come first: children are added up into their parents from the deepest up.
  for (const s of [...sections].reverse()) {
    if (s.parent_id === null) continue;
    const parent = Number(s.parent_id);
    totals.set(parent, (totals.get(parent) ?? 0) + (totals.get(Number(s.id)) ?? 0));
    children.set(parent, [...(children.get(parent) ?? []), Number(s.id)]);
  }
  const all = own.reduce((sum, c) => sum + Number(c.n), 0);
  const subtree = (id: number): number[] => (byId.has(id) ? [id, ...(children.get(id) ?? []).flatMap(subtree)] : []);
  return { sections, total: (id) => totals.get(id) ?? 0, all, subtree, section: (id) => byId.get(id) };
}

/** The key of what a shop sells as read under its scope: the catalogue versions and the settings that choose it. */
export const shopScopeKey = (scope: ShopScope) =>
  [scope.partnerId, scope.catalogVersion, scope.shopVersion, scope.assortment, scope.warehouseId, scope.baseListId].join(':');

/**
 * Each shop's section counts, kept under the catalogue versions its scope was read with (migration 0024): a change
 * of the catalogue, the stock, the shop's remains or its sections' SHOW moves a version, and the next request counts
 * again; until then every catalogue page and section menu reads them from memory. Requests that miss together share
 * one count.
 */
export function shopCountsCache(source: ShopCountsSource) {
  const kept = keptLoads<ShopCounts>(MAX_SHOPS);
  return (scope: ShopScope): Promise<ShopCounts> =>
    kept(shopScopeKey(scope), () =>
      Promise.all([source.sections(), source.sectionCounts(scope)]).then(([sections, own]) => buildShopCounts(sections, own)),
    );
}
