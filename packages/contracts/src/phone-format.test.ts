import { describe, expect, it } from 'vitest';
import { formatPhone, russianPhoneDigits } from './phone-format';

describe('formatPhone', () => {
  it('formats a Russian number however it was stored', () => {
    for (const stored of ['79261182745', '89261182745', '9261182745', '+7 926 118 27 45', '+7 (926) 118-27-45', ' 8-926-118-27-45 ']) {
      expect(formatPhone(stored)).toBe('+7 (926) 118-27-45');
    }
  });
  it('keeps a text that is not a Russian number as typed', () => {
    expect(formatPhone('+380 44 123 45 67')).toBe('+380 44 123 45 67');
    expect(formatPhone('+8 926 118 27 45')).toBe('+8 926 118 27 45');
    expect(formatPhone('79261182745 доб. 12')).toBe('79261182745 доб. 12');
    expect(formatPhone(' 12345 ')).toBe('12345');
  });
  it('gives an empty text for none', () => {
    expect(formatPhone(null)).toBe('');
    expect(formatPhone(undefined)).toBe('');
    expect(formatPhone('')).toBe('');
  });
  it('finds the ten digits of a Russian number only', () => {
    expect(russianPhoneDigits('8 (926) 118-27-45')).toBe('9261182745');
    expect(russianPhoneDigits('+1 926 118 27 45')).toBeUndefined();
  });
});
