import { describe, expect, it, vi } from 'vitest';
import { shopCountsCache, type CatalogSectionRow } from './shop-catalog-counts';
import { testScope } from './shop-scope-test-kit';

const SECTIONS: CatalogSectionRow[] = [
  { id: 1, parent_id: null, name: 'Бумага', depth: 1, sort: 1 },
  { id: 2, parent_id: 1, name: 'Тетради', depth: 2, sort: 1 },
  { id: 3, parent_id: 2, name: 'Общие', depth: 3, sort: 1 },
  { id: 4, parent_id: 1, name: 'Блокноты', depth: 2, sort: 2 },
  { id: 5, parent_id: null, name: 'Техника', depth: 1, sort: 2 },
];
const scope = testScope;

function source(
  own = [
    { section_id: 3, n: 5 },
    { section_id: 4, n: 2 },
    { section_id: 2, n: 1 },
  ],
) {
  return { sections: vi.fn(async () => SECTIONS), sectionCounts: vi.fn(async () => own) };
}

describe("a shop's section counts", () => {
  it('adds each section up with all the sections below it, and knows its subtree', async () => {
    const counts = await shopCountsCache(source())(scope());
    expect([1, 2, 3, 4, 5].map((id) => counts.total(id))).toEqual([8, 6, 5, 2, 0]);
    expect(counts.all).toBe(8);
    expect(counts.subtree(1).sort()).toEqual([1, 2, 3, 4]);
    expect(counts.subtree(99)).toEqual([]);
  });

  it('counts once while the versions stay, and again when one moves or the scope changes', async () => {
    const src = source();
    const countsOf = shopCountsCache(src);
    await Promise.all([countsOf(scope()), countsOf(scope()), countsOf(scope())]);
    expect(src.sectionCounts).toHaveBeenCalledTimes(1);
    await countsOf(scope({ shopVersion: '4' }));
    await countsOf(scope({ shopVersion: '4', catalogVersion: '11' }));
    await countsOf(scope({ shopVersion: '4', catalogVersion: '11', assortment: 'BASE' }));
    expect(src.sectionCounts).toHaveBeenCalledTimes(4);
    await countsOf(scope({ partnerId: 8 }));
    expect(src.sectionCounts).toHaveBeenCalledTimes(5);
  });

  it('does not keep a count that failed', async () => {
    const src = source();
    src.sectionCounts.mockRejectedValueOnce(new Error('connection lost'));
    const countsOf = shopCountsCache(src);
    await expect(countsOf(scope())).rejects.toThrow('connection lost');
    expect((await countsOf(scope())).all).toBe(8);
  });
});
