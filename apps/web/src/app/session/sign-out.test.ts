import { afterEach, describe, expect, it, vi } from 'vitest';
import { SAVED_STATE_COOKIES } from '@b2b/contracts/limits';

const removed: string[] = [];
const calls: string[] = [];

vi.mock('@/shared/cookies', () => ({ removeCookie: vi.fn((name: string) => removed.push(name)) }));
vi.mock('@/api/oauth', () => ({ revokeToken: vi.fn(async (token: string | null) => calls.push(`revoke:${token}`)) }));
vi.mock('@/api/token-storage', () => ({
  readTokens: vi.fn(() => ({ accessToken: 'a', hasSession: true, expiresAt: null })),
  clearTokens: vi.fn(() => calls.push('clear')),
}));
vi.mock('@/api/token-manager', () => ({ obtainGuestToken: vi.fn(async () => calls.push('guest')) }));

const { signOutAndLeave } = await import('./sign-out');

afterEach(() => vi.unstubAllGlobals());

describe('signOutAndLeave (back-office.md §4: logout clears saved status cookies)', () => {
  it('revokes the session (its refresh cookie too), clears the tokens and the saved list state, then opens /login', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { assign });
    await signOutAndLeave();
    expect(calls).toEqual(['revoke:a', 'clear', 'guest']);
    expect(removed).toEqual([...SAVED_STATE_COOKIES]);
    expect(removed).toEqual(expect.arrayContaining(['columnId', 'pricelistId', 'params_clients']));
    expect(assign).toHaveBeenCalledWith('/login');
  });
});
