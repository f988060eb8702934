export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Moscow time is UTC+3 all year round. */
const MOSCOW_OFFSET_MS = 3 * HOUR_MS;

export const addMinutes = (date: Date, minutes: number) => new Date(date.getTime() + minutes * MINUTE_MS);
export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);
export const daysBetween = (from: Date, to: Date) => (to.getTime() - from.getTime()) / DAY_MS;

/** The same Moscow calendar day at hh:mm Moscow time. */
export function atMoscowTime(date: Date, hours: number, minutes: number): Date {
  const local = new Date(date.getTime() + MOSCOW_OFFSET_MS);
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  return new Date(midnight - MOSCOW_OFFSET_MS + hours * HOUR_MS + minutes * MINUTE_MS);
}

/** Day of the week in Moscow: 0 Sunday … 6 Saturday. */
export const moscowWeekday = (date: Date) => new Date(date.getTime() + MOSCOW_OFFSET_MS).getUTCDay();

export const earlier = (a: Date, b: Date) => (a.getTime() <= b.getTime() ? a : b);
