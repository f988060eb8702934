import type { DeliveryZone, DeliveryZoneInput } from '@b2b/contracts/delivery-wire';
import { outlineFromLines, outlineToLines, pointInRange, readOutlineLine } from '@b2b/contracts/zone-outline';
import { cleanAmount } from '@/shared/inputs/amount';

/*
 * The delivery zone form (issue 38 §4): name, price, the zone's own free-delivery sum (empty: the shop's) and its
 * outline, typed one «широта, долгота» a line or drawn on the map, which edits the same text.
 */

export interface ZoneFormValues {
  name: string;
  price: string;
  free_from: string;
  outline: string;
  sort: number | null;
}

export const DEFAULT_ZONE_SORT = 500;

export const zoneFormValues = (zone: DeliveryZone | undefined): ZoneFormValues => ({
  name: zone?.NAME ?? '',
  price: zone?.PRICE ?? '',
  free_from: zone?.FREE_FROM ?? '',
  outline: outlineToLines(zone?.POLYGON ?? null),
  sort: zone?.SORT ?? DEFAULT_ZONE_SORT,
});

/** The outline field's check, by the rules the server applies: the first broken one, naming its line. */
export const outlineError = (text: string | undefined): string | null => {
  const read = outlineFromLines(text ?? '');
  return 'error' in read ? read.error : null;
};

/**
 * What is sent: sums cleaned of spaces, the outline as the JSON the API takes ('' clears it). An outline the form's
 * check would refuse is sent as typed, for the server to refuse it too.
 */
export function zonePayload(v: ZoneFormValues): DeliveryZoneInput {
  const outline = outlineFromLines(v.outline ?? '');
  return {
    name: v.name?.trim() ?? '',
    price: cleanAmount(v.price ?? ''),
    free_from: cleanAmount(v.free_from ?? ''),
    polygon: 'error' in outline ? v.outline : outline.points.length ? JSON.stringify(outline.points) : '',
    sort: v.sort == null ? '' : String(v.sort),
  };
}

/** A vertex the map draws: a line of the text that reads as a point, with that line's index. */
export interface OutlineVertex {
  line: number;
  lat: number;
  lng: number;
}

/** The points of the text the map can draw (lines that are not a point are left for the field's message). */
export function outlineVertices(text: string): OutlineVertex[] {
  return text.split('\n').flatMap((line, i) => {
    const point = line.trim() ? readOutlineLine(line) : null;
    return point && pointInRange(...point) ? [{ line: i, lat: point[0], lng: point[1] }] : [];
  });
}

const coordinate = (value: number) => String(Number(value.toFixed(6)));
const pointLine = (lat: number, lng: number) => `${coordinate(lat)}, ${coordinate(lng)}`;

/** The text with a point added at its end (a click on the map). */
export function addVertex(text: string, lat: number, lng: number): string {
  const kept = text.replace(/\s+$/, '');
  return kept ? `${kept}\n${pointLine(lat, lng)}` : pointLine(lat, lng);
}

/** The text with the point of line `line` moved (a vertex dragged on the map). */
export function moveVertex(text: string, line: number, lat: number, lng: number): string {
  const lines = text.split('\n');
  if (line < 0 || line >= lines.length) return text;
  lines[line] = pointLine(lat, lng);
  return lines.join('\n');
}

/** The text without its last point. */
export function dropLastVertex(text: string): string {
  const last = outlineVertices(text).at(-1);
  if (!last) return text;
  return text
    .split('\n')
    .filter((_, i) => i !== last.line)
    .join('\n')
    .replace(/\s+$/, '');
}
