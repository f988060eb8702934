import { WEB_SESSION, type TokenResponse } from '@b2b/contracts/auth';
import { httpRequest } from '@/api/http-request';

/** The web app's OAuth client; PUT /v1/login/confirm/ (registration confirmation) names it too. */
export const oauthClient = {
  client_id: import.meta.env.VITE_CLIENT_ID || 'web',
  client_secret: import.meta.env.VITE_CLIENT_SECRET || 'web-secret',
};

/** Asks the server to keep the refresh token in its HttpOnly cookie rather than in the JSON answer. */
export const REFRESH_COOKIE_HEADERS = { [WEB_SESSION.cookieHeader]: '1' };

const TOKEN_PATH = '/v3/oauth/token/';

const tokenCall = (body: Record<string, string | undefined>) =>
  httpRequest<TokenResponse>({ method: 'POST', path: TOKEN_PATH, body: { ...body, ...oauthClient }, headers: REFRESH_COOKIE_HEADERS });

/** Sign-in by e-mail and password; domain names a partner's shop for a buyer. */
export function requestPasswordToken(username: string, password: string, domain?: string): Promise<TokenResponse> {
  return tokenCall({ grant_type: 'password', username, password, domain });
}

/** A guest token. */
export function requestGuestToken(): Promise<TokenResponse> {
  return tokenCall({ grant_type: 'client_credentials' });
}

/** The refresh grant with the server's cookie; a refresh token an earlier version left readable goes once in the body. */
export function requestRefreshedToken(legacyRefreshToken?: string): Promise<TokenResponse> {
  return tokenCall({ grant_type: 'refresh_token', refresh_token: legacyRefreshToken });
}

/** RFC 7009 revocation of the session (its access token's family and the refresh cookie); the caller ignores failures. */
export function revokeToken(accessToken: string | null): Promise<unknown> {
  return httpRequest({
    method: 'POST',
    path: '/v3/oauth/revoke/',
    body: { token: accessToken ?? undefined, ...oauthClient },
    headers: REFRESH_COOKIE_HEADERS,
  });
}
