import { describe, expect, it } from 'vitest';
import { cleanPercentInput } from '@/shared/inputs/percent';
import { formatPercent, isPercent } from './percent-text';

describe('formatPercent', () => {
  it('shows a percent of the API without trailing zeros, with a comma', () => {
    expect(formatPercent('10.00')).toBe('10');
    expect(formatPercent('-5.50')).toBe('-5,5');
    expect(formatPercent('12.25')).toBe('12,25');
    expect(formatPercent('0.00')).toBe('0');
    expect(formatPercent(null)).toBe('');
  });
});

describe('the percent input (§5)', () => {
  it('takes up to 3 integer digits (2 for a negative) and 2 decimals, a comma or a dot', () => {
    for (const ok of ['0', '10', '999', '-99', '12,5', '12.25', '-5,55']) expect(isPercent(ok)).toBe(true);
    for (const bad of ['', '-', '1000', '-100', '12.345', '12,', 'abc', '1,2,3']) expect(isPercent(bad)).toBe(false);
  });
  it('is typed into a value the server takes', () => {
    expect(isPercent(cleanPercentInput('1234,567'))).toBe(true);
    expect(cleanPercentInput('-123,456')).toBe('-12.45');
    expect(isPercent(cleanPercentInput('-123,456'))).toBe(true);
  });
});
