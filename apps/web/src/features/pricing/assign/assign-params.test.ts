import { describe, expect, it } from 'vitest';
import type { PriceListItem, PriceListsAnswer } from '@b2b/contracts/price-lists';
import { reconcileListParams } from '@/shared/list-params/list-params';
import { ASSIGN_DEFAULTS, ASSIGN_SAVED_KEYS, choosePrice, filterOf, parsePriceValue, priceValue, scopeOf } from './assign-params';

const item = (ID: number | 'personal_price', NAME: string, IS_BASE: 'Y' | 'N' = 'N'): PriceListItem => ({
  ID,
  NAME,
  SORT: 100,
  EDIT_1C: 'N',
  PRICE_TYPE: 'RRC',
  SECTION_RATE: null,
  ROUNDING: 'TWO_DECIMAL',
  UNIT: 'RUB',
  PARENT_ID: null,
  IS_BASE,
  CLIENTS_CNT: 0,
  GROUPS_CNT: 0,
});
const lists: PriceListsAnswer = {
  PRICELISTS: [item('personal_price', 'Базовый прайс', 'Y'), item(7, 'Оптовый прайс')],
  COLUMNS: [item(9, 'Крупный опт')],
  ENTITIES: { PRICE_TYPE: [] },
};

describe('Установка цен: the price and the filters', () => {
  it('chooses the price of the query, the base list by default or when it is gone', () => {
    expect(choosePrice(lists, ASSIGN_DEFAULTS)).toMatchObject({ type: 'pricelist', id: 'personal_price' });
    expect(choosePrice(lists, { price_type: 'pricelist', price_id: '7' })).toMatchObject({ type: 'pricelist', id: 7 });
    expect(choosePrice(lists, { price_type: 'column', price_id: '9' })).toMatchObject({ type: 'column', id: 9 });
    expect(choosePrice(lists, { price_type: 'column', price_id: '7' })).toMatchObject({ type: 'pricelist', id: 'personal_price' });
    expect(choosePrice({ ...lists, PRICELISTS: [] }, ASSIGN_DEFAULTS)).toBeUndefined();
  });

  it("says what may be assigned: a column to clients only, the base list's removal is no removal", () => {
    expect(scopeOf(choosePrice(lists, ASSIGN_DEFAULTS)!)).toEqual({ groupsAssignable: true, isBase: true });
    expect(scopeOf(choosePrice(lists, { price_type: 'pricelist', price_id: '7' })!)).toEqual({ groupsAssignable: true, isBase: false });
    expect(scopeOf(choosePrice(lists, { price_type: 'column', price_id: '9' })!)).toEqual({ groupsAssignable: false, isBase: false });
  });

  it('turns the Select value into the query and back', () => {
    expect(priceValue({ type: 'column', id: 9 })).toBe('column:9');
    expect(parsePriceValue('pricelist:personal_price')).toEqual({ price_type: 'pricelist', price_id: 'personal_price' });
  });

  it('keeps only the set filters', () => {
    expect(filterOf({ ...ASSIGN_DEFAULTS, query: 'ром', date_start: '', date_end: '2024-05-01' })).toEqual({ query: 'ром', date_end: '2024-05-01' });
  });

  it('merges the params_pricesettings cookie with the URL query', () => {
    const saved = JSON.stringify({ price_id: '7', query: 'ром', date_start: '2024-01-01', offset: '50' });
    const result = reconcileListParams({ price_type: 'pricelist' }, saved, ASSIGN_SAVED_KEYS);
    expect(result.query).toEqual({ price_type: 'pricelist', price_id: '7', query: 'ром', date_start: '2024-01-01' });
    expect(result.rewriteUrl).toBe(true);
  });
});
