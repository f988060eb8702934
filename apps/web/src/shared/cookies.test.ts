import { describe, expect, it } from 'vitest';
import { cookieAttributes } from './cookies';

describe('cookieAttributes', () => {
  it('keeps site-wide cookies a year', () => {
    expect(cookieAttributes('site', false)).toEqual({ path: '/', expires: 365, sameSite: 'Lax', secure: false });
  });
  it('keeps partner-area cookies a month, readable from every page of the app', () => {
    expect(cookieAttributes('partner', true)).toEqual({ path: '/', expires: 30, sameSite: 'Lax', secure: true });
  });
});
