import type { FastifyReply, FastifyRequest } from 'fastify';
import { WEB_SESSION, type TokenResponse } from '@b2b/contracts/auth';

/** The web client asked for its refresh token in a cookie (WEB_SESSION); a cross-site form cannot send this header. */
export const wantsRefreshCookie = (request: FastifyRequest) => request.headers[WEB_SESSION.cookieHeader] === '1';

/** The refresh token of the web client's cookie, when the request asks for the cookie transport. */
export function refreshFromCookie(request: FastifyRequest): string | undefined {
  if (!wantsRefreshCookie(request)) return undefined;
  return request.cookies[WEB_SESSION.refreshCookie] || undefined;
}

const attributes = (request: FastifyRequest) => ({ sameSite: 'strict' as const, secure: request.protocol === 'https' });

/**
 * For the web client: the refresh token goes into an HttpOnly cookie (SameSite=Strict, only sent to the token and
 * revoke endpoints, Secure over https) and out of the JSON answer; a JS-readable marker tells the web a session exists.
 */
export function moveRefreshToCookie(request: FastifyRequest, reply: FastifyReply, answer: TokenResponse, ttlSeconds: number): TokenResponse {
  if (!wantsRefreshCookie(request) || !answer.refresh_token) return answer;
  const { refresh_token: refreshToken, ...rest } = answer;
  const base = attributes(request);
  reply.setCookie(WEB_SESSION.refreshCookie, refreshToken, { ...base, httpOnly: true, path: WEB_SESSION.refreshPath, maxAge: ttlSeconds });
  reply.setCookie(WEB_SESSION.markerCookie, '1', { ...base, httpOnly: false, path: '/', maxAge: ttlSeconds });
  return rest;
}

export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply): void {
  const base = attributes(request);
  reply.clearCookie(WEB_SESSION.refreshCookie, { ...base, httpOnly: true, path: WEB_SESSION.refreshPath });
  reply.clearCookie(WEB_SESSION.markerCookie, { ...base, path: '/' });
}
