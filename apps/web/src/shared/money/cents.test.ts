import { describe, expect, it } from 'vitest';
import { centsOf, moneyOfCents } from './cents';

describe('cents', () => {
  it('reads the server money strings exactly', () => {
    expect(centsOf('1234.50')).toBe(123450n);
    expect(centsOf('0.1')).toBe(10n);
    expect(centsOf('7')).toBe(700n);
    expect(centsOf('-3.05')).toBe(-305n);
  });

  it('adds without the float drift', () => {
    const sum = ['0.10', '0.20'].reduce((s, v) => s + centsOf(v), 0n);
    expect(moneyOfCents(sum)).toBe('0.30');
    expect(moneyOfCents(centsOf('19.99') * 3n)).toBe('59.97');
    expect(moneyOfCents(-305n)).toBe('-3.05');
  });

  it('refuses what is not money', () => {
    expect(() => centsOf('1,5')).toThrow();
    expect(() => centsOf('1.005')).toThrow();
    expect(() => centsOf('')).toThrow();
  });
});
