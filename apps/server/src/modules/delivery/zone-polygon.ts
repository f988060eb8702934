import { LIMITS } from '@b2b/contracts/limits';

/* A delivery zone's outline: [latitude, longitude] points, and whether a geocoded address lies inside it. */

export type Point = [latitude: number, longitude: number];

/** Reads the outline a partner sends as JSON text: 3 … LIMITS.deliveryZonePointsMax points within the globe's ranges. */
export function parsePolygon(text: string): Point[] | 'bad' {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'bad';
  }
  if (!Array.isArray(value) || value.length < 3 || value.length > LIMITS.deliveryZonePointsMax) return 'bad';
  const points: Point[] = [];
  for (const p of value) {
    if (!Array.isArray(p) || p.length !== 2) return 'bad';
    const [lat, lon] = p.map(Number);
    if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return 'bad';
    points.push([lat, lon]);
  }
  return points;
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
