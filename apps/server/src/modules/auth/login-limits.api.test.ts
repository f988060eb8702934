import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MSG } from '@b2b/contracts/auth';
import { MSG } from '@b2b/contracts/messages';
import { bearer, createTestApp, DEMO_PASSWORD, form, WEB_CLIENT, type TestApp } from '@/test/test-app';
import { LOGIN_LIMITS } from './auth.service';

/**
 * Issue 37 item 3: the sign-in limit holds under parallel attempts. Each attempt comes from its own address, as a
 * spread-out attacker's would, so that only the per-account limit (not the per-address one, nor the route's request
 * rate) can refuse it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.deleteFrom('login_failures').execute();
});

let addresses = 0;
/** A new client address for every call: 10.37.x.y. */
const nextAddress = () => {
  addresses++;
  return `10.37.${addresses >> 8}.${addresses & 255}`;
};

const signIn = (username: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v3/oauth/token/',
    ...form({ ...WEB_CLIENT, grant_type: 'password', username, password }),
    remoteAddress: nextAddress(),
  });

const changePassword = (access: string, current: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v3/api/auth/register/',
    ...form({ type: 'change_password', current_password: current, password: 'changed-37', confirm_password: 'changed-37' }),
    headers: { ...form({}).headers, ...bearer(access) },
    remoteAddress: nextAddress(),
  });

type Answer = Awaited<ReturnType<typeof signIn>>;

/** The limit's answer: 429, the API's error shape with the Russian text, and when to come back. */
function expectLimited(res: Answer) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ error: 'too_many_requests', error_description: MSG.tooManyAttempts });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

/** 50 wrong passwords at once: at most the limit are judged (a wrong password's answer), every other one is 429. */
async function parallelWrongPasswords(username: string) {
  const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => signIn(username, `wrong-password-${i}`)));
  const judged = answers.filter((r) => r.statusCode === 400);
  for (const r of judged) expect(r.json()).toEqual({ error: 'invalid_grant', error_description: MSG.wrongCredentials });
  for (const r of answers.filter((x) => x.statusCode !== 400)) expectLimited(r);
  return judged.length;
}

describe('sign-in limit under parallel attempts', () => {
  it('an existing account: at most 10 of 50 parallel wrong passwords are judged, the rest 429, then the right one too', async () => {
    expect(LOGIN_LIMITS.perAccount).toBe(10);
    expect(await parallelWrongPasswords('orders@partner.demo')).toBe(LOGIN_LIMITS.perAccount);
    expectLimited(await signIn('orders@partner.demo', DEMO_PASSWORD));
    expectLimited(await signIn('ORDERS@Partner.Demo', DEMO_PASSWORD));
    // Another account is not affected.
    expect((await signIn('price@partner.demo', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('an unknown e-mail is limited the same way and answers the same', async () => {
    expect(await parallelWrongPasswords('nobody-37@nowhere.test')).toBe(LOGIN_LIMITS.perAccount);
    expectLimited(await signIn('Nobody-37@Nowhere.test', 'any-password'));
  });

  it("a successful sign-in still clears the account's failures", async () => {
    for (let i = 0; i < LOGIN_LIMITS.perAccount - 1; i++) expect((await signIn('admin@partner.demo', `bad-${i}`)).statusCode).toBe(400);
    expect((await signIn('admin@partner.demo', DEMO_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) expect((await signIn('admin@partner.demo', `bad-${i}`)).statusCode).toBe(400);
    expectLimited(await signIn('admin@partner.demo', DEMO_PASSWORD));
  });
});

describe('wrong current passwords in change_password count toward the account limit', () => {
  it('12 wrong ones (in parallel) limit the account: sign-in and change_password answer 429', async () => {
    const access = await t.login('clients@partner.demo');
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => changePassword(access, `wrong-current-${i}`)));
    const judged = answers.filter((r) => r.statusCode === 200);
    expect(judged).toHaveLength(LOGIN_LIMITS.perAccount);
    for (const r of judged) expect(r.json()).toEqual({ SUCCESS: 'N', errors: { current_password: ACCOUNT_MSG.currentPasswordWrong } });
    for (const r of answers.filter((x) => x.statusCode !== 200)) expectLimited(r);

    expectLimited(await signIn('clients@partner.demo', DEMO_PASSWORD));
    expectLimited(await changePassword(access, DEMO_PASSWORD));
    // Nothing changed: the password is still the old one once the window has passed.
    await t.database.db.deleteFrom('login_failures').execute();
    expect((await signIn('clients@partner.demo', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('wrong sign-ins and wrong current passwords share one count', async () => {
    const access = await t.login('loyalty@partner.demo');
    for (let i = 0; i < 5; i++) expect((await signIn('loyalty@partner.demo', `bad-${i}`)).statusCode).toBe(400);
    for (let i = 0; i < 5; i++) expect((await changePassword(access, `bad-${i}`)).json().SUCCESS).toBe('N');
    expectLimited(await changePassword(access, `bad-again`));
    expectLimited(await signIn('loyalty@partner.demo', DEMO_PASSWORD));
  });

  it('a right current password is not counted as a failure', async () => {
    const access = await t.login('price@partner.demo');
    for (let i = 0; i < LOGIN_LIMITS.perAccount - 1; i++) expect((await signIn('price@partner.demo', `bad-${i}`)).statusCode).toBe(400);
    const res = await changePassword(access, DEMO_PASSWORD);
    expect(res.json()).toEqual({ SUCCESS: 'Y', MESSAGE: ACCOUNT_MSG.passwordChanged });
    // Its one reserved attempt was given back: one wrong sign-in is still judged, the next is limited.
    expect((await signIn('price@partner.demo', 'bad-last')).statusCode).toBe(400);
    expectLimited(await signIn('price@partner.demo', 'changed-37'));
  });
});
