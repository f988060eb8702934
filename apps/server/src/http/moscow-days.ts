/** Moscow keeps UTC+3 all year (no daylight saving since 2014): calendar days of the partner are Moscow days. */
const MOSCOW_OFFSET_MS = 3 * 3600_000;
const DAY_MS = 24 * 3600_000;

/** The instant a Moscow calendar day (YYYY-MM-DD) starts. */
export const moscowDayStart = (day: string): Date => new Date(Date.parse(`${day}T00:00:00Z`) - MOSCOW_OFFSET_MS);

/** The instant the Moscow calendar day after `day` starts: `created_at < moscowDayEnd(day)` includes all of `day`. */
export const moscowDayEnd = (day: string): Date => new Date(moscowDayStart(day).getTime() + DAY_MS);

/**
 * The Moscow wall-clock time of an instant as a Date whose UTC fields read that time: spreadsheets have no time zone,
 * so a cell shows exactly what the partner saw on screen.
 */
export const moscowWallClock = (at: Date): Date => new Date(at.getTime() + MOSCOW_OFFSET_MS);

/** dd.MM.yyyy of the Moscow day an instant falls on. */
export function moscowDayText(at: Date): string {
  const d = moscowWallClock(at);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCDate())}.${two(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`;
}

/** The Moscow calendar day of an instant as the wire writes a day, YYYY-MM-DD. */
export const moscowIsoDay = (at: Date): string => moscowDayText(at).split('.').reverse().join('-');

/** The instants a filter of Moscow calendar days covers, both days inclusive: `from` ≤ t < `to`. */
export function moscowDayRange(dateStart?: string, dateEnd?: string): { from?: Date; to?: Date } {
  return {
    from: dateStart ? moscowDayStart(dateStart) : undefined,
    to: dateEnd ? moscowDayEnd(dateEnd) : undefined,
  };
}
