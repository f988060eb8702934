import { describe, expect, it } from 'vitest';
import type { CatalogSection } from '@b2b/contracts/storefront';
import { catalogRequest, catalogSearch, catalogView, isProductCode, sectionPath, sectionTree } from '@/features/storefront/catalog-view';

const view = (query: string) => catalogView(new URLSearchParams(query));

describe('the catalogue view in the URL', () => {
  it('reads the filters, page and page size, ignoring bad values', () => {
    expect(view('section=12&brand=3&q=%20ручка%20&page=2&limit=48')).toEqual({ section: 12, brand: 3, query: 'ручка', page: 2, limit: 48 });
    expect(view('section=abc&brand=-1&page=0&limit=25')).toEqual({ section: undefined, brand: undefined, page: 1, limit: 24 });
  });

  it('asks the server for the page of the view', () => {
    expect(catalogRequest(view('section=12&q=100200&page=3'))).toEqual({ section_id: 12, query: '100200', limit: 24, offset: 48 });
    expect(catalogRequest(view(''))).toEqual({ limit: 24, offset: 0 });
  });

  it('a new filter starts at the first page; defaults stay out of the URL', () => {
    const current = view('section=12&page=3');
    expect(catalogSearch(current, { brand: 7 })).toBe('?section=12&brand=7');
    expect(catalogSearch(current, { page: 4 })).toBe('?section=12&page=4');
    expect(catalogSearch(current, { section: undefined })).toBe('');
    expect(catalogSearch(current, { limit: 48, page: 1 })).toBe('?section=12&limit=48');
  });

  it('knows a 6-digit code', () => {
    expect(isProductCode(' 123456 ')).toBe(true);
    expect(isProductCode('12345')).toBe(false);
    expect(isProductCode('ручка')).toBe(false);
  });
});

const s = (ID: number, parent: number | null, NAME = `S${ID}`): CatalogSection => ({
  ID,
  IBLOCK_SECTION_ID: parent,
  NAME,
  DEPTH: 1,
  PRODUCTS_CNT: ID,
});

describe('the section tree', () => {
  it('nests the flat list whatever its order; an unknown parent makes a root', () => {
    const tree = sectionTree([s(3, 2), s(1, null), s(2, 1), s(4, 99)]);
    expect(tree.map((n) => n.key)).toEqual([1, 4]);
    expect(tree[0].children[0].key).toBe(2);
    expect(tree[0].children[0].children[0]).toMatchObject({ key: 3, title: 'S3', count: 3 });
  });

  it('finds the path from the root to a section', () => {
    const list = [s(1, null), s(2, 1), s(3, 2)];
    expect(sectionPath(list, 3)).toEqual([1, 2, 3]);
    expect(sectionPath(list, 42)).toEqual([]);
    expect(sectionPath(list, undefined)).toEqual([]);
    // A loop in bad data ends.
    expect(sectionPath([s(1, 2), s(2, 1)], 1)).toEqual([2, 1]);
  });
});
