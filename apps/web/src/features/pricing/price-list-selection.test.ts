import { describe, expect, it } from 'vitest';
import { parsePriceListId, pickSelected } from './price-list-selection';

const lists = [
  { ID: 5, IS_BASE: 'N' as const },
  { ID: 'personal_price' as const, IS_BASE: 'Y' as const },
  { ID: 9, IS_BASE: 'N' as const },
];
const columns = [
  { ID: 12, IS_BASE: 'N' as const },
  { ID: 14, IS_BASE: 'N' as const },
];

describe('parsePriceListId', () => {
  it('reads personal_price and numbers, nothing else', () => {
    expect(parsePriceListId('personal_price')).toBe('personal_price');
    expect(parsePriceListId('42')).toBe(42);
    expect(parsePriceListId('4x')).toBeUndefined();
    expect(parsePriceListId('')).toBeUndefined();
    expect(parsePriceListId(null)).toBeUndefined();
  });
});

describe('pickSelected', () => {
  it('takes the URL id first, then the cookie', () => {
    expect(pickSelected('pricelist', lists, ['9', '5'])).toBe(9);
    expect(pickSelected('pricelist', lists, [null, '5'])).toBe(5);
    expect(pickSelected('pricelist', lists, [null, 'personal_price'])).toBe('personal_price');
  });
  it('skips ids that no longer exist (a deleted list) and falls back to the base list or the first column', () => {
    expect(pickSelected('pricelist', lists, ['77', '78'])).toBe('personal_price');
    expect(pickSelected('pricelist', lists, [])).toBe('personal_price');
    expect(pickSelected('column', columns, ['3', undefined])).toBe(12);
    expect(pickSelected('column', columns, [undefined, '14'])).toBe(14);
  });
  it('answers nothing for an empty list', () => {
    expect(pickSelected('column', [], ['12'])).toBeUndefined();
  });
});
