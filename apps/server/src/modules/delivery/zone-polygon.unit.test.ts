import { describe, expect, it } from 'vitest';
import { LIMITS } from '@b2b/contracts/limits';
import { SHOP_MSG } from '@b2b/contracts/shop';
import { insidePolygon, parsePolygon, type Point } from './zone-polygon';

describe('a zone outline', () => {
  const square: Point[] = [
    [55.7, 37.5],
    [55.8, 37.5],
    [55.8, 37.7],
    [55.7, 37.7],
  ];
  // A concave "L": the notch at the top right is outside.
  const ell: Point[] = [
    [0, 0],
    [2, 0],
    [2, 1],
    [1, 1],
    [1, 2],
    [0, 2],
  ];

  it('holds the points inside it and not those outside', () => {
    expect(insidePolygon([55.75, 37.62], square)).toBe(true);
    expect(insidePolygon([55.65, 37.62], square)).toBe(false);
    expect(insidePolygon([55.75, 37.8], square)).toBe(false);
    expect(insidePolygon([0.5, 1.5], ell)).toBe(true);
    expect(insidePolygon([1.5, 1.5], ell)).toBe(false);
  });

  it('is read from JSON: 3 distinct points at least, each [latitude, longitude] within range, each refusal with its message', () => {
    expect(parsePolygon('[[55.7,37.5],[55.8,37.5],[55.8,37.7]]')).toEqual([
      [55.7, 37.5],
      [55.8, 37.5],
      [55.8, 37.7],
    ]);
    expect(parsePolygon('[["55.7","37.5"],[55.8,37.5],[55.8,37.7]]')).toEqual([
      [55.7, 37.5],
      [55.8, 37.5],
      [55.8, 37.7],
    ]);
    const malformed = { error: SHOP_MSG.zonePolygonInvalid(LIMITS.deliveryZonePointsMax) };
    const count = { error: SHOP_MSG.zoneOutlinePoints(LIMITS.deliveryZonePointsMax) };
    const cases: [string, { error: string }][] = [
      ['', malformed],
      ['x', malformed],
      ['{}', malformed],
      ['[[1,2],[3,4],[5]]', malformed],
      ['[["a",1],[0,0],[0,1]]', malformed],
      // Not numbers, though Number() would read them as 0 or 1.
      ['[[true,1],[0,0],[0,1]]', malformed],
      ['[[null,null],[0,0],[0,1]]', malformed],
      ['[["",""],[0,0],[0,1]]', malformed],
      ['[[1,2],[3,4]]', count],
      ['[]', count],
      ['[[1,2],[1,2],[3,4]]', count],
      [JSON.stringify(Array.from({ length: LIMITS.deliveryZonePointsMax + 1 }, (_, i) => [i / 100, i / 50])), count],
      ['[[0,0],[91,0],[0,1]]', { error: SHOP_MSG.zonePointRange(2) }],
      ['[[0,0],[0,1],[0,-181]]', { error: SHOP_MSG.zonePointRange(3) }],
      ['[[1e400,0],[0,0],[0,1]]', { error: SHOP_MSG.zonePointRange(1) }],
    ];
    for (const [text, answer] of cases) expect(parsePolygon(text), text.slice(0, 40)).toEqual(answer);
  });
});
