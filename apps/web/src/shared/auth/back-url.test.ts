import { describe, expect, it } from 'vitest';
import { loginPathFor, safeBackUrl } from './back-url';

describe('safeBackUrl', () => {
  it('accepts paths of this site', () => {
    expect(safeBackUrl('/partner/clients?x=1')).toBe('/partner/clients?x=1');
    expect(safeBackUrl('/')).toBe('/');
  });
  it('refuses other sites and non-paths', () => {
    expect(safeBackUrl('//evil.example/')).toBeNull();
    expect(safeBackUrl('/\\evil.example')).toBeNull();
    expect(safeBackUrl('https://evil.example/')).toBeNull();
    expect(safeBackUrl('javascript:alert(1)')).toBeNull();
    expect(safeBackUrl('')).toBeNull();
    expect(safeBackUrl(null)).toBeNull();
  });
});

describe('loginPathFor', () => {
  it('carries the path and query as back_url', () => {
    const url = loginPathFor({ pathname: '/partner/clients/active-list', search: '?limit=24&blacklist=N' });
    expect(url.startsWith('/login?back_url=')).toBe(true);
    expect(new URLSearchParams(url.split('?')[1]).get('back_url')).toBe('/partner/clients/active-list?limit=24&blacklist=N');
  });
});
