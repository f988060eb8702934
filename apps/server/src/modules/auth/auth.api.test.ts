import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@b2b/contracts/messages';
import { bearer, createTestApp, form, WEB_CLIENT, type TestApp } from '@/test/test-app';
import { tokenHash } from './tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const token = (fields: Record<string, string>, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/v3/oauth/token/', ...form({ ...WEB_CLIENT, ...fields }), remoteAddress: ip });

const check = (accessToken?: string) => t.app.inject({ method: 'GET', url: '/v3/api/utils/check/', headers: accessToken ? bearer(accessToken) : {} });

describe('POST /v3/oauth/token/', () => {
  it('password grant answers an expiring bearer token and a refresh token', async () => {
    const res = await token({ grant_type: 'password', username: 'owner@partner.demo', password: 'demo1234' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token_type).toBe('Bearer');
    expect(body.expires_in).toBe(3600);
    expect(body.access_token).toMatch(/^[\w-]{40,}$/);
    expect(body.refresh_token).toMatch(/^[\w-]{40,}$/);
  });

  it('e-mail is case-insensitive and a shop domain picks the partner', async () => {
    const upper = await token({ grant_type: 'password', username: 'OWNER@Partner.Demo', password: 'demo1234' });
    expect(upper.statusCode).toBe(200);
    const buyer = await token({ grant_type: 'password', username: 'buyer@client.demo', password: 'demo1234', domain: 'kancler.b2b.local' });
    expect(buyer.statusCode).toBe(200);
    const unknown = await token({ grant_type: 'password', username: 'buyer@client.demo', password: 'demo1234', domain: 'nope.example' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error_description).toBe(MSG.shopLinkUnknown);
  });

  it('wrong credentials answer the spec text, for a wrong password and an unknown account alike', async () => {
    for (const username of ['owner@partner.demo', 'nobody@partner.demo']) {
      const res = await token({ grant_type: 'password', username, password: 'wrong-pass' }, '10.0.0.2');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'invalid_grant', error_description: 'Неправильный логин или пароль' });
    }
  });

  it('missing e-mail or password answer their own messages', async () => {
    const noMail = await token({ grant_type: 'password', username: '', password: 'x' });
    expect(noMail.json().error_description).toBe(MSG.loginEmailRequired);
    const noPass = await token({ grant_type: 'password', username: 'a@b.c', password: '' });
    expect(noPass.json().error_description).toBe(MSG.loginPasswordRequired);
  });

  it('refuses a wrong client secret and an unknown grant', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/v3/oauth/token/',
      ...form({ grant_type: 'client_credentials', client_id: 'web', client_secret: 'nope' }),
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error).toBe('invalid_client');
    const grant = await token({ grant_type: 'implicit' });
    expect(grant.statusCode).toBe(400);
    expect(grant.json().error).toBe('unsupported_grant_type');
  });

  it('client_credentials gives a guest token without a refresh token', async () => {
    const res = await token({ grant_type: 'client_credentials' });
    expect(res.statusCode).toBe(200);
    expect(res.json().refresh_token).toBeUndefined();
    const c = await check(res.json().access_token);
    expect(c.json()).toMatchObject({ STATUS: 'valid', USER_TYPE: null, PARTNER: false, MANAGER: false, USER: null });
  });

  it('refresh rotates, and a reused refresh token revokes its whole family', async () => {
    const first = (await token({ grant_type: 'password', username: 'admin@partner.demo', password: 'demo1234' })).json();
    const second = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(second.statusCode).toBe(200);
    const rotated = second.json();
    expect(rotated.refresh_token).not.toBe(first.refresh_token);
    expect((await check(rotated.access_token)).json().STATUS).toBe('valid');
    // Presented again once its successor was used (not two tabs at the same moment): a leak.
    const third = await token({ grant_type: 'refresh_token', refresh_token: rotated.refresh_token });
    expect(third.statusCode).toBe(200);

    const replay = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe('invalid_grant');
    // The family is dead: the rotated pair no longer works either.
    expect((await check(third.json().access_token)).json().STATUS).toBe('invalid');
    expect((await token({ grant_type: 'refresh_token', refresh_token: third.json().refresh_token })).statusCode).toBe(400);
  });

  it('an expired access token is reported expired, and a call with it answers 401 with "expired"', async () => {
    const access = await t.login('orders@partner.demo');
    await t.database.db
      .updateTable('auth_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', tokenHash(access))
      .execute();
    expect((await check(access)).json()).toMatchObject({ STATUS: 'expired', isInvalid: false });
    const res = await t.app.inject({ method: 'GET', url: '/v3/api/partner/info/', headers: bearer(access) });
    expect(res.statusCode).toBe(401);
    expect(res.json().error_description).toContain('expired');
  });

  it('a disabled employee cannot sign in and its tokens stop working at once', async () => {
    const access = await t.login('clients@partner.demo');
    await t.database.db.updateTable('users').set({ active: false }).where('email', '=', 'clients@partner.demo').execute();
    expect((await check(access)).json().STATUS).toBe('invalid');
    const res = await token({ grant_type: 'password', username: 'clients@partner.demo', password: 'demo1234' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_description).toBe(MSG.userDisabled);
    await t.database.db.updateTable('users').set({ active: true }).where('email', '=', 'clients@partner.demo').execute();
  });

  it('throttles repeated failures per account with 429 and a Russian message, and not other accounts', async () => {
    let last;
    for (let i = 0; i < 11; i++) {
      last = await token({ grant_type: 'password', username: 'price@partner.demo', password: `bad-${i}` }, `10.1.0.${i}`);
    }
    expect(last!.statusCode).toBe(429);
    expect(last!.json().error_description).toBe(MSG.tooManyAttempts);
    // Even the right password is refused while the account is throttled.
    const right = await token({ grant_type: 'password', username: 'price@partner.demo', password: 'demo1234' }, '10.9.9.9');
    expect(right.statusCode).toBe(429);
    const other = await token({ grant_type: 'password', username: 'loyalty@partner.demo', password: 'demo1234' }, '10.9.9.9');
    expect(other.statusCode).toBe(200);
    await t.database.db.deleteFrom('login_failures').execute();
  });

  it('throttles one address that tries many accounts', async () => {
    let last;
    for (let i = 0; i < 51; i++) {
      last = await token({ grant_type: 'password', username: `x${i}@spray.test`, password: 'bad-pass' }, '10.7.7.7');
    }
    expect(last!.statusCode).toBe(429);
  });

  it('stores argon2id hashes, never the password', async () => {
    const row = await t.database.db.selectFrom('users').select('password_hash').where('email', '=', 'owner@partner.demo').executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });
});

describe('GET /v3/api/utils/check/', () => {
  it('answers invalid for no token and for garbage', async () => {
    expect((await check()).json()).toMatchObject({ STATUS: 'invalid', isInvalid: true, USER: null });
    expect((await check('garbage')).json()).toMatchObject({ STATUS: 'invalid', isInvalid: true });
  });

  it('accepts the token in the query as existing clients send it', async () => {
    const access = await t.login('owner@partner.demo');
    const res = await t.app.inject({ method: 'GET', url: `/v3/api/utils/check/?access_token=${access}&request_id=r1` });
    expect(res.json().STATUS).toBe('valid');
  });

  it.each([
    ['owner@partner.demo', 'PARTNER', { isViewEmployees: true, isEditClients: true, isViewPriceTypeClients: true }],
    ['admin@partner.demo', 'PARTNER', { isViewEmployees: true, isEditClients: true, isViewPriceTypeClients: true }],
    ['orders@partner.demo', 'PARTNER', { isViewEmployees: false, isEditClients: false, isViewPriceTypeClients: false }],
    ['price@partner.demo', 'PARTNER', { isViewEmployees: false, isEditClients: false, isViewPriceTypeClients: true }],
    ['clients@partner.demo', 'PARTNER', { isViewEmployees: false, isEditClients: true, isViewPriceTypeClients: true }],
    ['loyalty@partner.demo', 'LOYALTY', { isViewEmployees: false, isEditClients: false, isViewPriceTypeClients: false }],
  ])('%s is %s with its personal rules', async (email, kind, rules) => {
    const body = (await check(await t.login(email))).json();
    expect(body).toMatchObject({ STATUS: 'valid', USER_TYPE: kind, PARTNER: true, MANAGER: false, isUserWithoutPassword: false });
    expect(body.userRules).toMatchObject({ ...rules, isViewClients: true, isViewOrders: true, isViewSettingsShop: true });
    expect(body.USER.PARTNER_NAME).toBe('Канцлер Опт');
  });

  it('reports the manager and the client kinds', async () => {
    const manager = (await check(await t.login('manager@platform.demo'))).json();
    expect(manager).toMatchObject({ USER_TYPE: 'MANAGER', MANAGER: true, PARTNER: false });
    expect(manager.RIGHTS.viewReports).toBe(true);
    const buyer = (await check(await t.login('buyer@client.demo'))).json();
    expect(buyer).toMatchObject({ USER_TYPE: 'CLIENT', MANAGER: false, PARTNER: false });
    expect(buyer.userRules.isViewOrders).toBe(false);
  });

  it('flags a signed-in user without a password', async () => {
    const owner = await t.login('owner@partner.demo');
    const users = t.database.db.updateTable('users').where('email', '=', 'owner@partner.demo');
    const { password_hash } = await t.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'owner@partner.demo')
      .executeTakeFirstOrThrow();
    await users.set({ password_hash: null }).execute();
    expect((await check(owner)).json().isUserWithoutPassword).toBe(true);
    await users.set({ password_hash }).execute();
    expect((await check(owner)).json().isUserWithoutPassword).toBe(false);
  });
});

describe('PUT /v1/login/confirm/ and revoke', () => {
  it('confirms a sign-in for a user and refuses a guest', async () => {
    const access = await t.login('admin@partner.demo');
    const res = await t.app.inject({ method: 'PUT', url: '/v1/login/confirm/', headers: bearer(access) });
    expect(res.json()).toMatchObject({ SUCCESS: 'Y' });
    const guest = (await token({ grant_type: 'client_credentials' })).json().access_token;
    const refused = await t.app.inject({ method: 'PUT', url: '/v1/login/confirm/', headers: bearer(guest) });
    expect(refused.statusCode).toBe(401);
  });

  it('sign-out revokes the refresh token and its access token', async () => {
    const pair = (await token({ grant_type: 'password', username: 'orders@partner.demo', password: 'demo1234' })).json();
    await t.app.inject({ method: 'POST', url: '/v3/oauth/revoke/', ...form({ token: pair.refresh_token }) });
    expect((await check(pair.access_token)).json().STATUS).toBe('invalid');
  });
});
