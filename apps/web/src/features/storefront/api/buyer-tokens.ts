import type { TokenResponse } from '@b2b/contracts/auth';

/*
 * A buyer's session in a shop, kept apart from the back office's (whose access token is a cookie and whose refresh
 * token is the server's HttpOnly cookie): each shop link has its own entry of localStorage holding the buyer's
 * access token, its expiry and the refresh token the token endpoint answers in JSON when the web does not ask for
 * the cookie. Signing in or out of a shop never touches a staff session open in the same browser.
 */

export interface BuyerTokens {
  accessToken: string;
  refreshToken: string | null;
  /** When the access token expires, Unix seconds. */
  expiresAt: number;
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const PREFIX = 'b2b-shop-session:';

/** The storage entry of a shop's buyer session. */
export const buyerStorageKey = (shopLink: string): string => `${PREFIX}${shopLink.toLowerCase()}`;

const browserStore = (): KeyValueStore | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

export function readBuyerTokens(shopLink: string, store: KeyValueStore | null = browserStore()): BuyerTokens | null {
  const raw = store?.getItem(buyerStorageKey(shopLink));
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<BuyerTokens>;
    if (typeof value.accessToken !== 'string' || !value.accessToken || typeof value.expiresAt !== 'number') return null;
    return {
      accessToken: value.accessToken,
      refreshToken: typeof value.refreshToken === 'string' ? value.refreshToken : null,
      expiresAt: value.expiresAt,
    };
  } catch {
    return null;
  }
}

/** Stores a token answer; an answer without a refresh token keeps the one stored. */
export function saveBuyerTokens(shopLink: string, answer: TokenResponse, nowMs = Date.now(), store: KeyValueStore | null = browserStore()): void {
  const refreshToken = answer.refresh_token ?? readBuyerTokens(shopLink, store)?.refreshToken ?? null;
  const tokens: BuyerTokens = { accessToken: answer.access_token, refreshToken, expiresAt: Math.floor(nowMs / 1000) + answer.expires_in };
  store?.setItem(buyerStorageKey(shopLink), JSON.stringify(tokens));
}

export function clearBuyerTokens(shopLink: string, store: KeyValueStore | null = browserStore()): void {
  store?.removeItem(buyerStorageKey(shopLink));
}
