/** Renew this many seconds before the access token expires. */
export const RENEW_BEFORE_SECONDS = 60;

/** True when there is no access token or it expires within `skewSeconds` (an unknown expiry counts as valid). */
export function needsRenewal(
  tokens: { accessToken: string | null; expiresAt: number | null },
  nowSeconds: number,
  skewSeconds = RENEW_BEFORE_SECONDS,
): boolean {
  if (!tokens.accessToken) return true;
  return tokens.expiresAt !== null && tokens.expiresAt - skewSeconds <= nowSeconds;
}
