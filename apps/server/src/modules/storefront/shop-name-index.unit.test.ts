import { describe, expect, it } from 'vitest';
import { buildNameIndex, type NamedProduct } from './shop-name-index';

const products: NamedProduct[] = [
  { id: 5, name: 'бумага офисная а4', section_id: 1, brand_id: 10 },
  { id: 3, name: 'бумага цветная', section_id: 2, brand_id: null },
  { id: 9, name: 'клей-карандаш', section_id: 1, brand_id: 10 },
  { id: 1, name: 'ручка шариковая синяя', section_id: 2, brand_id: 11 },
  { id: 2, name: 'ручка шариковая синяя', section_id: 3, brand_id: 11 },
  { id: 7, name: 'тетрадь 48 листов', section_id: 3, brand_id: null },
];
const index = buildNameIndex(products);
const all = (text: string, f = {}) => index.search(text, f, 100, 0);

describe('the name index', () => {
  it("finds a text anywhere in a name, each product once, in the index's order", () => {
    expect(all('бумага')).toEqual({ ids: [5, 3], total: 2 });
    expect(all('ша')).toEqual({ ids: [1, 2], total: 2 });
    expect(all('а')).toEqual({ ids: [5, 3, 9, 1, 2, 7], total: 6 });
    expect(all('синяя')).toEqual({ ids: [1, 2], total: 2 });
    expect(all('48 листов')).toEqual({ ids: [7], total: 1 });
  });

  it('finds nothing for a text no name holds, nor across two names', () => {
    expect(all('степлер')).toEqual({ ids: [], total: 0 });
    expect(all('а4бумага')).toEqual({ ids: [], total: 0 });
    expect(all('а4\u0001бумага')).toEqual({ ids: [], total: 0 });
    expect(all('')).toEqual({ ids: [], total: 0 });
  });

  it('keeps to the sections and the brand asked', () => {
    expect(all('а', { sectionIds: new Set([1, 3]) })).toEqual({ ids: [5, 9, 2, 7], total: 4 });
    expect(all('а', { brandId: 10 })).toEqual({ ids: [5, 9], total: 2 });
    expect(all('а', { sectionIds: new Set([2]), brandId: 11 })).toEqual({ ids: [1], total: 1 });
  });

  it('gives the page asked and the count of all the matches', () => {
    expect(index.search('а', {}, 2, 0)).toEqual({ ids: [5, 3], total: 6 });
    expect(index.search('а', {}, 2, 2)).toEqual({ ids: [9, 1], total: 6 });
    expect(index.search('а', {}, 2, 5)).toEqual({ ids: [7], total: 6 });
    expect(index.search('а', {}, 2, 6)).toEqual({ ids: [], total: 6 });
  });

  it('holds an empty shop, and a name with the separator in it', () => {
    expect(buildNameIndex([]).search('а', {}, 10, 0)).toEqual({ ids: [], total: 0 });
    const odd = buildNameIndex([
      { id: 1, name: 'a\u0001b', section_id: 1, brand_id: null },
      { id: 2, name: 'b', section_id: 1, brand_id: null },
    ]);
    expect(odd.search('b', {}, 10, 0)).toEqual({ ids: [1, 2], total: 2 });
    expect(odd.search('a', {}, 10, 0)).toEqual({ ids: [1], total: 1 });
    expect(odd.search('a b', {}, 10, 0)).toEqual({ ids: [], total: 0 });
  });
});
