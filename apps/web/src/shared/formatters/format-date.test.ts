import { afterEach, describe, expect, it } from 'vitest';
import { displayTimeZone, formatDate, formatDateTime, setDisplayTimeZone } from './format-date';

const seconds = (iso: string) => Date.parse(iso) / 1000;

afterEach(() => setDisplayTimeZone(null));

describe('formatDate', () => {
  it("formats Unix seconds as dd.MM.yyyy in the shop's zone (Moscow by default)", () => {
    expect(displayTimeZone()).toBe('Europe/Moscow');
    expect(formatDate(seconds('2024-01-05T00:00:00+03:00'))).toBe('05.01.2024');
    expect(formatDate(seconds('1999-12-31T23:59:00+03:00'))).toBe('31.12.1999');
    // 22:30 UTC is already the next day in Moscow.
    expect(formatDate(seconds('2024-03-01T22:30:00Z'))).toBe('02.03.2024');
  });
  it('accepts a numeric string', () => {
    expect(formatDate(String(seconds('2023-07-14T12:00:00+03:00')))).toBe('14.07.2023');
  });
  it('gives an empty text for a missing or broken date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('abc')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('formats Unix seconds as dd.MM.yyyy HH:mm', () => {
    expect(formatDateTime(seconds('2024-02-29T09:07:00+03:00'))).toBe('29.02.2024 09:07');
    expect(formatDateTime(seconds('2024-10-01T18:30:00+03:00'))).toBe('01.10.2024 18:30');
  });
  it("follows the shop's zone once set: the same instant the export writes (02:20 in Moscow, 06:20 in Novosibirsk)", () => {
    const at = seconds('2026-03-01T23:20:00Z');
    expect(formatDateTime(at)).toBe('02.03.2026 02:20');
    setDisplayTimeZone('Asia/Novosibirsk');
    expect(formatDateTime(at)).toBe('02.03.2026 06:20');
    setDisplayTimeZone('Not/AZone');
    expect(formatDateTime(at)).toBe('02.03.2026 02:20');
  });
  it('gives an empty text for a missing date', () => {
    expect(formatDateTime(null)).toBe('');
  });
});
