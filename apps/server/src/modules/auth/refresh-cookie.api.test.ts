import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@b2b/contracts/messages';
import { createTestApp, form, WEB_CLIENT, type TestApp } from '@/test/test-app';
import { lastMailTo, readOutbox } from '@/test/outbox';
import { REFRESH_GRACE_SECONDS } from './auth.service';
import { tokenHash } from './tokens';

let t: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  proxied = await createTestApp({ TRUST_PROXY: true });
});
afterAll(async () => {
  await t.close();
  await proxied.close();
});

const WEB = { 'x-refresh-cookie': '1' };

interface Cookie {
  name: string;
  value: string;
  attrs: Record<string, string | true>;
}

/** The Set-Cookie headers of an answer, parsed. */
function setCookies(res: { headers: Record<string, unknown> }): Record<string, Cookie> {
  const raw = res.headers['set-cookie'];
  const lines = raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)];
  const out: Record<string, Cookie> = {};
  for (const line of lines as string[]) {
    const [pair, ...rest] = line.split(';').map((p) => p.trim());
    const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
    const attrs: Cookie['attrs'] = {};
    for (const a of rest) {
      const i = a.indexOf('=');
      attrs[(i < 0 ? a : a.slice(0, i)).toLowerCase()] = i < 0 ? true : a.slice(i + 1);
    }
    out[name] = { name, value, attrs };
  }
  return out;
}

const tokenCall = (app: TestApp, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  app.app.inject({
    method: 'POST',
    url: '/v3/oauth/token/',
    payload: new URLSearchParams({ ...WEB_CLIENT, ...fields }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });

const signIn = (email: string, app = t, headers: Record<string, string> = WEB) =>
  tokenCall(app, { grant_type: 'password', username: email, password: 'demo1234' }, headers);

const refreshByCookie = (refresh: string, headers: Record<string, string> = WEB) =>
  tokenCall(t, { grant_type: 'refresh_token' }, { ...headers, cookie: `oauth_refresh=${refresh}` });

const status = async (access: string) =>
  (await t.app.inject({ method: 'GET', url: '/v3/api/utils/check/', headers: { authorization: `Bearer ${access}` } })).json().STATUS;

describe("the web client's refresh token lives in an HttpOnly cookie (issue 9, point 8)", () => {
  it('sign-in answers no refresh token in the JSON and sets it HttpOnly, SameSite=Strict, scoped to /v3/oauth/', async () => {
    const res = await signIn('admin@partner.demo');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.refresh_token).toBeUndefined();
    expect(body.access_token).toMatch(/^[\w-]{40,}$/);
    const cookies = setCookies(res);
    expect(cookies.oauth_refresh.value).toMatch(/^[\w-]{40,}$/);
    expect(cookies.oauth_refresh.attrs).toMatchObject({ httponly: true, samesite: 'Strict', path: '/v3/oauth/', 'max-age': '2592000' });
    expect(cookies.oauth_refresh.attrs.secure).toBeUndefined();
    // The JS-readable marker holds no secret.
    expect(cookies.has_session).toMatchObject({ value: '1', attrs: { path: '/', samesite: 'Strict', 'max-age': '2592000' } });
    expect(cookies.has_session.attrs.httponly).toBeUndefined();
  });

  it('the cookie is Secure when the request came over https', async () => {
    const res = await signIn('admin@partner.demo', proxied, { ...WEB, 'x-forwarded-proto': 'https' });
    expect(setCookies(res).oauth_refresh.attrs.secure).toBe(true);
    expect(setCookies(res).has_session.attrs.secure).toBe(true);
  });

  it('other OAuth clients keep receiving the refresh token in the JSON (RFC 6749) and no cookie', async () => {
    const res = await signIn('admin@partner.demo', t, {});
    expect(res.json().refresh_token).toMatch(/^[\w-]{40,}$/);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('the refresh grant takes the cookie when the body has no refresh token, and rotates it', async () => {
    const first = setCookies(await signIn('orders@partner.demo')).oauth_refresh.value;
    const res = await refreshByCookie(first);
    expect(res.statusCode).toBe(200);
    expect(res.json().refresh_token).toBeUndefined();
    const next = setCookies(res).oauth_refresh.value;
    expect(next).not.toBe(first);
    expect(await status(res.json().access_token)).toBe('valid');
    expect((await refreshByCookie(next)).statusCode).toBe(200);
  });

  it("a cookie sent without the web client's header is not read (a cross-site form cannot set it)", async () => {
    const refresh = setCookies(await signIn('orders@partner.demo')).oauth_refresh.value;
    const res = await refreshByCookie(refresh, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().error_description).toBe(MSG.badRequest);
  });

  it('two tabs refreshing at once with the same cookie both stay signed in, with the same successor', async () => {
    const login = await signIn('price@partner.demo');
    const refresh = setCookies(login).oauth_refresh.value;
    const [a, b] = await Promise.all([refreshByCookie(refresh), refreshByCookie(refresh)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().access_token).toBe(b.json().access_token);
    expect(setCookies(a).oauth_refresh.value).toBe(setCookies(b).oauth_refresh.value);
    expect(await status(a.json().access_token)).toBe('valid');
    // The session goes on: the successor refreshes once more.
    const later = await refreshByCookie(setCookies(b).oauth_refresh.value);
    expect(later.statusCode).toBe(200);
    expect(await status(later.json().access_token)).toBe('valid');
  });

  it('a refresh token presented after its successor was used still revokes the family and clears the cookie', async () => {
    const first = setCookies(await signIn('clients@partner.demo')).oauth_refresh.value;
    const second = await refreshByCookie(first);
    const third = await refreshByCookie(setCookies(second).oauth_refresh.value);
    expect(third.statusCode).toBe(200);
    const replay = await refreshByCookie(first);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ error: 'invalid_grant', error_description: MSG.refreshInvalid });
    expect(setCookies(replay).oauth_refresh.attrs['max-age'] ?? setCookies(replay).oauth_refresh.attrs.expires).toBeTruthy();
    expect(setCookies(replay).oauth_refresh.value).toBe('');
    expect(setCookies(replay).has_session.value).toBe('');
    expect(await status(third.json().access_token)).toBe('invalid');
  });

  it(`a refresh token presented again after ${REFRESH_GRACE_SECONDS} s revokes the family`, async () => {
    const first = setCookies(await signIn('loyalty@partner.demo')).oauth_refresh.value;
    const second = await refreshByCookie(first);
    await t.database.db
      .updateTable('auth_tokens')
      .set({ used_at: new Date(Date.now() - (REFRESH_GRACE_SECONDS + 1) * 1000) })
      .where('token_hash', '=', tokenHash(first))
      .execute();
    expect((await refreshByCookie(first)).statusCode).toBe(400);
    expect(await status(second.json().access_token)).toBe('invalid');
  });

  it('a refresh without a body token or a cookie answers 400 with a Russian message', async () => {
    const res = await tokenCall(t, { grant_type: 'refresh_token' }, WEB);
    expect(res.statusCode).toBe(400);
    expect(res.json().error_description).toBe(MSG.badRequest);
  });

  it("sign-out revokes the cookie's session and clears both cookies", async () => {
    const login = await signIn('owner@partner.demo');
    const refresh = setCookies(login).oauth_refresh.value;
    const res = await t.app.inject({
      method: 'POST',
      url: '/v3/oauth/revoke/',
      payload: new URLSearchParams(WEB_CLIENT).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...WEB, cookie: `oauth_refresh=${refresh}` },
    });
    expect(res.json()).toEqual({ SUCCESS: 'Y' });
    const cleared = setCookies(res);
    expect(cleared.oauth_refresh).toMatchObject({ value: '', attrs: { path: '/v3/oauth/', httponly: true } });
    expect(cleared.has_session).toMatchObject({ value: '', attrs: { path: '/' } });
    expect(await status(login.json().access_token)).toBe('invalid');
    expect((await refreshByCookie(refresh)).statusCode).toBe(400);
  });

  it('a confirmed registration signs the web client in with the cookie too', async () => {
    const data = {
      type: 'register',
      domain: 'kancler',
      email: 'cookie.client@firma.ru',
      name: 'Павел',
      company: 'ООО «Куки»',
      inn: '7701234567',
      password: 'secret-12',
    };
    await t.app.inject({ method: 'POST', url: '/v3/api/auth/register/', ...form(data) });
    const text = lastMailTo(await readOutbox(t), 'cookie.client@firma.ru').text;
    const params = Object.fromEntries(new URL(/(http\S+\/login\?\S+)/.exec(text)![1]).searchParams);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/v1/login/confirm/',
      payload: new URLSearchParams({ ...params, ...WEB_CLIENT }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...WEB },
    });
    expect(res.json()).toMatchObject({ SUCCESS: 'Y' });
    expect(res.json().TOKEN.refresh_token).toBeUndefined();
    expect(setCookies(res).oauth_refresh.attrs).toMatchObject({ httponly: true, path: '/v3/oauth/' });
    expect((await refreshByCookie(setCookies(res).oauth_refresh.value)).statusCode).toBe(200);
  });
});
