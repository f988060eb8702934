import { describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { awardsLeft, dueToBurn, orderMargin, orderPoints, type ScoringRule } from './loyalty-rules';

const rule = (over: Partial<ScoringRule>): ScoringRule => ({
  markupFrom: null,
  markupTo: null,
  markupPctFrom: null,
  markupPctTo: null,
  pointsPct: '10',
  ...over,
});

describe('points on the margin', () => {
  it("picks the rule by the order's margin and markup percent, weights each line by its brand, times the status", () => {
    const rules = [rule({ markupPctTo: '20', pointsPct: '5' }), rule({ markupPctFrom: '20.01', pointsPct: '10' })];
    const lines = [
      { price: '110.00', purchase: '100.00', quantity: 3, brandId: 1 }, // margin 30
      { price: '150.00', purchase: '100.00', quantity: 2, brandId: 2 }, // margin 100, brand 150 % → 150
    ];
    // Order margin 130 on cost 500: 26 % → the 10 % rule; (30 + 150) × 10 % = 18.
    expect(orderPoints(lines, rules, new Map([[2, '150']]), '100').toFixed(0)).toBe('18');
    expect(orderPoints(lines, rules, new Map([[2, '150']]), '200').toFixed(0)).toBe('36');
    // A margin of 26 % falls in the 5 % rule when the order's cost is larger: the order decides, not each line.
    expect(orderPoints([...lines, { price: '100', purchase: '100', quantity: 200, brandId: null }], rules, new Map(), '100').toFixed(0)).toBe('6'); // 130 × 5 % = 6.5
  });

  it('earns nothing on a loss-making order, however profitable some of its lines (issue 38.7: −341.72 earned 75)', () => {
    const lines = [
      { price: '1000.00', purchase: '250.00', quantity: 1, brandId: null }, // +750
      { price: '90.00', purchase: '109.0862', quantity: 57, brandId: null }, // −1 087.9134
    ];
    expect(orderMargin(lines).margin.toFixed(4)).toBe('-337.9134');
    expect(orderPoints(lines, [rule({ pointsPct: '10' })], new Map(), '100').toFixed(0)).toBe('0');
    expect(orderPoints(lines, [rule({ pointsPct: '10' })], new Map(), '300').toFixed(0)).toBe('0');
  });

  it("counts a gift's cost (a line at 0) against the margin: 147 points, not 173", () => {
    const sold = { price: '2730.00', purchase: '1000.00', quantity: 1, brandId: null }; // margin 1 730
    const gift = { price: '0', purchase: '260.0000', quantity: 1, brandId: null };
    expect(orderPoints([sold], [rule({ pointsPct: '10' })], new Map(), '100').toFixed(0)).toBe('173');
    expect(orderPoints([sold, gift], [rule({ pointsPct: '10' })], new Map(), '100').toFixed(0)).toBe('147');
  });

  it('keeps 4-decimal purchase prices until the sum, gives nothing outside every rule, never negative points', () => {
    // 1 000 × (10.2000 − 10.1250) = 75 (rounding the purchase to 10.13 first would give 70).
    expect(
      orderPoints([{ price: '10.20', purchase: '10.1250', quantity: 1000, brandId: null }], [rule({ pointsPct: '100' })], new Map(), '100').toFixed(
        0,
      ),
    ).toBe('75');
    const lines = [
      { price: '99.99', purchase: '100.00', quantity: 5, brandId: null },
      { price: '1000', purchase: '100', quantity: 1, brandId: null },
    ];
    // Margin 899.95: outside a rule up to 500, 1 % in a rule from 500.
    expect(orderPoints(lines, [rule({ markupTo: '500' })], new Map(), '100').toFixed(0)).toBe('0');
    expect(orderPoints(lines, [rule({ markupFrom: '500', pointsPct: '1' })], new Map(), '100').toFixed(0)).toBe('8');
    // A positive margin whose brand-weighted sum is not positive earns 0, not a negative award.
    const weighted = [
      { price: '200', purchase: '100', quantity: 1, brandId: null },
      { price: '10', purchase: '60', quantity: 1, brandId: 7 },
    ];
    expect(orderPoints(weighted, [rule({ pointsPct: '10' })], new Map([[7, '300']]), '100').toFixed(0)).toBe('0');
  });

  it('is never negative and never more than the percent of the margin, for random orders (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            price: fc.integer({ min: 0, max: 10_000_00 }).map((k) => new Decimal(k).div(100).toFixed(2)),
            purchase: fc.integer({ min: 0, max: 10_000_0000 }).map((k) => new Decimal(k).div(10_000).toFixed(4)),
            quantity: fc.integer({ min: 1, max: 500 }),
            brandId: fc.constant(null),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.integer({ min: 1, max: 100 }),
        (lines, pct) => {
          const points = orderPoints(lines, [rule({ pointsPct: String(pct) })], new Map(), '100');
          const { margin } = orderMargin(lines);
          const expected = margin.lte(0) ? new Decimal(0) : margin.mul(pct).div(100).floor();
          return points.eq(expected) && points.gte(0);
        },
      ),
    );
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
