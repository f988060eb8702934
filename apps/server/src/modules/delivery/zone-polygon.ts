import { LIMITS } from '@b2b/contracts/limits';
import { SHOP_MSG } from '@b2b/contracts/shop';
import { outlineCountError, pointInRange, type OutlinePoint } from '@b2b/contracts/zone-outline';

/* A delivery zone's outline: [latitude, longitude] points, and whether a geocoded address lies inside it. */

export type Point = OutlinePoint;

/** A coordinate as JSON gives it: a number, or a decimal written as a string; anything else (true, null, '') is none. */
const coordinate = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : Number.NaN);

/**
 * Reads the outline a partner sends as JSON text, [[latitude, longitude], …], by the rules of contracts'
 * zone-outline (3 distinct … LIMITS.deliveryZonePointsMax points within the globe's ranges); a broken rule is answered
 * with its message.
 */
export function parsePolygon(text: string): Point[] | { error: string } {
  const malformed = { error: SHOP_MSG.zonePolygonInvalid(LIMITS.deliveryZonePointsMax) };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return malformed;
  }
  if (!Array.isArray(value)) return malformed;
  if (value.length > LIMITS.deliveryZonePointsMax) return { error: SHOP_MSG.zoneOutlinePoints(LIMITS.deliveryZonePointsMax) };
  const points: Point[] = [];
  for (const [i, p] of value.entries()) {
    if (!Array.isArray(p) || p.length !== 2) return malformed;
    const [lat, lon] = p.map(coordinate);
    if (Number.isNaN(lat) || Number.isNaN(lon)) return malformed;
    if (!pointInRange(lat, lon)) return { error: SHOP_MSG.zonePointRange(i + 1) };
    points.push([lat, lon]);
  }
  const count = outlineCountError(points);
  return count ? { error: count } : points;
}

/**
 * Whether the point is inside the polygon (even-odd ray casting on the plane of latitude and longitude: a zone of a
 * city's size is small enough for the plane; a point on an edge may fall either way).
 */
export function insidePolygon([lat, lon]: Point, polygon: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [latI, lonI] = polygon[i];
    const [latJ, lonJ] = polygon[j];
    if (lonI > lon !== lonJ > lon && lat < ((latJ - latI) * (lon - lonI)) / (lonJ - lonI) + latI) inside = !inside;
  }
  return inside;
}
