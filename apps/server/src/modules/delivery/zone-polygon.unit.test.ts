import { describe, expect, it } from 'vitest';
import { insidePolygon, parsePolygon, type Point } from './zone-polygon';

describe('a zone outline', () => {
  const square: Point[] = [[55.7, 37.5], [55.8, 37.5], [55.8, 37.7], [55.7, 37.7]];
  // A concave "L": the notch at the top right is outside.
  const ell: Point[] = [[0, 0], [2, 0], [2, 1], [1, 1], [1, 2], [0, 2]];

  it('holds the points inside it and not those outside', () => {
    expect(insidePolygon([55.75, 37.62], square)).toBe(true);
    expect(insidePolygon([55.65, 37.62], square)).toBe(false);
    expect(insidePolygon([55.75, 37.8], square)).toBe(false);
    expect(insidePolygon([0.5, 1.5], ell)).toBe(true);
    expect(insidePolygon([1.5, 1.5], ell)).toBe(false);
  });

  it('is read from JSON: 3 points at least, each [latitude, longitude] within range', () => {
    expect(parsePolygon('[[55.7,37.5],[55.8,37.5],[55.8,37.7]]')).toEqual([[55.7, 37.5], [55.8, 37.5], [55.8, 37.7]]);
    for (const bad of ['', 'x', '{}', '[[1,2],[3,4]]', '[[1,2],[3,4],[5]]', '[[91,0],[0,0],[0,1]]', '[[0,181],[0,0],[0,1]]', '[["a",1],[0,0],[0,1]]']) {
      expect(parsePolygon(bad)).toBe('bad');
    }
  });
});
