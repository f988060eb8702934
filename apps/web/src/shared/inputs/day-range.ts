import dayjs, { type Dayjs } from 'dayjs';

/** A day on screen (dd.MM.yyyy, back-office.md §9) and on the wire (YYYY-MM-DD; contracts' readDay takes both). */
export const SCREEN_DAY = 'DD.MM.YYYY';
export const WIRE_DAY = 'YYYY-MM-DD';

/** Days outside [the first day with data (its MIN_DATE, Unix seconds), today] cannot be picked (back-office.md §9). */
export function isOutsideDays(day: Dayjs, minDateSeconds: number | null | undefined, today: Dayjs = dayjs()): boolean {
  if (day.isAfter(today.endOf('day'))) return true;
  return !!minDateSeconds && day.isBefore(dayjs.unix(minDateSeconds).startOf('day'));
}

/** A range picker's value from the wire days; null when neither end is set. */
export function rangeFromParams(start?: string | null, end?: string | null): [Dayjs | null, Dayjs | null] | null {
  if (!start && !end) return null;
  return [start ? dayjs(start) : null, end ? dayjs(end) : null];
}

/** The wire days of a picked range (either end may be empty). */
export function paramsFromRange(range: readonly (Dayjs | null | undefined)[] | null | undefined) {
  return { date_start: range?.[0]?.format(WIRE_DAY) ?? null, date_end: range?.[1]?.format(WIRE_DAY) ?? null };
}
