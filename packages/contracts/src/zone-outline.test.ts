import { describe, expect, it } from 'vitest';
import { LIMITS } from './limits';
import { SHOP_MSG } from './shop';
import { outlineFromLines, outlineToLines } from './zone-outline';

describe('a zone outline typed one point a line', () => {
  it('reads «широта, долгота» with a point or a decimal comma, any separator, blank lines skipped', () => {
    const text = '55.7558, 37.6173\n\n55,80; 37,50\n  55.7 37.7  \n[55.65, 37.55],\n−55.1, −37.2';
    expect(outlineFromLines(text)).toEqual({
      points: [
        [55.7558, 37.6173],
        [55.8, 37.5],
        [55.7, 37.7],
        [55.65, 37.55],
        [-55.1, -37.2],
      ],
    });
    expect(outlineFromLines('55, 37\n56, 37\n56, 38')).toEqual({
      points: [
        [55, 37],
        [56, 37],
        [56, 38],
      ],
    });
  });

  it('is no outline when empty, and is written back one point a line', () => {
    expect(outlineFromLines('  \n ')).toEqual({ points: [] });
    expect(
      outlineToLines([
        [55.7, 37.5],
        [55.8, 37.5],
      ]),
    ).toBe('55.7, 37.5\n55.8, 37.5');
    expect(outlineToLines(null)).toBe('');
    const points = [
      [55.7558, 37.6173],
      [55.8, 37.5],
      [-55.7, -37.7],
    ] as [number, number][];
    expect(outlineFromLines(outlineToLines(points))).toEqual({ points });
  });

  it('names the line of a point that is not two numbers or out of range, and asks for 3 distinct points', () => {
    expect(outlineFromLines('55.7, 37.5\nМосква\n55.8, 37.7')).toEqual({ error: SHOP_MSG.zoneOutlineLine(2) });
    expect(outlineFromLines('55.7, 37.5\n55.8\n55.8, 37.7')).toEqual({ error: SHOP_MSG.zoneOutlineLine(2) });
    expect(outlineFromLines('55.7, 37.5, 1\n55.8, 37.5\n55.8, 37.7')).toEqual({ error: SHOP_MSG.zoneOutlineLine(1) });
    expect(outlineFromLines('55.7, 37.5\n\n95, 37.5\n55.8, 37.7')).toEqual({ error: SHOP_MSG.zoneOutlineLineRange(3) });
    expect(outlineFromLines('55.7, 181\n55.8, 37.5\n55.8, 37.7')).toEqual({ error: SHOP_MSG.zoneOutlineLineRange(1) });
    const few = { error: SHOP_MSG.zoneOutlinePoints(LIMITS.deliveryZonePointsMax) };
    expect(outlineFromLines('55.7, 37.5\n55.8, 37.5')).toEqual(few);
    expect(outlineFromLines('55.7, 37.5\n55.7, 37.5\n55.8, 37.5')).toEqual(few);
    const many = Array.from({ length: LIMITS.deliveryZonePointsMax + 1 }, (_, i) => `${(i / 100).toFixed(2)}, 37.5`).join('\n');
    expect(outlineFromLines(many)).toEqual(few);
  });
});
