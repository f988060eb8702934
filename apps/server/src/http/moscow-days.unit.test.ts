import { describe, expect, it } from 'vitest';
import { moscowDayText, moscowIsoDay } from './moscow-days';

describe('Moscow calendar days', () => {
  it('writes the day an instant falls on in Moscow (UTC+3), both ways', () => {
    const lateEvening = new Date('2026-03-31T21:30:00Z'); // 00:30 on 1 April in Moscow
    expect(moscowDayText(lateEvening)).toBe('01.04.2026');
    expect(moscowIsoDay(lateEvening)).toBe('2026-04-01');
    expect(moscowIsoDay(new Date('2026-12-31T20:59:59Z'))).toBe('2026-12-31');
  });
});
