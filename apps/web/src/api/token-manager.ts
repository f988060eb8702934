import { requestGuestToken, requestRefreshedToken } from '@/api/oauth';
import { needsRenewal } from '@/api/token-renewal';
import { clearTokens, legacyRefreshToken, readTokens, saveTokens } from '@/api/token-storage';

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

/** The Web Locks name that serialises token refreshes across the tabs of the browser. */
export const REFRESH_LOCK = 'b2b-token-refresh';

/**
 * Runs `task` while holding the cross-tab refresh lock. Without the Web Locks API only this tab's own single
 * refresh (pendingRefresh) serialises it; the server then answers a token presented twice within seconds the same
 * successor, so even two tabs at once do not end the session.
 */
async function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks?.request ? await locks.request(REFRESH_LOCK, task) : task();
}

let pendingRefresh: Promise<boolean> | null = null;

/**
 * Uses the refresh cookie once, shared by concurrent callers of this tab and serialised with the other tabs.
 * A tab that waited for the lock first re-reads the token cookie: when another tab refreshed meanwhile, its fresh
 * token is used instead of refreshing again. False when there is no session or the refresh is refused.
 */
export function refreshTokens(): Promise<boolean> {
  const seen = readTokens().accessToken;
  pendingRefresh ??= withRefreshLock(async () => {
    const tokens = readTokens();
    if (tokens.accessToken && tokens.accessToken !== seen && !needsRenewal(tokens, Date.now() / 1000)) return true;
    if (!tokens.hasSession) return false;
    try {
      saveTokens(await requestRefreshedToken(legacyRefreshToken()));
      return true;
    } catch {
      return false;
    }
  }).finally(() => {
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
    if (tokens.hasSession) {
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
