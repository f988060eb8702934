import { describe, expect, it } from 'vitest';
import { needsRenewal } from './token-renewal';

describe('needsRenewal', () => {
  const now = 1_700_000_000;
  it('renews when there is no access token', () => {
    expect(needsRenewal({ accessToken: null, expiresAt: now + 3600 }, now)).toBe(true);
  });
  it('renews shortly before expiry and after it', () => {
    expect(needsRenewal({ accessToken: 't', expiresAt: now + 30 }, now)).toBe(true);
    expect(needsRenewal({ accessToken: 't', expiresAt: now - 1 }, now)).toBe(true);
  });
  it('keeps a token with time left or an unknown expiry', () => {
    expect(needsRenewal({ accessToken: 't', expiresAt: now + 3600 }, now)).toBe(false);
    expect(needsRenewal({ accessToken: 't', expiresAt: null }, now)).toBe(false);
  });
});
