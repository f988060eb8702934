import { describe, expect, it } from 'vitest';
import { buyerStorageKey, clearBuyerTokens, readBuyerTokens, saveBuyerTokens } from '@/features/storefront/api/buyer-tokens';

function memoryStore() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

const answer = (access: string, refresh?: string) => ({
  access_token: access,
  token_type: 'Bearer' as const,
  expires_in: 3600,
  refresh_token: refresh,
});

describe("a buyer's tokens", () => {
  it('are kept per shop link under a key of their own', () => {
    const store = memoryStore();
    saveBuyerTokens('Kancler', answer('a1', 'r1'), 1_000_000, store);
    expect([...store.data.keys()]).toEqual([buyerStorageKey('kancler')]);
    expect(readBuyerTokens('kancler', store)).toEqual({ accessToken: 'a1', refreshToken: 'r1', expiresAt: 1000 + 3600 });
    expect(readBuyerTokens('officemarket', store)).toBeNull();
  });

  it('keep the refresh token when an answer has none', () => {
    const store = memoryStore();
    saveBuyerTokens('kancler', answer('a1', 'r1'), 0, store);
    saveBuyerTokens('kancler', answer('a2'), 0, store);
    expect(readBuyerTokens('kancler', store)?.refreshToken).toBe('r1');
    expect(readBuyerTokens('kancler', store)?.accessToken).toBe('a2');
  });

  it('are cleared, and anything unreadable counts as none', () => {
    const store = memoryStore();
    saveBuyerTokens('kancler', answer('a1', 'r1'), 0, store);
    clearBuyerTokens('kancler', store);
    expect(readBuyerTokens('kancler', store)).toBeNull();
    store.setItem(buyerStorageKey('kancler'), '{not json');
    expect(readBuyerTokens('kancler', store)).toBeNull();
    store.setItem(buyerStorageKey('kancler'), JSON.stringify({ accessToken: 5 }));
    expect(readBuyerTokens('kancler', store)).toBeNull();
  });

  it('never touch the back office cookies', () => {
    const store = memoryStore();
    saveBuyerTokens('kancler', answer('a1', 'r1'), 0, store);
    expect(buyerStorageKey('kancler')).not.toMatch(/^(access_token|has_session|oauth_refresh)$/);
  });
});
