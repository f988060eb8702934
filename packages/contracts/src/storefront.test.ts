import { describe, expect, it } from 'vitest';
import { rubles } from './storefront';

describe('rubles', () => {
  it('groups thousands with spaces and writes two decimals after a comma', () => {
    expect(rubles('5000.00')).toBe('5 000,00');
    expect(rubles('1234567.5')).toBe('1 234 567,50');
    expect(rubles('999')).toBe('999,00');
    expect(rubles('-1200.05')).toBe('-1 200,05');
  });
});
