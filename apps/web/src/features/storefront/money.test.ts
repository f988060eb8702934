import { describe, expect, it } from 'vitest';
import { addMoney, amountLeft, formatPrice, isZero, lineSum } from '@/features/storefront/money';

describe('shop money', () => {
  it('formats with the currency sign', () => {
    expect(formatPrice('1234.5')).toBe('1 234,50 ₽');
    expect(formatPrice('0')).toBe('0,00 ₽');
    expect(formatPrice('10', 'USD')).toBe('10,00 $');
    expect(formatPrice('10', 'XYZ')).toBe('10,00 XYZ');
    expect(formatPrice(null)).toBe('');
  });

  it('multiplies a price by a quantity exactly', () => {
    expect(lineSum('0.10', 3)).toBe('0.30');
    expect(lineSum('19.99', 12)).toBe('239.88');
    expect(lineSum('5.00', 0)).toBe('0.00');
  });

  it('tells what is left to a sum', () => {
    expect(amountLeft('4000.00', '5000.00')).toBe('1000.00');
    expect(amountLeft('5000.00', '5000.00')).toBeNull();
    expect(amountLeft('6000', '5000.00')).toBeNull();
    expect(amountLeft('100', null)).toBeNull();
  });

  it('adds and compares amounts', () => {
    expect(addMoney('0.10', '0.20')).toBe('0.30');
    expect(addMoney('4999.99', '700.00')).toBe('5699.99');
    expect(isZero('0.00')).toBe(true);
    expect(isZero('0.01')).toBe(false);
  });
});
