import { describe, expect, it } from 'vitest';
import { parseEntityId } from './client-id';

describe('parseEntityId', () => {
  it('accepts positive integers', () => {
    expect(parseEntityId('42')).toBe(42);
  });
  it('refuses empty, zero, signed, fractional and non-numeric ids', () => {
    for (const raw of [undefined, '', '0', '-3', '1.5', 'abc', '12a', '99999999999999999999']) {
      expect(parseEntityId(raw), String(raw)).toBeNull();
    }
  });
});
