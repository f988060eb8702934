import type { TokenResponse } from '@b2b/contracts/auth';
import { httpRequest } from '@/api/http-request';

/** The web app's OAuth client; PUT /v1/login/confirm/ (registration confirmation) names it too. */
export const oauthClient = {
  client_id: import.meta.env.VITE_CLIENT_ID || 'web',
  client_secret: import.meta.env.VITE_CLIENT_SECRET || 'web-secret',
};

const TOKEN_PATH = '/v3/oauth/token/';

/** Sign-in by e-mail and password; domain names a partner's shop for a buyer. */
export function requestPasswordToken(username: string, password: string, domain?: string): Promise<TokenResponse> {
  return httpRequest<TokenResponse>({
    method: 'POST',
    path: TOKEN_PATH,
    body: { grant_type: 'password', ...oauthClient, username, password, domain },
  });
}

/** A guest token. */
export function requestGuestToken(): Promise<TokenResponse> {
  return httpRequest<TokenResponse>({ method: 'POST', path: TOKEN_PATH, body: { grant_type: 'client_credentials', ...oauthClient } });
}

export function requestRefreshedToken(refreshToken: string): Promise<TokenResponse> {
  return httpRequest<TokenResponse>({
    method: 'POST',
    path: TOKEN_PATH,
    body: { grant_type: 'refresh_token', ...oauthClient, refresh_token: refreshToken },
  });
}

/** RFC 7009 revocation; the caller ignores its failures. */
export function revokeToken(token: string): Promise<unknown> {
  return httpRequest({ method: 'POST', path: '/v3/oauth/revoke/', body: { token, ...oauthClient } });
}
