import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { isOutsideDays, paramsFromRange, rangeFromParams } from './day-range';

describe('isOutsideDays', () => {
  const today = dayjs('2026-11-22T12:00:00');
  const min = dayjs('2025-11-23T15:30:00').unix();
  it('allows the days from the first one with data to today', () => {
    expect(isOutsideDays(dayjs('2025-11-23T00:00:00'), min, today)).toBe(false);
    expect(isOutsideDays(dayjs('2026-11-22T23:00:00'), min, today)).toBe(false);
  });
  it('refuses days before the first one with data and after today', () => {
    expect(isOutsideDays(dayjs('2025-11-22T23:59:00'), min, today)).toBe(true);
    expect(isOutsideDays(dayjs('2026-11-23T00:00:00'), min, today)).toBe(true);
  });
  it('has no lower bound without a first day', () => {
    expect(isOutsideDays(dayjs('2001-01-01'), null, today)).toBe(false);
  });
});

describe('range and params', () => {
  it('round-trips the wire days', () => {
    const range = rangeFromParams('2026-01-05', '2026-02-01');
    expect(range?.map((d) => d?.format('DD.MM.YYYY'))).toEqual(['05.01.2026', '01.02.2026']);
    expect(paramsFromRange(range)).toEqual({ date_start: '2026-01-05', date_end: '2026-02-01' });
  });
  it('keeps an open end', () => {
    expect(rangeFromParams(undefined, '2026-02-01')?.[0]).toBeNull();
    expect(rangeFromParams()).toBeNull();
    expect(paramsFromRange(null)).toEqual({ date_start: null, date_end: null });
    expect(paramsFromRange([dayjs('2026-03-01'), null])).toEqual({ date_start: '2026-03-01', date_end: null });
  });
});
