import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TokenResponse } from '@b2b/contracts/auth';
import type { StoredTokens } from './token-storage';

let stored: StoredTokens = { accessToken: null, refreshToken: null, expiresAt: null };
let refreshAnswer: TokenResponse | Error = new Error('invalid_grant');
const calls: string[] = [];

vi.mock('@/api/token-storage', () => ({
  readTokens: () => ({ ...stored }),
  saveTokens: (answer: TokenResponse) => {
    stored = {
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token ?? null,
      expiresAt: Math.floor(Date.now() / 1000) + answer.expires_in,
    };
  },
  clearTokens: () => {
    calls.push('clear');
    stored = { accessToken: null, refreshToken: null, expiresAt: null };
  },
}));
vi.mock('@/api/oauth', () => ({
  requestGuestToken: async (): Promise<TokenResponse> => {
    calls.push('client_credentials');
    return { access_token: 'guest', token_type: 'Bearer', expires_in: 3600 };
  },
  requestRefreshedToken: async (token: string): Promise<TokenResponse> => {
    calls.push(`refresh:${token}`);
    if (refreshAnswer instanceof Error) throw refreshAnswer;
    return refreshAnswer;
  },
}));

const { getAccessToken, onSessionLost } = await import('./token-manager');
const now = () => Math.floor(Date.now() / 1000);

beforeEach(() => {
  calls.length = 0;
  stored = { accessToken: null, refreshToken: null, expiresAt: null };
  refreshAnswer = new Error('invalid_grant');
});

describe('getAccessToken (back-office.md §4 Session)', () => {
  it('takes a client-credentials token when there is none', async () => {
    expect(await getAccessToken()).toBe('guest');
    expect(calls).toEqual(['client_credentials']);
  });

  it('keeps a token with time left', async () => {
    stored = { accessToken: 'user', refreshToken: 'r1', expiresAt: now() + 3600 };
    expect(await getAccessToken()).toBe('user');
    expect(calls).toEqual([]);
  });

  it('refreshes a token about to expire', async () => {
    stored = { accessToken: 'user', refreshToken: 'r1', expiresAt: now() + 10 };
    refreshAnswer = { access_token: 'user2', refresh_token: 'r2', token_type: 'Bearer', expires_in: 3600 };
    expect(await getAccessToken()).toBe('user2');
    expect(stored.refreshToken).toBe('r2');
  });

  it('clears the tokens and takes a client-credentials token when the refresh fails, telling the session', async () => {
    stored = { accessToken: 'user', refreshToken: 'r1', expiresAt: now() - 1 };
    const lost = vi.fn();
    const stop = onSessionLost(lost);
    expect(await getAccessToken()).toBe('guest');
    stop();
    expect(calls).toEqual(['refresh:r1', 'clear', 'client_credentials']);
    expect(stored).toMatchObject({ accessToken: 'guest', refreshToken: null });
    expect(lost).toHaveBeenCalledOnce();
  });

  it('shares one renewal among concurrent callers', async () => {
    stored = { accessToken: 'user', refreshToken: 'r1', expiresAt: now() - 1 };
    refreshAnswer = { access_token: 'user2', refresh_token: 'r2', token_type: 'Bearer', expires_in: 3600 };
    expect(await Promise.all([getAccessToken(), getAccessToken(), getAccessToken()])).toEqual(['user2', 'user2', 'user2']);
    expect(calls).toEqual(['refresh:r1']);
  });
});
