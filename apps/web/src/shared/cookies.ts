import Cookies from 'js-cookie';
import { LIMITS } from '@b2b/contracts/limits';

/**
 * Site-wide cookies (tokens) live a year; cookies of the partner area (saved list filters, the selected price)
 * a month (back-office.md §9). Both are written with path "/": browsers match document.cookie against the URL
 * the page was loaded at, not the one history.pushState moved to, so a path=/partner cookie would be invisible
 * to a single-page app that was opened at /login.
 */
export type CookieScope = 'site' | 'partner';

const isHttps = () => typeof location !== 'undefined' && location.protocol === 'https:';

export function cookieAttributes(scope: CookieScope, secure = isHttps()): Cookies.CookieAttributes {
  const expires = scope === 'site' ? LIMITS.cookieSiteDays : LIMITS.cookiePartnerDays;
  return { path: '/', expires, sameSite: 'Lax', secure };
}

export function getCookie(name: string): string | undefined {
  return Cookies.get(name);
}

export function setCookie(name: string, value: string, scope: CookieScope = 'site'): void {
  Cookies.set(name, value, cookieAttributes(scope));
}

/** Removes the cookie, also one written under /partner by an earlier version. */
export function removeCookie(name: string): void {
  Cookies.remove(name, { path: '/' });
  Cookies.remove(name, { path: '/partner' });
}
