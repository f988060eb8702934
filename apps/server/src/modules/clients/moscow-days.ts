/** Moscow time is UTC+3 all year round (no daylight saving since 2014). */
const MOSCOW_OFFSET = '+03:00';
const DAY_MS = 24 * 3600 * 1000;

/**
 * The instants a list filter of calendar days covers: date_start and date_end are YYYY-MM-DD days in Moscow,
 * both inclusive; `to` is exclusive (the start of the day after date_end).
 */
export function moscowDayRange(dateStart?: string, dateEnd?: string): { from?: Date; to?: Date } {
  const start = (day: string) => new Date(`${day}T00:00:00${MOSCOW_OFFSET}`);
  return {
    from: dateStart ? start(dateStart) : undefined,
    to: dateEnd ? new Date(start(dateEnd).getTime() + DAY_MS) : undefined,
  };
}
