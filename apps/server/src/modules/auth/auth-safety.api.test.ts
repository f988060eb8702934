import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MSG } from '@b2b/contracts/auth';
import { EMPLOYEE_MSG } from '@b2b/contracts/employees';
import { MSG } from '@b2b/contracts/messages';
import { bearer, createTestApp, form, WEB_CLIENT, type TestApp } from '@/test/test-app';
import { LOGIN_LIMITS } from './auth.service';

/** Issue 9: sign-in limits that hold, sessions that end with a password change, staff e-mails that reveal nothing. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const tokenCall = (data: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/v3/oauth/token/', ...form({ ...WEB_CLIENT, ...data }), headers: { ...form({}).headers, ...headers } });
const signIn = (username: string, password: string, extra: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  tokenCall({ grant_type: 'password', username, password, ...extra }, headers);
const check = async (access: string) => (await t.app.inject({ method: 'GET', url: '/v3/api/utils/check/', headers: bearer(access) })).json().STATUS;

/** Every upper/lower-case spelling of a domain resolves to the same shop: a new key for a naive limiter. */
const spellings = (domain: string, n: number) =>
  Array.from({ length: n }, (_, i) => [...domain].map((c, j) => ((i >> j) & 1 ? c.toUpperCase() : c)).join(''));

/** Each test starts with no recorded failures: the limits are per address, and every test signs in from one. */
beforeEach(async () => {
  await t.database.db.deleteFrom('login_failures').execute();
});

describe('sign-in limits', () => {
  it('counts failures per resolved account, however the shop domain is spelled', async () => {
    const answers = [];
    for (const domain of spellings('kancler.b2b.local', LOGIN_LIMITS.perAccount + 2)) {
      answers.push((await signIn('buyer@client.demo', 'wrong-password', { domain })).statusCode);
    }
    expect(answers.slice(0, LOGIN_LIMITS.perAccount)).toEqual(Array(LOGIN_LIMITS.perAccount).fill(400));
    expect(answers.slice(LOGIN_LIMITS.perAccount)).toEqual([429, 429]);
    // The same account without a domain is the same account.
    const plain = await signIn('buyer@client.demo', 'demo1234');
    expect(plain.statusCode).toBe(429);
    expect(plain.json().error_description).toBe(MSG.tooManyAttempts);
  });

  it('does not trust X-Forwarded-For unless a proxy is configured', async () => {
    let status = 0;
    for (let i = 0; i <= LOGIN_LIMITS.perAddress && status !== 429; i++) {
      const res = await signIn(`nobody-${i}@nowhere.test`, 'x', {}, { 'x-forwarded-for': `10.0.${i >> 8}.${i & 255}` });
      status = res.statusCode;
    }
    expect(status).toBe(429);
  });
});

describe('a password change ends the other sessions', () => {
  it('keeps the session that changed it and ends every other one, access and refresh', async () => {
    const first = (await signIn('price@partner.demo', 'demo1234')).json();
    const second = (await signIn('price@partner.demo', 'demo1234')).json();
    const res = await t.app.inject({
      method: 'POST',
      url: '/v3/api/auth/register/',
      ...form({ type: 'change_password', current_password: 'demo1234', password: 'changed-1', confirm_password: 'changed-1' }),
      headers: { ...form({}).headers, ...bearer(first.access_token) },
    });
    expect(res.json()).toEqual({ SUCCESS: 'Y', MESSAGE: ACCOUNT_MSG.passwordChanged });
    expect(await check(first.access_token)).toBe('valid');
    expect(await check(second.access_token)).toBe('invalid');
    const refreshSecond = await tokenCall({ grant_type: 'refresh_token', refresh_token: second.refresh_token });
    expect(refreshSecond.json().error).toBe('invalid_grant');
    const refreshFirst = await tokenCall({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(refreshFirst.statusCode).toBe(200);
  });

  it('account flows take POST only: a secret never travels in a URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v3/api/auth/register/?type=validation_reset&email=orders@partner.demo' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('not_found');
  });
});

describe('an employee with an address used elsewhere', () => {
  const create = async (email: string) => {
    const owner = await t.login('owner@partner.demo');
    return t.app.inject({
      method: 'POST',
      url: '/v3/api/partner/employee/',
      ...form({ email, name: 'Пётр', surname: 'Петров', orders: 'Y' }),
      headers: { ...form({}).headers, ...bearer(owner) },
    });
  };

  it("another partner's staff: created like any new address, and that person still signs in", async () => {
    const res = (await create('owner@second.demo')).json();
    const fresh = (await create('brand-new-person@example.test')).json();
    expect(res.SUCCESS).toBe('Y');
    expect(res.MESSAGE).toBe(fresh.MESSAGE);
    expect(Object.keys(res).sort()).toEqual(Object.keys(fresh).sort());
    const signed = await signIn('owner@second.demo', 'demo1234');
    expect(signed.statusCode).toBe(200);
    const who = await t.app.inject({ method: 'GET', url: '/v3/api/utils/check/', headers: bearer(signed.json().access_token) });
    expect(who.json().USER.PARTNER_NAME).toBe('Офис Маркет');
  });

  it('a buyer: created, and the buyer still signs in, with and without the shop domain', async () => {
    expect((await create('buyer@client.demo')).json().SUCCESS).toBe('Y');
    const withDomain = await signIn('buyer@client.demo', 'demo1234', { domain: 'kancler.b2b.local' });
    expect(withDomain.statusCode).toBe(200);
    const withoutDomain = await signIn('buyer@client.demo', 'demo1234');
    expect(withoutDomain.statusCode).toBe(200);
    const who = await t.app.inject({ method: 'GET', url: '/v3/api/utils/check/', headers: bearer(withoutDomain.json().access_token) });
    expect(who.json().USER_TYPE).toBe('CLIENT');
  });

  it('the same address twice in one partner is refused with the spec message, also in parallel', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => create('twin@example.test')));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const bodies = answers.map((r) => r.json());
    expect(bodies.filter((b) => b.SUCCESS === 'Y')).toHaveLength(1);
    for (const b of bodies.filter((x) => x.SUCCESS === 'N')) expect(b.errors).toEqual({ email: EMPLOYEE_MSG.emailTaken });
  });
});

describe('registration under parallel requests', () => {
  it('one e-mail registered 10 times at once: one account, every answer the same, never a 500', async () => {
    const data = { type: 'register', domain: 'kancler.b2b.local', email: 'parallel@buyer.test', name: 'Ольга', company: 'ООО Параллель' };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => t.app.inject({ method: 'POST', url: '/v3/api/auth/register/', ...form(data) })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const bodies = answers.map((r) => r.json());
    // Issue 37.7: a known address answers as a new one does; the unique index still lets one account in.
    for (const b of bodies) expect(b).toEqual({ SUCCESS: 'Y', MESSAGE: ACCOUNT_MSG.registered });
    const users = await t.database.db.selectFrom('users').select('id').where('email', '=', 'parallel@buyer.test').execute();
    expect(users).toHaveLength(1);
  });
});
