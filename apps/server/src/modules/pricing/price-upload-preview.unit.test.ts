import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appliedCount, changeOf, compareSameScale, previewCounter, type LineChange } from './price-upload-preview';

const names = new Map<number, { code: string; name: string }>();

/** The lines counted by a preview counter, and the exact top ten: by |now − old| / old, ties by product id. */
function countedAndExact(lines: { id: number; old: string; now: string }[]) {
  const c = previewCounter();
  for (const l of lines) c.add({ productId: l.id, before: l.old, after: l.now, change: changeOf(l.old, l.now) });
  const expected = lines
    .filter((l) => l.old !== l.now)
    .map((l) => ({ id: l.id, weight: new Decimal(l.now).minus(l.old).abs().div(l.old) }))
    .sort((a, b) => b.weight.comparedTo(a.weight) || a.id - b.id)
    .slice(0, 10)
    .map((x) => x.id);
  return { c, expected };
}

describe("a price file's preview counts", () => {
  it('names how a value changes: up, down, the same, new (none today), removed (taken away)', () => {
    expect(changeOf('100.00', '110.00')).toBe('UP');
    expect(changeOf('100.00', '90.50')).toBe('DOWN');
    expect(changeOf('100.00', '100.00')).toBe('SAME');
    expect(changeOf('100.0000', '100.00')).toBe('SAME');
    expect(changeOf(null, '5')).toBe('NEW');
    expect(changeOf('5', null)).toBe('REMOVED');
    // An empty line of a loaded price takes it away, whatever the computed price then is.
    expect(changeOf('120.00', '100.00', true)).toBe('REMOVED');
    expect(changeOf('100.00', '100.00', true)).toBe('REMOVED');
    // Multiplicities: by the smallest pack.
    expect(changeOf('1/6', '6/12')).toBe('UP');
    expect(changeOf('6/12', '1/6/12')).toBe('DOWN');
    expect(changeOf('6', '6/12')).toBe('UP');
  });

  it('counts each line once; removed adds the loaded values a replacing file does not name', () => {
    const c = previewCounter();
    const lines: LineChange[] = [
      { productId: 1, before: '100.00', after: '110.00', change: 'UP' },
      { productId: 2, before: '100.00', after: '90.50', change: 'DOWN' },
      { productId: 3, before: '100.00', after: '100.00', change: 'SAME' },
      { productId: 4, before: '120.00', after: '100.00', change: 'REMOVED' },
      { productId: 5, before: null, after: '5', change: 'NEW' },
    ];
    for (const l of lines) c.add(l);
    c.removed(7);
    expect(c.result(names)).toMatchObject({ ROWS: 5, UP: 1, DOWN: 1, SAME: 1, NEW: 1, REMOVED: 8 });
    expect(appliedCount(lines)).toBe(4);
  });

  it('keeps the ten largest changes relative to the old price, ties by product id, whatever order the lines come in', () => {
    // 300 changes: relative sizes repeat, so that ties cross the tenth place; the lines come in a scrambled order.
    const lines = Array.from({ length: 300 }, (_, i) => {
      const old = new Decimal(50 + (i % 17) * 10);
      const now = old.mul(new Decimal(100 + ((i * 37) % 61) - 30).div(100)).toDecimalPlaces(2);
      return { id: 1000 + ((i * 7919) % 300), old: old.toFixed(2), now: now.toFixed(2) };
    });
    const { c, expected } = countedAndExact(lines);
    expect(c.topIds()).toEqual(expected);
    expect(c.result(names).TOP.map((x) => x.ID)).toEqual(expected);
  });

  it('compares two prices of one scale as text exactly as decimals compare, and leaves other texts to decimal arithmetic', () => {
    const price = (scale: number) => fc.bigInt({ min: 0n, max: 10n ** 12n }).map((n) => new Decimal(n.toString()).div(10 ** scale).toFixed(scale));
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4 }).chain((scale) => fc.tuple(price(scale), price(scale))),
        ([a, b]) => {
          expect(compareSameScale(a, b)).toBe(new Decimal(a).comparedTo(new Decimal(b)));
          expect(changeOf(b, a)).toBe(a === b ? 'SAME' : new Decimal(a).gt(b) ? 'UP' : 'DOWN');
        },
      ),
    );
    expect(compareSameScale('100.0000', '100.00')).toBeUndefined();
    expect(compareSameScale('-1.00', '2.00')).toBeUndefined();
    expect(compareSameScale('007', '10')).toBeUndefined();
    expect(compareSameScale('1/6', '6')).toBeUndefined();
  });

  it('keeps the exact top whatever the lines, near ties included (the float shortcut only rules lines out)', () => {
    const line = fc.record({
      id: fc.integer({ min: 1, max: 400 }),
      // Kopecks: small prices, and large ones whose one-kopeck changes are tiny relative ones (floats lose most there).
      old: fc.oneof(fc.integer({ min: 1, max: 50_000 }), fc.integer({ min: 10_000_000_000, max: 10_000_100_000 })),
      // Changes around a few sizes, so that many lines tie or nearly tie.
      step: fc.constantFrom(-3, -1, 0, 1, 2, 3, 100, 101),
    });
    fc.assert(
      fc.property(fc.uniqueArray(line, { selector: (l) => l.id, minLength: 1, maxLength: 120 }), (raw) => {
        const lines = raw.map((l) => ({
          id: l.id,
          old: (l.old / 100).toFixed(2),
          now: ((l.old + l.step * (l.old % 7 === 0 ? 1 : 3)) / 100).toFixed(2),
        }));
        const { c, expected } = countedAndExact(lines);
        expect(c.topIds()).toEqual(expected);
      }),
    );
  });

  it('ranks one-kopeck changes of large prices exactly: their relative sizes differ below what floats tell apart', () => {
    // Prices near the largest a line may hold (900,000,000.00 ₽) changed by a kopeck or a few: weights of ~1e-11 whose
    // floats are off by 1e-5 of themselves, so ties and near ties cannot be ordered by floats (a margin of 1e-9 of the
    // bar alone failed here).
    const line = fc.record({ id: fc.integer({ min: 1, max: 1000 }), old: fc.integer({ min: 0, max: 30 }), step: fc.integer({ min: 1, max: 3 }) });
    fc.assert(
      fc.property(fc.uniqueArray(line, { selector: (l) => l.id, minLength: 11, maxLength: 80 }), (raw) => {
        const lines = raw.map((l) => ({
          id: l.id,
          old: ((90_000_000_000 + l.old) / 100).toFixed(2),
          now: ((90_000_000_000 + l.old + l.step) / 100).toFixed(2),
        }));
        const { c, expected } = countedAndExact(lines);
        expect(c.topIds()).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});
