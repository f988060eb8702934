import { describe, expect, it } from 'vitest';
import type { PricingSection } from '@b2b/contracts/pricing';
import { buildSectionTree, searchSections } from './section-tree-data';

const section = (ID: number, parent: number | null, NAME: string, SORT = 100): PricingSection => ({
  ID,
  IBLOCK_SECTION_ID: parent,
  NAME,
  DEPTH: 1,
  PERCENT: null,
  SHOW: 'Y',
  HAS_INDIVIDUAL: 'N',
  SORT,
  PRODUCTS_CNT: 0,
});

const items = [
  section(3, 1, 'Ручки шариковые', 200),
  section(1, null, 'Письменные принадлежности', 100),
  section(2, 1, 'Карандаши', 100),
  section(4, null, 'Бумага', 50),
  section(5, 2, 'Карандаши чернографитные'),
  section(6, 99, 'Без родителя', 500),
];

const shape = (nodes: ReturnType<typeof buildSectionTree>): unknown[] => nodes.map((n) => [n.section.ID, shape(n.children)]);

describe('buildSectionTree', () => {
  it('nests the flat list by parent, each level by SORT, and puts a section whose parent is missing at the top', () => {
    expect(shape(buildSectionTree(items))).toEqual([
      [4, []],
      [
        1,
        [
          [2, [[5, []]]],
          [3, []],
        ],
      ],
      [6, []],
    ]);
    expect(buildSectionTree([])).toEqual([]);
  });
});

describe('searchSections', () => {
  it('finds sections by a part of the name in any case and expands their ancestors', () => {
    const found = searchSections(items, 'КАРАНДАШ');
    expect([...found.matched].sort()).toEqual([2, 5]);
    expect(found.expanded.sort()).toEqual(['1', '2']);
  });
  it('finds nothing for an empty text', () => {
    expect(searchSections(items, '  ')).toEqual({ matched: new Set(), expanded: [] });
  });
});
