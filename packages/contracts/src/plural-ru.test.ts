import { describe, expect, it } from 'vitest';
import { PLURAL, countRu, pluralRu } from './plural-ru';

describe('pluralRu', () => {
  it.each([
    [0, 'заказов'],
    [1, 'заказ'],
    [2, 'заказа'],
    [4, 'заказа'],
    [5, 'заказов'],
    [11, 'заказов'],
    [12, 'заказов'],
    [14, 'заказов'],
    [21, 'заказ'],
    [22, 'заказа'],
    [25, 'заказов'],
    [101, 'заказ'],
    [111, 'заказов'],
    [112, 'заказов'],
    [1004, 'заказа'],
    [-1, 'заказ'],
    [1.5, 'заказа'],
  ])('%d → %s', (n, form) => {
    expect(pluralRu(n, PLURAL.order)).toBe(form);
  });

  it('has the ready forms of the spec', () => {
    expect(countRu(1, PLURAL.ruble)).toBe('1 рубль');
    expect(countRu(3, PLURAL.point)).toBe('3 балла');
    expect(countRu(7, PLURAL.product)).toBe('7 товаров');
    expect(countRu(21, PLURAL.client)).toBe('21 клиент');
    expect(countRu(2, PLURAL.position)).toBe('2 позиции');
    expect(countRu(5, PLURAL.position)).toBe('5 позиций');
    // Thousands apart, as every other figure on screen (issue 38.8): never «2934 товара».
    expect(countRu(2934, PLURAL.product)).toBe('2 934 товара');
    expect(countRu(1000000, PLURAL.order)).toBe('1 000 000 заказов');
    expect(countRu(-1500, PLURAL.point)).toBe('-1 500 баллов');
  });
});
