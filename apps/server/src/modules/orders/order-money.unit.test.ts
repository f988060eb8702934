import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { excelNumber, inOrderCurrency, money } from './order-money';

describe('money', () => {
  it('answers a string already written with two decimals as it is', () => {
    expect(money('1234.50')).toBe('1234.50');
    expect(money('0.00')).toBe('0.00');
    expect(money('-17.05')).toBe('-17.05');
  });

  it('writes anything else with two decimals, half up', () => {
    expect(money('12.5')).toBe('12.50');
    expect(money('1.005')).toBe('1.01');
    expect(money('-1.005')).toBe('-1.01');
    expect(money('007.00')).toBe('7.00');
    expect(money('-0.00')).toBe('0.00');
    expect(money('1e3')).toBe('1000.00');
    expect(money(3)).toBe('3.00');
    expect(money(new Decimal('2.345'))).toBe('2.35');
  });
});

describe('inOrderCurrency', () => {
  it('divides by the rate for another currency, exactly', () => {
    expect(money(inOrderCurrency('1000.00', 'USD', '92.5'))).toBe('10.81');
  });

  it('leaves the amount as it is in roubles, or without a usable rate', () => {
    expect(inOrderCurrency('1000.00', 'RUB', '92.5')).toBe('1000.00');
    expect(money(inOrderCurrency('1000.00', 'USD', null))).toBe('1000.00');
    expect(money(inOrderCurrency('1000.00', 'USD', '0'))).toBe('1000.00');
  });
});

describe('excelNumber', () => {
  it('rounds the decimal half up to kopecks before the number is made (float arithmetic would not)', () => {
    // 1.005 is 1.00499999999999989… as a double: rounding the float gives 1, the decimal 1.01.
    expect(Math.round(1.005 * 100) / 100).toBe(1);
    expect(excelNumber('1.005')).toBe(1.01);
    expect(excelNumber('10125.0000')).toBe(10125);
    expect(excelNumber(new Decimal('197.025').mul(3))).toBe(591.08);
    expect(excelNumber('999999999.9849')).toBe(999999999.98);
  });
});
