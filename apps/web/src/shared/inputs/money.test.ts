import { describe, expect, it } from 'vitest';
import { cleanMoneyInput } from './money';

describe('cleanMoneyInput', () => {
  it('keeps digits and at most 4 decimals', () => {
    expect(cleanMoneyInput('12a3,45678')).toBe('123.4567');
    expect(cleanMoneyInput('1 000.5')).toBe('1000.5');
    expect(cleanMoneyInput('100')).toBe('100');
    expect(cleanMoneyInput('')).toBe('');
  });
  it('keeps one decimal point and a trailing one while typing', () => {
    expect(cleanMoneyInput('12.')).toBe('12.');
    expect(cleanMoneyInput('1.2.3')).toBe('1.23');
    expect(cleanMoneyInput('.5')).toBe('0.5');
  });
  it('drops a minus sign', () => {
    expect(cleanMoneyInput('-15')).toBe('15');
  });
  it('takes another number of decimals', () => {
    expect(cleanMoneyInput('1.239', 2)).toBe('1.23');
    expect(cleanMoneyInput('1.239', 0)).toBe('1');
  });
});
