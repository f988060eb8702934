import { describe, expect, it } from 'vitest';
import { currencySign, formatAmount, formatCount, formatPercent, RU_STATISTIC } from './format-number';

describe('ru-RU numbers', () => {
  it('groups counts with a space', () => {
    expect(formatCount(2934)).toBe('2 934');
    expect(formatCount('1068')).toBe('1 068');
    expect(formatCount(628)).toBe('628');
    expect(formatCount(0)).toBe('0');
    expect(formatCount(-12345)).toBe('-12 345');
    expect(formatCount(null)).toBe('');
  });
  it('writes percents with a comma and a space before the sign', () => {
    expect(formatPercent('12.50')).toBe('12,5 %');
    expect(formatPercent(12.5)).toBe('12,5 %');
    expect(formatPercent('100.00')).toBe('100 %');
    expect(formatPercent(0)).toBe('0 %');
    expect(formatPercent('-5.25')).toBe('-5,25 %');
    expect(formatPercent('1234.5')).toBe('1 234,5 %');
    expect(formatPercent('33.333', 1)).toBe('33,3 %');
    expect(formatPercent(undefined)).toBe('');
  });
  it('writes money with two decimals and its currency', () => {
    expect(formatAmount('29971570.67')).toBe('29 971 570,67 ₽');
    expect(formatAmount('82.36', 'USD')).toBe('82,36 $');
    expect(formatAmount(5, 'RUB')).toBe('5,00 ₽');
    expect(formatAmount(null)).toBe('');
    expect(currencySign('EUR')).toBe('€');
    expect(currencySign('CNY')).toBe('CNY');
  });
  it("gives antd's Statistic the ru-RU separators", () => {
    expect(RU_STATISTIC).toEqual({ groupSeparator: ' ', decimalSeparator: ',' });
  });
});
