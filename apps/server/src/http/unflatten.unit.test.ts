import { describe, expect, it } from 'vitest';
import { parseFlattened } from './form-body';
import { redactUrl, requestIdOf } from './request-log';
import { unflatten } from './unflatten';

describe('unflatten', () => {
  it('turns name[index] into arrays in index order', () => {
    expect(parseFlattened('clients%5B1%5D=7&clients%5B0%5D=5&delete=Y')).toEqual({ clients: ['5', '7'], delete: 'Y' });
  });

  it('turns name[key] into objects and nests', () => {
    expect(parseFlattened('ph[0][PHONE]=1&ph[0][MAIN]=1&ph[1][PHONE]=2&work[MO]=Y')).toEqual({
      ph: [{ PHONE: '1', MAIN: '1' }, { PHONE: '2' }],
      work: { MO: 'Y' },
    });
  });

  it('appends name[] and keeps repeated plain keys as arrays', () => {
    expect(parseFlattened('a[]=x&a[]=y&b=1&b=2')).toEqual({ a: ['x', 'y'], b: ['1', '2'] });
  });

  it('ignores prototype keys and absurd indexes', () => {
    const out = unflatten({ '__proto__[x]': '1', 'a[__proto__]': '2', 'big[99999999]': '3', ok: '4' });
    expect(out).toEqual({ ok: '4' });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('keeps malformed bracket keys as plain keys', () => {
    expect(unflatten({ 'a[b': '1', '[x]': '2', 'c]d[': '3' })).toEqual({ 'a[b': '1', '[x]': '2', 'c]d[': '3' });
  });
});

describe('request log', () => {
  it('redacts tokens and secrets from URLs', () => {
    expect(redactUrl('/v3/api/x/?access_token=abc&page=%2F&client_secret=s')).toBe(
      '/v3/api/x/?access_token=[REDACTED]&page=%2F&client_secret=[REDACTED]',
    );
  });

  it('redacts every secret by its decoded name, whatever the spelling', () => {
    const url =
      '/v3/api/auth/register/?access%5Ftoken=t1&Refresh_Token=t2&current_password=p1&confirm_password=p2&password=p3' +
      '&user_checkword=w1&new_password=p4&request_id=r1&page=2';
    const out = redactUrl(url);
    for (const secret of ['t1', 't2', 'p1', 'p2', 'p3', 'w1', 'p4']) expect(out).not.toContain(`=${secret}`);
    expect(out).toContain('request_id=r1');
    expect(out).toContain('page=2');
  });

  it('never throws on a malformed request id or URL, and falls back to a fresh id', () => {
    const req = { url: '/login?request_id=%FF', headers: {} } as never;
    expect(requestIdOf(req)).toMatch(/^[\w.-]{1,64}$/);
    expect(redactUrl('/x?%E0%A4%A=1&access_token=secret')).toBe('/x?%E0%A4%A=1&access_token=[REDACTED]');
  });

  it('takes the request id from the query, sanitised', () => {
    const req = { url: '/v3/api/x/?request_id=abc-123%3Cscript', headers: {} } as never;
    expect(requestIdOf(req)).toBe('abc-123script');
  });
});
