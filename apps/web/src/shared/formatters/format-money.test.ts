import { describe, expect, it } from 'vitest';
import { formatMoney } from './format-money';

describe('formatMoney', () => {
  it('groups thousands with a space and shows two decimals', () => {
    expect(formatMoney(1234567.5)).toBe('1 234 567,50');
    expect(formatMoney(5)).toBe('5,00');
    expect(formatMoney(0)).toBe('0,00');
    expect(formatMoney(999)).toBe('999,00');
    expect(formatMoney(1000)).toBe('1 000,00');
  });

  it('rounds decimal strings without binary floats', () => {
    expect(formatMoney('1.005')).toBe('1,01');
    expect(formatMoney('2.675')).toBe('2,68');
    expect(formatMoney('0.125')).toBe('0,13');
    expect(formatMoney('99999999999999999.995')).toBe('100 000 000 000 000 000,00');
    expect(formatMoney('12345678901234567890.12')).toBe('12 345 678 901 234 567 890,12');
  });

  it('carries a rounding through every digit', () => {
    expect(formatMoney('999.996')).toBe('1 000,00');
    expect(formatMoney('9.999')).toBe('10,00');
  });

  it('keeps the sign, but not on a value that rounds to zero', () => {
    expect(formatMoney('-1234.5')).toBe('-1 234,50');
    expect(formatMoney(-0.001)).toBe('0,00');
    expect(formatMoney('-0.004')).toBe('0,00');
  });

  it('accepts numbers that print in exponent form', () => {
    expect(formatMoney(1e-7)).toBe('0,00');
    expect(formatMoney(1.5e20)).toBe('150 000 000 000 000 000 000,00');
  });

  it('accepts strings with spaces, a comma, leading zeros or no integer part', () => {
    expect(formatMoney(' 1 234,5 ')).toBe('1 234,50');
    expect(formatMoney('007.1')).toBe('7,10');
    expect(formatMoney('.5')).toBe('0,50');
    expect(formatMoney('12.')).toBe('12,00');
  });

  it('gives an empty text for nothing and returns other text unchanged', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(undefined)).toBe('');
    expect(formatMoney('')).toBe('');
    expect(formatMoney(Number.NaN)).toBe('');
    expect(formatMoney('abc')).toBe('abc');
    expect(formatMoney('.')).toBe('.');
  });

  it('supports another number of decimals', () => {
    expect(formatMoney('1234.56789', 4)).toBe('1 234,5679');
    expect(formatMoney('1234.5', 0)).toBe('1 235');
  });
});
