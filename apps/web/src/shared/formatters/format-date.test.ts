import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-date';

const seconds = (...parts: [number, number, number, number?, number?]) =>
  new Date(parts[0], parts[1], parts[2], parts[3] ?? 0, parts[4] ?? 0).getTime() / 1000;

describe('formatDate', () => {
  it('formats Unix seconds as dd.MM.yyyy', () => {
    expect(formatDate(seconds(2024, 0, 5))).toBe('05.01.2024');
    expect(formatDate(seconds(1999, 11, 31, 23, 59))).toBe('31.12.1999');
  });
  it('accepts a numeric string', () => {
    expect(formatDate(String(seconds(2023, 6, 14)))).toBe('14.07.2023');
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
    expect(formatDateTime(seconds(2024, 1, 29, 9, 7))).toBe('29.02.2024 09:07');
    expect(formatDateTime(seconds(2024, 9, 1, 18, 30))).toBe('01.10.2024 18:30');
  });
  it('gives an empty text for a missing date', () => {
    expect(formatDateTime(null)).toBe('');
  });
});
