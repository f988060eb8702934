import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TokenResponse } from '@b2b/contracts/auth';
import type { StoredTokens } from './token-storage';

let stored: StoredTokens = { accessToken: null, hasSession: false, expiresAt: null };
let refreshAnswer: TokenResponse | Error = new Error('invalid_grant');
let legacy: string | undefined;
const calls: string[] = [];

vi.mock('@/api/token-storage', () => ({
  readTokens: () => ({ ...stored }),
  saveTokens: (answer: TokenResponse) => {
    stored = { ...stored, accessToken: answer.access_token, expiresAt: Math.floor(Date.now() / 1000) + answer.expires_in };
  },
  clearTokens: () => {
    calls.push('clear');
    stored = { accessToken: null, hasSession: false, expiresAt: null };
  },
  legacyRefreshToken: () => legacy,
}));
vi.mock('@/api/oauth', () => ({
  requestGuestToken: async (): Promise<TokenResponse> => {
    calls.push('client_credentials');
    return { access_token: 'guest', token_type: 'Bearer', expires_in: 3600 };
  },
  requestRefreshedToken: async (legacyToken?: string): Promise<TokenResponse> => {
    calls.push(legacyToken ? `refresh:${legacyToken}` : 'refresh');
    if (refreshAnswer instanceof Error) throw refreshAnswer;
    return refreshAnswer;
  },
}));

const { getAccessToken, onSessionLost } = await import('./token-manager');
const now = () => Math.floor(Date.now() / 1000);

beforeEach(() => {
  calls.length = 0;
  stored = { accessToken: null, hasSession: false, expiresAt: null };
  refreshAnswer = new Error('invalid_grant');
  legacy = undefined;
});
afterEach(() => vi.unstubAllGlobals());

describe('getAccessToken (back-office.md §4 Session)', () => {
  it('takes a client-credentials token when there is none', async () => {
    expect(await getAccessToken()).toBe('guest');
    expect(calls).toEqual(['client_credentials']);
  });

  it('keeps a token with time left', async () => {
    stored = { accessToken: 'user', hasSession: true, expiresAt: now() + 3600 };
    expect(await getAccessToken()).toBe('user');
    expect(calls).toEqual([]);
  });

  it('refreshes a token about to expire', async () => {
    stored = { accessToken: 'user', hasSession: true, expiresAt: now() + 10 };
    refreshAnswer = { access_token: 'user2', token_type: 'Bearer', expires_in: 3600 };
    expect(await getAccessToken()).toBe('user2');
    expect(calls).toEqual(['refresh']);
  });

  it('clears the tokens and takes a client-credentials token when the refresh fails, telling the session', async () => {
    stored = { accessToken: 'user', hasSession: true, expiresAt: now() - 1 };
    const lost = vi.fn();
    const stop = onSessionLost(lost);
    expect(await getAccessToken()).toBe('guest');
    stop();
    expect(calls).toEqual(['refresh', 'clear', 'client_credentials']);
    expect(stored).toMatchObject({ accessToken: 'guest', hasSession: false });
    expect(lost).toHaveBeenCalledOnce();
  });

  it('shares one renewal among concurrent callers', async () => {
    stored = { accessToken: 'user', hasSession: true, expiresAt: now() - 1 };
    refreshAnswer = { access_token: 'user2', token_type: 'Bearer', expires_in: 3600 };
    expect(await Promise.all([getAccessToken(), getAccessToken(), getAccessToken()])).toEqual(['user2', 'user2', 'user2']);
    expect(calls).toEqual(['refresh']);
  });

  it('hands a refresh token an earlier version left readable to the server once, which moves it into its cookie', async () => {
    stored = { accessToken: 'user', hasSession: true, expiresAt: now() - 1 };
    legacy = 'old-readable';
    refreshAnswer = { access_token: 'user2', token_type: 'Bearer', expires_in: 3600 };
    expect(await getAccessToken()).toBe('user2');
    expect(calls).toEqual(['refresh:old-readable']);
  });

  it('refreshes while holding the cross-tab lock (Web Locks)', async () => {
    const held: string[] = [];
    vi.stubGlobal('navigator', {
      locks: {
        request: async (name: string, task: () => Promise<unknown>) => {
          held.push(name);
          return task();
        },
      },
    });
    stored = { accessToken: 'user', hasSession: true, expiresAt: now() - 1 };
    refreshAnswer = { access_token: 'user2', token_type: 'Bearer', expires_in: 3600 };
    expect(await getAccessToken()).toBe('user2');
    expect(held).toEqual(['b2b-token-refresh']);
  });

  it('after waiting for the lock, takes the token another tab refreshed instead of refreshing again', async () => {
    vi.stubGlobal('navigator', {
      locks: {
        request: async (_name: string, task: () => Promise<unknown>) => {
          // The other tab held the lock and saved its refreshed token in the shared cookies meanwhile.
          stored = { accessToken: 'from-other-tab', hasSession: true, expiresAt: now() + 3600 };
          return task();
        },
      },
    });
    stored = { accessToken: 'user', hasSession: true, expiresAt: now() - 1 };
    expect(await getAccessToken()).toBe('from-other-tab');
    expect(calls).toEqual([]);
  });
});
