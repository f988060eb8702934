import { describe, expect, it } from 'vitest';
import { contactName, contactPhone, currencySign, formatAmount, taxTypeLabel, yesNo } from './order-format';

describe('order formats', () => {
  it('shows money with its currency', () => {
    expect(formatAmount('1234567.891', 'RUB')).toBe('1 234 567,89 ₽');
    expect(formatAmount('5', null)).toBe('5,00 ₽');
    expect(formatAmount('10.5', 'KZT')).toBe('10,50 ₸');
    expect(formatAmount('10.5', 'CNY')).toBe('10,50 CNY');
    expect(formatAmount(null, 'RUB')).toBe('');
    expect(currencySign(undefined)).toBe('₽');
  });

  it('capitalises contact names and formats phones', () => {
    expect(contactName('  анна-мария   петрова ')).toBe('Анна-Мария Петрова');
    expect(contactName(null)).toBe('');
    expect(contactPhone('89123456789')).toBe('+7 (912) 345-67-89');
    expect(contactPhone('+7 912 345 67 89')).toBe('+7 (912) 345-67-89');
    expect(contactPhone('9123456789')).toBe('+7 (912) 345-67-89');
    expect(contactPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(contactPhone(null)).toBe('');
  });

  it('labels flags and tax types', () => {
    expect(yesNo('Y')).toBe('Да');
    expect(yesNo('N')).toBe('Нет');
    expect(taxTypeLabel('WITH_VAT')).toBe('С НДС');
    expect(taxTypeLabel('ODD')).toBe('ODD');
  });
});
