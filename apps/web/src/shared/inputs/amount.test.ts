import { describe, expect, it } from 'vitest';
import { cleanAmount } from './amount';

describe('cleanAmount', () => {
  it('removes every kind of space', () => {
    expect(cleanAmount(' 1 234 567,89 ')).toBe('1234567,89');
    expect(cleanAmount('1\u00a0000\u202f000')).toBe('1000000');
    expect(cleanAmount('12')).toBe('12');
  });
});
