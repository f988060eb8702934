import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { previewCounter } from './price-upload-preview';

const names = new Map<number, { code: string; name: string }>();

describe("a price file's preview counts", () => {
  it('counts lines up, down, unchanged and new', () => {
    const c = previewCounter();
    c.compare(1, '100.00', '110.00', true);
    c.compare(2, '100.00', '90.50', true);
    c.compare(3, '100.00', '100.00', true);
    c.compare(4, '100.00', '120.00', false);
    c.compare(5, null, '5.00', true);
    c.removed(7);
    expect(c.result(names)).toMatchObject({ ROWS: 5, UP: 2, DOWN: 1, SAME: 1, NEW: 1, REMOVED: 7 });
  });

  it('keeps the ten largest changes relative to the old price, ties by product id, whatever order the lines come in', () => {
    // 300 changes: relative sizes repeat, so that ties cross the tenth place; the lines come in a scrambled order.
    const lines = Array.from({ length: 300 }, (_, i) => {
      const old = new Decimal(50 + (i % 17) * 10);
      const now = old.mul(new Decimal(100 + ((i * 37) % 61) - 30).div(100)).toDecimalPlaces(2);
      return { id: 1000 + ((i * 7919) % 300), old: old.toFixed(2), now: now.toFixed(2) };
    });
    const c = previewCounter();
    for (const l of lines) c.compare(l.id, l.old, l.now, true);
    const expected = lines
      .filter((l) => l.old !== l.now)
      .map((l) => ({ id: l.id, weight: new Decimal(l.now).minus(l.old).abs().div(l.old) }))
      .sort((a, b) => b.weight.comparedTo(a.weight) || a.id - b.id)
      .slice(0, 10)
      .map((x) => x.id);
    expect(c.topIds()).toEqual(expected);
    expect(c.result(names).TOP.map((x) => x.ID)).toEqual(expected);
  });
});
