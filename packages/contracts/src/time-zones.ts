/*
 * The shop's time zone (issue 38 §8): every date and time a partner or a buyer reads — screens, exports, mails, the
 * PDF — is shown in it. Russia's zones by their IANA names (none keeps daylight saving), Moscow by default.
 * Formatting is Intl's, so a zone's offset is the runtime's time-zone data, never a constant of ours.
 */

export const DEFAULT_TIME_ZONE = 'Europe/Moscow';

/** The zones a shop may choose, west to east, with the label its select shows. */
export const SHOP_TIME_ZONES = [
  { ID: 'Europe/Kaliningrad', NAME: 'Калининград (МСК−1, UTC+2)' },
  { ID: 'Europe/Moscow', NAME: 'Москва (МСК, UTC+3)' },
  { ID: 'Europe/Samara', NAME: 'Самара (МСК+1, UTC+4)' },
  { ID: 'Asia/Yekaterinburg', NAME: 'Екатеринбург (МСК+2, UTC+5)' },
  { ID: 'Asia/Omsk', NAME: 'Омск (МСК+3, UTC+6)' },
  { ID: 'Asia/Novosibirsk', NAME: 'Новосибирск (МСК+4, UTC+7)' },
  { ID: 'Asia/Krasnoyarsk', NAME: 'Красноярск (МСК+4, UTC+7)' },
  { ID: 'Asia/Irkutsk', NAME: 'Иркутск (МСК+5, UTC+8)' },
  { ID: 'Asia/Yakutsk', NAME: 'Якутск (МСК+6, UTC+9)' },
  { ID: 'Asia/Vladivostok', NAME: 'Владивосток (МСК+7, UTC+10)' },
  { ID: 'Asia/Magadan', NAME: 'Магадан (МСК+8, UTC+11)' },
  { ID: 'Asia/Kamchatka', NAME: 'Камчатка (МСК+9, UTC+12)' },
] as const;

export type ShopTimeZone = (typeof SHOP_TIME_ZONES)[number]['ID'];

export const SHOP_TIME_ZONE_IDS: readonly string[] = SHOP_TIME_ZONES.map((z) => z.ID);

/** A stored or sent zone if it is one of ours, else Moscow. */
export const shopTimeZone = (zone: string | null | undefined): ShopTimeZone =>
  (zone && SHOP_TIME_ZONE_IDS.includes(zone) ? zone : DEFAULT_TIME_ZONE) as ShopTimeZone;

/** An instant as a Date, Unix seconds (the API's dates) or an ISO text. */
export type Instant = Date | number | string | null | undefined;

function toDate(at: Instant): Date | undefined {
  if (at === null || at === undefined || at === '') return undefined;
  if (at instanceof Date) return Number.isNaN(at.getTime()) ? undefined : at;
  const n = typeof at === 'number' ? at : Number(at);
  const date = Number.isFinite(n) ? new Date(n * 1000) : new Date(at);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock fields of an instant in a zone (Intl's parts, one formatter kept per zone). */
function wallFields(date: Date, zone: string) {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone: shopTimeZone(zone),
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(zone, f);
  }
  const part = Object.fromEntries(f.formatToParts(date).map((p) => [p.type, p.value]));
  return { y: part.year, m: part.month, d: part.day, hh: part.hour, mm: part.minute, ss: part.second };
}

/** dd.MM.yyyy of the day an instant falls on in the zone; '' for none. */
export function formatDateIn(at: Instant, zone: string): string {
  const date = toDate(at);
  if (!date) return '';
  const w = wallFields(date, zone);
  return `${w.d}.${w.m}.${w.y}`;
}

/** dd.MM.yyyy HH:mm of an instant in the zone; '' for none. */
export function formatDateTimeIn(at: Instant, zone: string): string {
  const date = toDate(at);
  if (!date) return '';
  const w = wallFields(date, zone);
  return `${w.d}.${w.m}.${w.y} ${w.hh}:${w.mm}`;
}

/**
 * The zone's wall-clock time of an instant as a Date whose UTC fields read that time: a spreadsheet cell has no
 * time zone, so it shows exactly what the partner sees on screen.
 */
export function wallClockIn(at: Date, zone: string): Date {
  const w = wallFields(at, zone);
  return new Date(Date.UTC(Number(w.y), Number(w.m) - 1, Number(w.d), Number(w.hh), Number(w.mm), Number(w.ss), at.getUTCMilliseconds()));
}
