import { z } from 'zod';
import './zod-locale';
import { LIMITS } from './limits';
import { MSG } from './messages';
import { DEFAULT_TIME_ZONE, formatDateIn } from './time-zones';

/*
 * Calendar days as every date field reads them (ARCHITECTURE §6: list filters travel as YYYY-MM-DD, dd.MM.yyyy
 * accepted, and mean Moscow days): one parser, one range (LIMITS.dateMin..dateMax), one marker the generated
 * security suite finds date fields by.
 */

/** Every schema that reads a calendar day: `filter` refuses a bad day itself, `form` leaves it to its form's rule. */
export const DATE_FIELDS = z.registry<{ kind: 'filter' | 'form' }>();

/** dd.MM.yyyy of a YYYY-MM-DD day. */
const ruDay = (iso: string) => iso.split('-').reverse().join('.');

/** The range as the messages show it. */
export const DATE_RANGE_TEXT = { min: ruDay(LIMITS.dateMin), max: ruDay(LIMITS.dateMax) } as const;

export type DayRead = { day: string } | { error: 'invalid' | 'range'; message: string };

/**
 * A calendar day from YYYY-MM-DD or dd.MM.yyyy (trimmed): the day as YYYY-MM-DD, or why not — not a real day
 * (29.02.2023, 32.01.2024, a five-digit year) or outside LIMITS.dateMin..dateMax.
 */
export function readDay(text: string): DayRead {
  const v = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  const ru = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(v);
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : ru ? [ru[3], ru[2], ru[1]] : [];
  const day = `${y}-${m}-${d}`;
  const date = y ? new Date(`${day}T00:00:00Z`) : undefined;
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) {
    return { error: 'invalid', message: MSG.dateInvalid };
  }
  // Both are YYYY-MM-DD: text order is day order.
  if (day < LIMITS.dateMin || day > LIMITS.dateMax) {
    return { error: 'range', message: MSG.dateOutOfRange(DATE_RANGE_TEXT.min, DATE_RANGE_TEXT.max) };
  }
  return { day };
}

/** How the API document shows a day field (issue 37.8): its two formats and its range. */
const DAY_DOC = {
  type: 'string',
  pattern: '^\\s*(\\d{4}-\\d{2}-\\d{2}|\\d{2}\\.\\d{2}\\.\\d{4})\\s*$',
  description: `A calendar day (Moscow), YYYY-MM-DD or dd.MM.yyyy, from ${DATE_RANGE_TEXT.min} to ${DATE_RANGE_TEXT.max}`,
};

/** A list filter's or report's day: YYYY-MM-DD out, or the schema's issue (a list decides: 400 or its default). */
export const filterDate = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const read = readDay(v);
    if ('day' in read) return read.day;
    ctx.addIssue({ code: 'custom', message: read.message });
    return z.NEVER;
  })
  .register(DATE_FIELDS, { kind: 'filter' })
  .register(z.globalRegistry, { ...DAY_DOC, description: `${DAY_DOC.description}; a list answers 400 or its default for another` });

/** A form's date field: the text as sent (trimmed), read by its form with `readDay` to answer its own error key. */
export const formDate = z
  .string()
  .trim()
  .register(DATE_FIELDS, { kind: 'form' })
  .register(z.globalRegistry, { ...DAY_DOC, description: `${DAY_DOC.description}; a form answers SUCCESS=N for another` });

/*
 * A list's default period (shop-pricing-offers-loyalty.md §2: "The default list period is three months back to now"):
 * a list asked without date_start and date_end covers the days from LIMITS.listPeriodMonths months back, open-ended
 * (an offer counts when its period overlaps them, so planned offers stay in view); `period=all` asks every day.
 */

/** `period=all`: the list's whole history, not its default period (anything else is no choice). */
export const listPeriodParam = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(['all']).optional().catch(undefined));

/**
 * The first day of the default period: the Moscow day `months` calendar months before today's (a day the month lacks
 * falls back to its last: 31.05 → 28.02), YYYY-MM-DD.
 */
export function defaultPeriodStart(now: Date = new Date(), months: number = LIMITS.listPeriodMonths): string {
  const [d, m, y] = formatDateIn(now, DEFAULT_TIME_ZONE).split('.').map(Number);
  const first = new Date(Date.UTC(y, m - 1 - months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastDay));
  return first.toISOString().slice(0, 10);
}

/** The days a list covers: those asked, else (unless `period=all`) the default period from defaultPeriodStart. */
export function listPeriod(
  q: { date_start?: string; date_end?: string; period?: 'all' },
  now: Date = new Date(),
): { date_start?: string; date_end?: string } {
  if (q.date_start || q.date_end) return { date_start: q.date_start, date_end: q.date_end };
  return q.period === 'all' ? {} : { date_start: defaultPeriodStart(now) };
}
