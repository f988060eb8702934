import type { TokenResponse } from '@b2b/contracts/auth';
import { getCookie, removeCookie, setCookie } from '@/shared/cookies';

/** Cookie names; site-wide, a year at most. */
export const TOKEN_COOKIES = {
  access: 'access_token',
  refresh: 'refresh_token',
  /** When the access token expires, Unix seconds. */
  expiresAt: 'access_token_expires',
} as const;

export interface StoredTokens {
  accessToken: string | null;
  refreshToken: string | null;
  expiresAt: number | null;
}

export function readTokens(): StoredTokens {
  const expiresAt = Number(getCookie(TOKEN_COOKIES.expiresAt));
  return {
    accessToken: getCookie(TOKEN_COOKIES.access) ?? null,
    refreshToken: getCookie(TOKEN_COOKIES.refresh) ?? null,
    expiresAt: Number.isFinite(expiresAt) && expiresAt > 0 ? expiresAt : null,
  };
}

/** Stores a token answer. A guest (client-credentials) answer has no refresh token, so none is kept. */
export function saveTokens(answer: TokenResponse, nowMs = Date.now()): void {
  setCookie(TOKEN_COOKIES.access, answer.access_token);
  setCookie(TOKEN_COOKIES.expiresAt, String(Math.floor(nowMs / 1000) + answer.expires_in));
  if (answer.refresh_token) setCookie(TOKEN_COOKIES.refresh, answer.refresh_token);
  else removeCookie(TOKEN_COOKIES.refresh);
}

export function clearTokens(): void {
  for (const name of Object.values(TOKEN_COOKIES)) removeCookie(name);
}
