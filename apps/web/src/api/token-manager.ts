import { requestGuestToken, requestRefreshedToken } from '@/api/oauth';
import { needsRenewal } from '@/api/token-renewal';
import { clearTokens, readTokens, saveTokens } from '@/api/token-storage';

type Listener = () => void;
const lostListeners = new Set<Listener>();

/** Called when a signed-in session silently became a guest one (its refresh failed). */
export function onSessionLost(listener: Listener): () => void {
  lostListeners.add(listener);
  return () => lostListeners.delete(listener);
}

export async function obtainGuestToken(): Promise<string> {
  const answer = await requestGuestToken();
  saveTokens(answer);
  return answer.access_token;
}

let pendingRefresh: Promise<boolean> | null = null;

/** Uses the refresh token once, shared by concurrent callers. False when there is none or it is refused. */
export function refreshTokens(): Promise<boolean> {
  pendingRefresh ??= (async () => {
    const { refreshToken } = readTokens();
    if (!refreshToken) return false;
    try {
      saveTokens(await requestRefreshedToken(refreshToken));
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    pendingRefresh = null;
  });
  return pendingRefresh;
}

let pendingRenewal: Promise<string> | null = null;

/**
 * A usable access token: a guest one when there is none, a refreshed one shortly before expiry.
 * A failed refresh clears the tokens and takes a new client-credentials token (back-office.md §4).
 */
export function getAccessToken(): Promise<string> {
  const tokens = readTokens();
  if (tokens.accessToken && !needsRenewal(tokens, Date.now() / 1000)) return Promise.resolve(tokens.accessToken);
  pendingRenewal ??= (async () => {
    if (tokens.refreshToken) {
      if (await refreshTokens()) return readTokens().accessToken as string;
      clearTokens();
      const guest = await obtainGuestToken();
      lostListeners.forEach((listener) => listener());
      return guest;
    }
    return obtainGuestToken();
  })().finally(() => {
    pendingRenewal = null;
  });
  return pendingRenewal;
}
