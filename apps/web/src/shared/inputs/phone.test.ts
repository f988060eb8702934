import { describe, expect, it } from 'vitest';
import { formatPhone, phoneDigits } from './phone';

describe('formatPhone', () => {
  it('formats a full number', () => {
    expect(formatPhone('89123456789')).toBe('+7 (912) 345-67-89');
    expect(formatPhone('+7 912 345 67 89')).toBe('+7 (912) 345-67-89');
    expect(formatPhone('9123456789')).toBe('+7 (912) 345-67-89');
  });
  it('formats while typing and is stable on its own output', () => {
    expect(formatPhone('9')).toBe('+7 (9');
    expect(formatPhone('+7 (9')).toBe('+7 (9');
    expect(formatPhone('912')).toBe('+7 (912)');
    expect(formatPhone('9123')).toBe('+7 (912) 3');
    expect(formatPhone('9123456')).toBe('+7 (912) 345-6');
    expect(formatPhone('912345678')).toBe('+7 (912) 345-67-8');
    expect(formatPhone(formatPhone('9123456789'))).toBe('+7 (912) 345-67-89');
  });
  it('drops extra digits and empty input', () => {
    expect(formatPhone('+7 (912) 345-67-890')).toBe('+7 (912) 345-67-89');
    expect(formatPhone('')).toBe('');
    expect(formatPhone('abc')).toBe('');
    expect(formatPhone('7')).toBe('+7');
  });
});

describe('phoneDigits', () => {
  it('gives the digits with the country code', () => {
    expect(phoneDigits('+7 (912) 345-67-89')).toBe('79123456789');
    expect(phoneDigits('8 912 345 67 89')).toBe('79123456789');
    expect(phoneDigits('')).toBe('');
  });
});
