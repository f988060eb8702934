import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckResponse } from '@b2b/contracts/auth';

const calls: string[] = [];
const checks: CheckResponse['STATUS'][] = [];
let refreshWorks = false;
let reloadAllowed = true;

vi.mock('@/api/auth-api', () => ({
  fetchCheck: vi.fn(async () => {
    const status = checks.shift() ?? 'valid';
    calls.push(`check:${status}`);
    return { STATUS: status, isInvalid: status === 'invalid' } as CheckResponse;
  }),
}));
vi.mock('@/api/token-manager', () => ({
  getAccessToken: vi.fn(async () => 'token'),
  refreshTokens: vi.fn(async () => {
    calls.push('refresh');
    return refreshWorks;
  }),
  obtainGuestToken: vi.fn(async () => {
    calls.push('guest');
    return 'guest';
  }),
}));
vi.mock('@/api/token-storage', () => ({ clearTokens: vi.fn(() => calls.push('clear')) }));
vi.mock('@/api/page-reload', () => ({
  reloadAfterTokenReset: vi.fn(() => {
    calls.push('reload');
    return reloadAllowed;
  }),
}));

const { bootSession } = await import('./session-boot');

const settled = <T>(promise: Promise<T>) =>
  Promise.race([promise.then(() => 'settled'), new Promise((resolve) => setTimeout(() => resolve('pending'), 30))]);

beforeEach(() => {
  calls.length = 0;
  checks.length = 0;
  refreshWorks = false;
  reloadAllowed = true;
});

describe('bootSession (back-office.md §4 Session)', () => {
  it('keeps a valid token', async () => {
    checks.push('valid');
    expect((await bootSession()).STATUS).toBe('valid');
    expect(calls).toEqual(['check:valid']);
  });

  it('refreshes an expired token', async () => {
    checks.push('expired', 'valid');
    refreshWorks = true;
    await bootSession();
    expect(calls).toEqual(['check:expired', 'refresh', 'check:valid']);
  });

  it('clears the tokens and takes a client-credentials token when the refresh fails', async () => {
    checks.push('expired', 'valid');
    await bootSession();
    expect(calls).toEqual(['check:expired', 'refresh', 'clear', 'guest', 'check:valid']);
  });

  it('clears an invalid token and reloads the page, waiting for the reload', async () => {
    checks.push('invalid');
    expect(await settled(bootSession())).toBe('pending');
    expect(calls).toEqual(['check:invalid', 'clear', 'reload']);
  });

  it('goes on as a guest when a reload just happened', async () => {
    checks.push('invalid', 'valid');
    reloadAllowed = false;
    await bootSession();
    expect(calls).toEqual(['check:invalid', 'clear', 'reload', 'guest', 'check:valid']);
  });
});
