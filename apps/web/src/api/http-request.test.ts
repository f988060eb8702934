import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { buildUrl, httpRequest } from './http-request';

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' }, ...init });

afterEach(() => vi.unstubAllGlobals());

describe('buildUrl', () => {
  it('adds request_id, time_connection and page after the call parameters', () => {
    const url = new URL(buildUrl('/v3/api/partner/orderlist/', { limit: 12, status: ['NEW'] }, 1700000000500, '/partner/orderlist'), 'http://x');
    expect(url.pathname).toBe('/v3/api/partner/orderlist/');
    expect(url.searchParams.get('limit')).toBe('12');
    expect(url.searchParams.get('status[0]')).toBe('NEW');
    expect(url.searchParams.get('time_connection')).toBe('1700000000.5');
    expect(url.searchParams.get('page')).toBe('/partner/orderlist');
    expect(url.searchParams.get('request_id')).toMatch(/^[\da-f-]{32,36}$/);
  });

  it('gives every call its own request_id', () => {
    const id = (u: string) => new URL(u, 'http://x').searchParams.get('request_id');
    expect(id(buildUrl('/a'))).not.toBe(id(buildUrl('/a')));
  });
});

describe('httpRequest', () => {
  it('sends the token as a Bearer header and the body form-encoded', async () => {
    const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(async () => json({ SUCCESS: 'Y', ID: 5 }));
    vi.stubGlobal('fetch', fetchMock);
    const answer = await httpRequest<{ ID: number }>({
      method: 'POST',
      path: '/v3/api/partner/group/',
      body: { name: 'VIP', clients: [1, 2] },
      accessToken: 'abc',
    });
    expect(answer.ID).toBe(5);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url.startsWith('/v3/api/partner/group/?')).toBe(true);
    expect(url).not.toContain('access_token');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer abc');
    expect((init.body as URLSearchParams).toString()).toBe('name=VIP&clients%5B0%5D=1&clients%5B1%5D=2');
  });

  it('sends no body on GET and no header without a token', async () => {
    const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(async () => json({ ITEMS: [] }));
    vi.stubGlobal('fetch', fetchMock);
    await httpRequest({ method: 'GET', path: '/v3/api/utils/check/', body: { a: 1 } });
    const init = fetchMock.mock.calls[0][1];
    expect(init.body).toBeUndefined();
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('treats a SUCCESS "N" answer as a failure carrying its errors', async () => {
    vi.stubGlobal('fetch', async () => json({ SUCCESS: 'N', errors: { name: 'Не указано название группы' } }));
    const error = await httpRequest({ method: 'POST', path: '/x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('failure');
    expect((error as ApiError).errors).toEqual({ name: 'Не указано название группы' });
  });

  it('rejects an answer outside 2xx with its status and body', async () => {
    vi.stubGlobal('fetch', async () =>
      json({ error: 'invalid_grant', error_description: 'Неправильный логин или пароль' }, { status: 400, statusText: 'Bad Request' }),
    );
    const error = (await httpRequest({ method: 'POST', path: '/v3/oauth/token/' }).catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('http');
    expect(error.status).toBe(400);
    expect(error.description).toBe('Неправильный логин или пароль');
  });

  it('keeps a non-JSON error body as text', async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    const error = (await httpRequest({ method: 'GET', path: '/x' }).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.body).toBe('<html>bad gateway</html>');
  });

  it('reports a network failure', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = (await httpRequest({ method: 'GET', path: '/x' }).catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('network');
  });

  it('gives up after the timeout', async () => {
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const error = (await httpRequest({ method: 'GET', path: '/x', timeoutMs: 20 }).catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('timeout');
  });

  it('returns an empty answer as undefined', async () => {
    vi.stubGlobal('fetch', async () => new Response(null, { status: 204 }));
    expect(await httpRequest({ method: 'DELETE', path: '/x' })).toBeUndefined();
  });
});
