import type { CheckResponse, TokenResponse } from '@b2b/contracts/auth';
import { MSG } from '@b2b/contracts/messages';
import { ApiError, isApiError } from '@/api/api-error';
import type { Fields } from '@/api/form-encoding';
import { httpRequest, type HttpMethod } from '@/api/http-request';
import { oauthClient } from '@/api/oauth';
import { reportServerError } from '@/api/server-error-events';
import { needsRenewal } from '@/api/token-renewal';
import { clearBuyerTokens, readBuyerTokens, saveBuyerTokens } from '@/features/storefront/api/buyer-tokens';

/*
 * The shop's calls with the buyer's token (buyer-tokens.ts). The token endpoint is asked without the web session's
 * cookie header, so the refresh token comes back in the answer and the back office's cookies stay as they are.
 */

const TOKEN_PATH = '/v3/oauth/token/';

const tokenCall = (body: Record<string, string | undefined>) =>
  httpRequest<TokenResponse>({ method: 'POST', path: TOKEN_PATH, body: { ...body, ...oauthClient } });

type Listener = (shopLink: string) => void;
const endedListeners = new Set<Listener>();

/** Told when a shop's buyer session ends by itself (its token refused, its refresh failed). */
export function onBuyerSessionEnded(listener: Listener): () => void {
  endedListeners.add(listener);
  return () => endedListeners.delete(listener);
}

function endSession(shopLink: string): void {
  clearBuyerTokens(shopLink);
  endedListeners.forEach((listener) => listener(shopLink));
}

const lockName = (shopLink: string) => `b2b-shop-refresh:${shopLink.toLowerCase()}`;

async function withLock<T>(shopLink: string, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks?.request ? await locks.request(lockName(shopLink), task) : task();
}

const pendingRefresh = new Map<string, Promise<boolean>>();

/**
 * Uses the refresh token once (serialised across the tabs; a tab that waited takes the token another one got
 * meanwhile). False when there is none or it is refused.
 */
function refreshBuyer(shopLink: string): Promise<boolean> {
  const seen = readBuyerTokens(shopLink)?.accessToken;
  let pending = pendingRefresh.get(shopLink);
  if (!pending) {
    pending = withLock(shopLink, async () => {
      const tokens = readBuyerTokens(shopLink);
      if (!tokens) return false;
      if (tokens.accessToken !== seen && !needsRenewal(tokens, Date.now() / 1000)) return true;
      if (!tokens.refreshToken) return false;
      try {
        saveBuyerTokens(shopLink, await tokenCall({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken }));
        return true;
      } catch {
        return false;
      }
    }).finally(() => pendingRefresh.delete(shopLink));
    pendingRefresh.set(shopLink, pending);
  }
  return pending;
}

const signedOut = () => new ApiError('http', 401, 'Unauthorized', { error: 'invalid_token', error_description: MSG.tokenRequired });

/** The buyer's usable access token, refreshed shortly before it expires; null when there is no session. */
async function buyerToken(shopLink: string): Promise<string | null> {
  const tokens = readBuyerTokens(shopLink);
  if (!tokens) return null;
  if (!needsRenewal(tokens, Date.now() / 1000)) return tokens.accessToken;
  if (await refreshBuyer(shopLink)) return readBuyerTokens(shopLink)?.accessToken ?? null;
  endSession(shopLink);
  return null;
}

export interface BuyerRequest {
  query?: Fields;
  body?: Fields;
  signal?: AbortSignal;
  /** No server-error modal: the caller shows the failure. */
  silent?: boolean;
  /** A file (the commercial offer's PDF) instead of JSON. */
  responseType?: 'json' | 'blob';
}

/**
 * A call with the buyer's token: an expired token is refreshed and the call tried once more; a refused session
 * ends (the shop shows its sign-in); a 5xx opens the app's server-error modal.
 */
export async function buyerRequest<T>(shopLink: string, method: HttpMethod, path: string, options: BuyerRequest = {}): Promise<T> {
  const send = (accessToken: string) => httpRequest<T>({ method, path, accessToken, ...options });
  try {
    const token = await buyerToken(shopLink);
    if (!token) throw signedOut();
    try {
      return await send(token);
    } catch (error) {
      if (isApiError(error) && error.isExpiredToken && (await refreshBuyer(shopLink))) {
        return await send(readBuyerTokens(shopLink)?.accessToken ?? '');
      }
      throw error;
    }
  } catch (error) {
    if (isApiError(error) && error.status === 401) endSession(shopLink);
    else if (isApiError(error) && error.status >= 500 && !options.silent) reportServerError(error);
    throw error;
  }
}

/** Signs a buyer in to the shop (`domain` = its link) and stores the tokens. */
export async function signInBuyer(shopLink: string, username: string, password: string): Promise<void> {
  saveBuyerTokens(shopLink, await tokenCall({ grant_type: 'password', username, password, domain: shopLink }));
}

/** Tokens another proof gave (the registration confirmation link). */
export const keepBuyerTokens = (shopLink: string, answer: TokenResponse) => saveBuyerTokens(shopLink, answer);

const CHECK_PATH = '/v3/api/utils/check/';

/**
 * Who the buyer's token belongs to (GET /v3/api/utils/check/, which answers a bad token with its status rather than
 * a 401): an expired token is refreshed once, an invalid one ends the session.
 */
export async function checkBuyer(shopLink: string): Promise<CheckResponse> {
  let check = await buyerRequest<CheckResponse>(shopLink, 'GET', CHECK_PATH, { silent: true });
  if (check.STATUS === 'expired' && (await refreshBuyer(shopLink))) {
    check = await buyerRequest<CheckResponse>(shopLink, 'GET', CHECK_PATH, { silent: true });
  }
  if (check.STATUS !== 'valid' || check.isInvalid) {
    endSession(shopLink);
    throw signedOut();
  }
  return check;
}

export const hasBuyerSession = (shopLink: string): boolean => readBuyerTokens(shopLink) !== null;

/** Ends the buyer's session on the server (its token family) and here; a failure to reach the server is ignored. */
export async function signOutBuyer(shopLink: string): Promise<void> {
  const tokens = readBuyerTokens(shopLink);
  clearBuyerTokens(shopLink);
  if (!tokens) return;
  await httpRequest({ method: 'POST', path: '/v3/oauth/revoke/', body: { token: tokens.refreshToken ?? tokens.accessToken, ...oauthClient } }).catch(
    () => undefined,
  );
}
