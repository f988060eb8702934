import { describe, expect, it } from 'vitest';
import { formatDateIn, formatDateTimeIn, SHOP_TIME_ZONES, shopTimeZone, wallClockIn } from './time-zones';

// 2026-03-01 23:20:00 UTC: 02:20 next day in Moscow, 06:20 in Novosibirsk, 01:20 in Kaliningrad.
const at = new Date(Date.UTC(2026, 2, 1, 23, 20, 0));
const seconds = at.getTime() / 1000;

describe('shop time zones', () => {
  it('formats an instant in the zone asked', () => {
    expect(formatDateTimeIn(at, 'Europe/Moscow')).toBe('02.03.2026 02:20');
    expect(formatDateTimeIn(seconds, 'Asia/Novosibirsk')).toBe('02.03.2026 06:20');
    expect(formatDateTimeIn(String(seconds), 'Europe/Kaliningrad')).toBe('02.03.2026 01:20');
    expect(formatDateTimeIn(at, 'Asia/Kamchatka')).toBe('02.03.2026 11:20');
    expect(formatDateIn(at, 'Europe/Kaliningrad')).toBe('02.03.2026');
    expect(formatDateIn(new Date(Date.UTC(2026, 2, 1, 21, 59)), 'Europe/Kaliningrad')).toBe('01.03.2026');
  });
  it('reads an unknown or missing zone as Moscow', () => {
    expect(shopTimeZone('Mars/Olympus')).toBe('Europe/Moscow');
    expect(shopTimeZone(null)).toBe('Europe/Moscow');
    expect(formatDateTimeIn(at, 'America/New_York')).toBe('02.03.2026 02:20');
  });
  it('gives an empty text for no date', () => {
    expect(formatDateTimeIn(null, 'Europe/Moscow')).toBe('');
    expect(formatDateIn('', 'Europe/Moscow')).toBe('');
    expect(formatDateIn('abc', 'Europe/Moscow')).toBe('');
  });
  it('gives a spreadsheet the wall clock of the zone', () => {
    expect(wallClockIn(at, 'Europe/Moscow').toISOString()).toBe('2026-03-02T02:20:00.000Z');
    expect(wallClockIn(at, 'Asia/Vladivostok').toISOString()).toBe('2026-03-02T09:20:00.000Z');
  });
  it('offers every zone with a valid IANA name', () => {
    for (const z of SHOP_TIME_ZONES) expect(() => new Intl.DateTimeFormat('ru-RU', { timeZone: z.ID })).not.toThrow();
  });
});
