import type { CatalogSection } from '@b2b/contracts/storefront';

/*
 * The catalogue's state lives in the URL (?section=, ?brand=, ?q=, ?page=, ?limit=), so a page of the catalogue
 * can be linked, reloaded and left with the browser's Back.
 */

export const CATALOG_PAGE_SIZES = [12, 24, 36, 48] as const;
export const CATALOG_PAGE_SIZE = 24;

export interface CatalogView {
  section?: number;
  brand?: number;
  query?: string;
  page: number;
  limit: number;
}

const positive = (raw: string | null): number | undefined => {
  if (!raw || !/^\d{1,9}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n > 0 ? n : undefined;
};

export function catalogView(params: URLSearchParams): CatalogView {
  const limit = Number(params.get('limit'));
  const query = params.get('q')?.trim().slice(0, 100);
  return {
    section: positive(params.get('section')),
    brand: positive(params.get('brand')),
    ...(query ? { query } : {}),
    page: positive(params.get('page')) ?? 1,
    limit: (CATALOG_PAGE_SIZES as readonly number[]).includes(limit) ? limit : CATALOG_PAGE_SIZE,
  };
}

/** What GET /v3/api/catalog/product/ is asked for a view. */
export function catalogRequest(view: CatalogView) {
  return {
    ...(view.section ? { section_id: view.section } : {}),
    ...(view.brand ? { brand_id: view.brand } : {}),
    ...(view.query ? { query: view.query } : {}),
    limit: view.limit,
    offset: (view.page - 1) * view.limit,
  };
}

/**
 * The URL query of a view changed by `patch`: a new filter starts again from the first page; defaults are left out.
 */
export function catalogSearch(view: CatalogView, patch: Partial<CatalogView>): string {
  const next: CatalogView = { ...view, ...patch };
  if (!('page' in patch)) next.page = 1;
  const out = new URLSearchParams();
  if (next.section) out.set('section', String(next.section));
  if (next.brand) out.set('brand', String(next.brand));
  if (next.query) out.set('q', next.query);
  if (next.page > 1) out.set('page', String(next.page));
  if (next.limit !== CATALOG_PAGE_SIZE) out.set('limit', String(next.limit));
  const text = out.toString();
  return text ? `?${text}` : '';
}

/** A 6-digit product code (the search finds it by code rather than by name). */
export const isProductCode = (text: string): boolean => /^\d{6}$/.test(text.trim());

export interface SectionNode {
  key: number;
  title: string;
  count: number;
  children: SectionNode[];
}

/** The flat section list as a tree (parents before or after their children, in the server's order). */
export function sectionTree(sections: readonly CatalogSection[]): SectionNode[] {
  const nodes = new Map<number, SectionNode>();
  for (const s of sections) nodes.set(s.ID, { key: s.ID, title: s.NAME, count: s.PRODUCTS_CNT, children: [] });
  const roots: SectionNode[] = [];
  for (const s of sections) {
    const node = nodes.get(s.ID) as SectionNode;
    const parent = s.IBLOCK_SECTION_ID === null ? undefined : nodes.get(s.IBLOCK_SECTION_ID);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** The ids from the root down to a section (to open the tree at it); empty when it is not in the list. */
export function sectionPath(sections: readonly CatalogSection[], id: number | undefined): number[] {
  const byId = new Map(sections.map((s) => [s.ID, s]));
  const path: number[] = [];
  let current = id === undefined ? undefined : byId.get(id);
  while (current && !path.includes(current.ID)) {
    path.unshift(current.ID);
    current = current.IBLOCK_SECTION_ID === null ? undefined : byId.get(current.IBLOCK_SECTION_ID);
  }
  return path;
}
