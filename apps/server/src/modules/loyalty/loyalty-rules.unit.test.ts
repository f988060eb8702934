import { describe, expect, it } from 'vitest';
import { awardsLeft, dueToBurn, orderPoints, type ScoringRule } from './loyalty-rules';

const rule = (over: Partial<ScoringRule>): ScoringRule => ({ markupFrom: null, markupTo: null, markupPctFrom: null, markupPctTo: null, pointsPct: '10', ...over });

describe('points on the margin', () => {
  it('takes the points percent of the rule the line falls in, times the brand coefficient and the status multiplier', () => {
    const rules = [rule({ markupPctTo: '20', pointsPct: '5' }), rule({ markupPctFrom: '20.01', pointsPct: '10' })];
    const lines = [
      { price: '110.00', purchase: '100.00', quantity: 3, brandId: 1 }, // margin 30, 10 % → 5 % → 1.5
      { price: '150.00', purchase: '100.00', quantity: 2, brandId: 2 }, // margin 100, 50 % → 10 % → 10 × 150 % = 15
    ];
    expect(orderPoints(lines, rules, new Map([[2, '150']]), '100').toFixed(0)).toBe('16'); // 16.5 rounded down
    expect(orderPoints(lines, rules, new Map([[2, '150']]), '200').toFixed(0)).toBe('33');
  });

  it('gives nothing for a line sold at or below its purchase price, or outside every rule', () => {
    const lines = [{ price: '99.99', purchase: '100.00', quantity: 5, brandId: null }, { price: '1000', purchase: '100', quantity: 1, brandId: null }];
    expect(orderPoints(lines, [rule({ markupTo: '500' })], new Map(), '100').toFixed(0)).toBe('0');
    expect(orderPoints(lines, [rule({ markupFrom: '500', pointsPct: '1' })], new Map(), '100').toFixed(0)).toBe('9'); // 900 × 1 %
  });
});

describe('the awards closest to burning are spent first', () => {
  const jan = new Date('2027-01-01T00:00:00Z');
  const mar = new Date('2027-03-01T00:00:00Z');
  it('draws spending from the earliest burn date, never-burning points last', () => {
    const moves = [
      { id: 1, points: '100', burnAt: null },
      { id: 2, points: '50', burnAt: mar },
      { id: 3, points: '30', burnAt: jan },
      { id: 4, points: '-60', burnAt: null },
    ];
    expect(Object.fromEntries([...awardsLeft(moves)].map(([k, v]) => [k, v.toFixed(0)]))).toEqual({ 1: '100', 2: '20' });
    expect(dueToBurn(moves, new Date('2027-02-01')).toFixed(0)).toBe('0');
    expect(dueToBurn(moves, new Date('2027-03-02')).toFixed(0)).toBe('20');
    // Once burned, nothing is left to burn.
    expect(dueToBurn([...moves, { id: 5, points: '-20', burnAt: null }], new Date('2027-03-02')).toFixed(0)).toBe('0');
  });
});
