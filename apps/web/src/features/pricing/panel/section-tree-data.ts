import type { PricingSection } from '@b2b/contracts/pricing';

export interface SectionNode {
  key: string;
  section: PricingSection;
  children: SectionNode[];
}

const bySort = (a: SectionNode, b: SectionNode) => a.section.SORT - b.section.SORT || a.section.NAME.localeCompare(b.section.NAME, 'ru');

/** The flat ITEMS of GET sections as a tree (by IBLOCK_SECTION_ID, each level by SORT); a lost parent's children go to the top. */
export function buildSectionTree(items: readonly PricingSection[]): SectionNode[] {
  const nodes = new Map(items.map((s) => [s.ID, { key: String(s.ID), section: s, children: [] as SectionNode[] }]));
  const roots: SectionNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.section.IBLOCK_SECTION_ID === null ? undefined : nodes.get(node.section.IBLOCK_SECTION_ID);
    (parent ? parent.children : roots).push(node);
  }
  const sort = (list: SectionNode[]) => {
    list.sort(bySort);
    for (const n of list) sort(n.children);
    return list;
  };
  return sort(roots);
}

/**
 * A search in the tree: the sections whose name contains the text (any case) and the keys to expand so that each
 * of them shows (its ancestors). An empty text matches nothing and expands nothing.
 */
export function searchSections(items: readonly PricingSection[], text: string): { matched: Set<number>; expanded: string[] } {
  const query = text.trim().toLocaleLowerCase('ru');
  const matched = new Set<number>();
  const expanded = new Set<string>();
  if (!query) return { matched, expanded: [] };
  const byId = new Map(items.map((s) => [s.ID, s]));
  for (const s of items) {
    if (!s.NAME.toLocaleLowerCase('ru').includes(query)) continue;
    matched.add(s.ID);
    for (let p = s.IBLOCK_SECTION_ID; p !== null && !expanded.has(String(p)); p = byId.get(p)?.IBLOCK_SECTION_ID ?? null) {
      expanded.add(String(p));
    }
  }
  return { matched, expanded: [...expanded] };
}
