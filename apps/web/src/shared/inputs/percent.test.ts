import { describe, expect, it } from 'vitest';
import { cleanPercentInput } from './percent';

describe('cleanPercentInput', () => {
  it('allows 3 integer digits and 2 fraction digits', () => {
    expect(cleanPercentInput('1234.567')).toBe('123.56');
    expect(cleanPercentInput('15,5')).toBe('15.5');
    expect(cleanPercentInput('100')).toBe('100');
    expect(cleanPercentInput('7.')).toBe('7.');
  });
  it('allows 2 integer digits for a negative value', () => {
    expect(cleanPercentInput('-123')).toBe('-12');
    expect(cleanPercentInput('-99.999')).toBe('-99.99');
    expect(cleanPercentInput('-')).toBe('-');
  });
  it('drops letters and a minus inside the value', () => {
    expect(cleanPercentInput('1a2-3')).toBe('123');
    expect(cleanPercentInput('.5')).toBe('0.5');
    expect(cleanPercentInput('')).toBe('');
  });
  it('can forbid negative values', () => {
    expect(cleanPercentInput('-50', false)).toBe('50');
  });
});
