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

  it('takes the request id from the query, sanitised', () => {
    const req = { url: '/v3/api/x/?request_id=abc-123%3Cscript', headers: {} } as never;
    expect(requestIdOf(req)).toBe('abc-123script');
  });
});
