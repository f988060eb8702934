import { LIMITS } from './limits';
import { SHOP_MSG } from './shop';

/*
 * A delivery zone's outline (issue 38 §4): [latitude, longitude] points, at least 3 distinct and at most
 * LIMITS.deliveryZonePointsMax, each within the globe's ranges. The server checks the JSON it is sent by these rules,
 * the back office the text a partner types, one «широта, долгота» a line.
 */

export type OutlinePoint = [latitude: number, longitude: number];

export const pointInRange = (lat: number, lon: number) => Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;

/** The count rule's message, or null: 3 distinct points at least (a line or a dot outlines nothing), the limit at most. */
export function outlineCountError(points: readonly OutlinePoint[]): string | null {
  const distinct = new Set(points.map(([lat, lon]) => `${lat},${lon}`)).size;
  return distinct < 3 || points.length > LIMITS.deliveryZonePointsMax ? SHOP_MSG.zoneOutlinePoints(LIMITS.deliveryZonePointsMax) : null;
}

const NUMBER = String.raw`[-−–]?\d+(?:[.,]\d+)?`;
/** «55.7558, 37.6173», «55,7558; 37,6173», «55.7558 37.6173», «[55.7558, 37.6173],» (copied from a JSON list). */
const LINE = new RegExp(String.raw`^\[?\s*(${NUMBER})\s*[,;\s]\s*(${NUMBER})\s*\]?\s*,?$`);
const toNumber = (text: string) => Number(text.replace(/[−–]/, '-').replace(',', '.'));

/** One typed line as a point (not checked against the ranges), or null when it is not two numbers. */
export function readOutlineLine(line: string): OutlinePoint | null {
  const found = LINE.exec(line.trim());
  return found ? [toNumber(found[1]), toNumber(found[2])] : null;
}

/**
 * The outline typed one point a line, «широта, долгота» (blank lines skipped, a decimal comma read as a point).
 * No points at all is no outline; otherwise the first broken rule is answered, naming its line.
 */
export function outlineFromLines(text: string): { points: OutlinePoint[] } | { error: string } {
  const points: OutlinePoint[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].trim()) continue;
    const point = readOutlineLine(lines[i]);
    if (!point) return { error: SHOP_MSG.zoneOutlineLine(i + 1) };
    if (!pointInRange(...point)) return { error: SHOP_MSG.zoneOutlineLineRange(i + 1) };
    points.push(point);
  }
  if (!points.length) return { points };
  const count = outlineCountError(points);
  return count ? { error: count } : { points };
}

/** The outline as the back office shows it for editing: one «широта, долгота» a line. */
export const outlineToLines = (points: readonly OutlinePoint[] | null): string => (points ?? []).map(([lat, lon]) => `${lat}, ${lon}`).join('\n');
