import { WEB_SESSION, type TokenResponse } from '@b2b/contracts/auth';
import { getCookie, removeCookie, setCookie } from '@/shared/cookies';

/**
 * Cookie names; site-wide, a year at most. The refresh token is not among them: the server keeps it in an
 * HttpOnly cookie that scripts cannot read (WEB_SESSION) and sets the `has_session` marker beside it.
 */
export const TOKEN_COOKIES = {
  access: WEB_SESSION.accessCookie,
  /** When the access token expires, Unix seconds. */
  expiresAt: 'access_token_expires',
} as const;

/** Where earlier versions kept the refresh token, readable by scripts; the next refresh moves it to the server's cookie. */
const LEGACY_REFRESH_COOKIE = 'refresh_token';

export interface StoredTokens {
  accessToken: string | null;
  /** A signed-in session exists (its refresh token is in the HttpOnly cookie): a refresh may be tried. */
  hasSession: boolean;
  expiresAt: number | null;
}

export function readTokens(): StoredTokens {
  const expiresAt = Number(getCookie(TOKEN_COOKIES.expiresAt));
  return {
    accessToken: getCookie(TOKEN_COOKIES.access) ?? null,
    hasSession: getCookie(WEB_SESSION.markerCookie) === '1' || Boolean(getCookie(LEGACY_REFRESH_COOKIE)),
    expiresAt: Number.isFinite(expiresAt) && expiresAt > 0 ? expiresAt : null,
  };
}

/** A refresh token an earlier version left readable, to be handed to the server once. */
export const legacyRefreshToken = (): string | undefined => getCookie(LEGACY_REFRESH_COOKIE);

/** Stores a token answer; the server set (or, for a guest, left alone) the refresh cookie and its marker itself. */
export function saveTokens(answer: TokenResponse, nowMs = Date.now()): void {
  setCookie(TOKEN_COOKIES.access, answer.access_token);
  setCookie(TOKEN_COOKIES.expiresAt, String(Math.floor(nowMs / 1000) + answer.expires_in));
  removeCookie(LEGACY_REFRESH_COOKIE);
}

export function clearTokens(): void {
  for (const name of [...Object.values(TOKEN_COOKIES), WEB_SESSION.markerCookie, LEGACY_REFRESH_COOKIE]) removeCookie(name);
}
