import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MSG, SHOP_ORIGIN } from '@b2b/contracts/auth';
import { MSG } from '@b2b/contracts/messages';
import { bearer, createTestApp, form, WEB_CLIENT, type TestApp } from '@/test/test-app';
import { lastMailTo, readOutbox } from '@/test/outbox';
import { tokenHash } from './tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const flow = (data: Record<string, string>, token?: string, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v3/api/auth/register/',
    ...form(data),
    headers: { ...form(data).headers, ...(token ? bearer(token) : {}) },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
const signIn = (username: string, password: string, domain?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v3/oauth/token/',
    ...form({ grant_type: 'password', username, password, ...WEB_CLIENT, ...(domain ? { domain } : {}) }),
  });
/** The e-mailed link: the back office's /login?… or a shop's /shop/{link}/account?…, whose path names the shop. */
const mailLink = (text: string) => {
  const url = /(http\S+\/(?:login|shop\/[^/\s]+\/account)\?\S+)/.exec(text)?.[1];
  if (!url) throw new Error(`no link in: ${text}`);
  return new URL(url);
};
/** The link's parameters, with the shop of a shop's link as the `domain` the calls take. */
const linkParams = (text: string): Record<string, string> => {
  const url = mailLink(text);
  const shop = /^\/shop\/([^/]+)\/account$/.exec(url.pathname)?.[1];
  return { ...Object.fromEntries(url.searchParams), ...(shop ? { domain: decodeURIComponent(shop) } : {}) };
};

describe('password recovery', () => {
  it('e-mails a link with email and user_checkword that sets a new password once', async () => {
    const res = (await flow({ type: 'validation_reset', email: 'orders@partner.demo' })).json();
    expect(res).toEqual({ SUCCESS: 'Y', MESSAGE: ACCOUNT_MSG.recoverySent });
    const mail = lastMailTo(await readOutbox(t), 'orders@partner.demo');
    expect(mail.subject).toBe('Восстановление пароля');
    expect(mailLink(mail.text).pathname).toBe('/login');
    const params = linkParams(mail.text);
    expect(params.email).toBe('orders@partner.demo');
    expect(params.user_checkword).toMatch(/^[\w-]{40,}$/);

    const short = (await flow({ type: 'reset_password', ...params, password: '123' })).json();
    expect(short.errors).toEqual({ password: ACCOUNT_MSG.passwordTooShort });
    const done = (await flow({ type: 'reset_password', ...params, password: 'new-pass-1' })).json();
    expect(done).toEqual({ SUCCESS: 'Y', MESSAGE: ACCOUNT_MSG.passwordChanged });
    expect((await signIn('orders@partner.demo', 'new-pass-1')).statusCode).toBe(200);
    expect((await signIn('orders@partner.demo', 'demo1234')).json().error_description).toBe(MSG.wrongCredentials);

    const reused = (await flow({ type: 'reset_password', ...params, password: 'other-pass-2' })).json();
    expect(reused).toEqual({ SUCCESS: 'N', errors: { user_checkword: ACCOUNT_MSG.checkwordInvalid } });
  });

  it('an expired check word is refused', async () => {
    await flow({ type: 'validation_reset', email: 'clients@partner.demo' });
    const params = linkParams(lastMailTo(await readOutbox(t), 'clients@partner.demo').text);
    await t.database.db
      .updateTable('auth_checkwords')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('checkword_hash', '=', tokenHash(params.user_checkword))
      .execute();
    const res = (await flow({ type: 'reset_password', ...params, password: 'new-pass-1' })).json();
    expect(res.errors).toEqual({ user_checkword: ACCOUNT_MSG.checkwordInvalid });
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = (await readOutbox(t)).length;
    const res = (await flow({ type: 'validation_reset', email: 'nobody@nowhere.ru' })).json();
    expect(res).toEqual({ SUCCESS: 'Y', MESSAGE: ACCOUNT_MSG.recoverySent });
    expect((await readOutbox(t)).length).toBe(before);
  });
});

describe('registration with e-mail confirmation', () => {
  it('registers a client in the shop, refuses sign-in until the link is followed, then signs in', async () => {
    const data = {
      type: 'register',
      origin: SHOP_ORIGIN,
      domain: 'kancler',
      email: 'new.client@firma.ru',
      name: 'Павел',
      company: 'ООО «Новая фирма»',
      inn: '7701234567',
      password: 'secret-12',
    };
    expect((await flow(data)).json()).toEqual({ SUCCESS: 'Y', MESSAGE: ACCOUNT_MSG.registered });
    // The same address again: the same answer (issue 37.7), no second account; its owner is told by e-mail.
    expect((await flow(data)).json()).toEqual({ SUCCESS: 'Y', MESSAGE: ACCOUNT_MSG.registered });
    expect((await signIn('new.client@firma.ru', 'secret-12', 'kancler')).json().error_description).toBe(ACCOUNT_MSG.emailNotConfirmed);

    const [mail, attempt, ...more] = (await readOutbox(t)).filter((m) => m.to.includes('new.client@firma.ru'));
    expect(more).toHaveLength(0);
    expect(mail.subject).toBe('Подтверждение регистрации в магазине «Канцлер Опт»');
    expect(attempt.subject).toBe('Попытка регистрации в магазине «Канцлер Опт»');
    const url = mailLink(mail.text);
    expect(url.pathname).toBe('/shop/kancler/account');
    expect([...url.searchParams.keys()].sort()).toEqual(['confirm', 'email', 'user_checkword']);
    const params = linkParams(mail.text);
    expect(params.confirm).toBe('Y');
    const confirmed = await t.app.inject({ method: 'PUT', url: '/v1/login/confirm/', ...form({ ...params, ...WEB_CLIENT }) });
    expect(confirmed.json()).toMatchObject({ SUCCESS: 'Y', MESSAGE: ACCOUNT_MSG.emailConfirmed, isUserWithoutPassword: false });
    expect(confirmed.json().TOKEN.access_token).toBeTruthy();
    expect((await signIn('new.client@firma.ru', 'secret-12', 'kancler')).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'PUT', url: '/v1/login/confirm/', ...form({ ...params, ...WEB_CLIENT }) });
    expect(again.json().errors).toEqual({ user_checkword: ACCOUNT_MSG.confirmInvalid });

    const client = await t.database.db
      .selectFrom('clients')
      .select(['name', 'inn', 'is_new'])
      .where('email', '=', 'new.client@firma.ru')
      .executeTakeFirstOrThrow();
    expect(client).toEqual({ name: 'ООО «Новая фирма»', inn: '7701234567', is_new: true });
  });

  it('validates registration fields and an unknown shop', async () => {
    const res = (await flow({ type: 'register', domain: 'kancler', email: 'bad', name: '', company: '', inn: '123' })).json();
    expect(res.errors).toEqual({
      email: MSG.employeeEmailInvalid,
      name: ACCOUNT_MSG.nameRequired,
      company: ACCOUNT_MSG.companyRequired,
      inn: ACCOUNT_MSG.innInvalid,
    });
    expect((await flow({ type: 'register', domain: 'nope', email: 'a@b.ru' })).json().errors).toEqual({ domain: MSG.shopLinkUnknown });
  });

  it('a user registered without a password is flagged and sets one', async () => {
    // Registered on the back office's /login: the link finishes there, with the shop's domain.
    await flow({ type: 'register', domain: 'kancler', email: 'nopass@firma.ru', name: 'Ирина', company: 'ИП Иванова' });
    const mailed = mailLink(lastMailTo(await readOutbox(t), 'nopass@firma.ru').text);
    expect(mailed.pathname).toBe('/login');
    expect(mailed.searchParams.get('domain')).toBe('kancler');
    const params = linkParams(lastMailTo(await readOutbox(t), 'nopass@firma.ru').text);
    const confirmed = (await t.app.inject({ method: 'PUT', url: '/v1/login/confirm/', ...form({ ...params, ...WEB_CLIENT }) })).json();
    expect(confirmed.isUserWithoutPassword).toBe(true);
    const token = confirmed.TOKEN.access_token;
    const check = (await t.app.inject({ method: 'GET', url: '/v3/api/utils/check/', headers: bearer(token) })).json();
    expect(check).toMatchObject({ isUserWithoutPassword: true, USER_TYPE: 'CLIENT' });
    expect((await flow({ type: 'change_password', password: 'fresh-pass' }, token)).json().SUCCESS).toBe('Y');
    expect((await signIn('nopass@firma.ru', 'fresh-pass', 'kancler')).statusCode).toBe(200);
  });

  it("a buyer's recovery from the shop links to the shop's account page, a staff one's to /login", async () => {
    // From another address: the account flows are rate-limited per client, and the file's other tests use theirs.
    const OTHER_IP = '203.0.113.7';
    await flow({ type: 'validation_reset', email: 'nopass@firma.ru', domain: 'kancler', origin: SHOP_ORIGIN }, undefined, OTHER_IP);
    const url = mailLink(lastMailTo(await readOutbox(t), 'nopass@firma.ru').text);
    expect(url.pathname).toBe('/shop/kancler/account');
    expect([...url.searchParams.keys()].sort()).toEqual(['email', 'user_checkword']);
    const params = linkParams(url.href);
    expect((await flow({ type: 'reset_password', ...params, password: 'shop-pass-2' }, undefined, OTHER_IP)).json().SUCCESS).toBe('Y');
    expect((await signIn('nopass@firma.ru', 'shop-pass-2', 'kancler')).statusCode).toBe(200);

    // A staff member of the shop's partner, asked with the same domain, still gets the back office's link.
    await flow({ type: 'validation_reset', email: 'orders@partner.demo', domain: 'kancler', origin: SHOP_ORIGIN }, undefined, OTHER_IP);
    const staff = mailLink(lastMailTo(await readOutbox(t), 'orders@partner.demo').text);
    expect(staff.pathname).toBe('/login');
    expect(staff.searchParams.get('domain')).toBe('kancler');
  });
});

describe('change password', () => {
  it('needs the current password and a guest token is refused', async () => {
    const token = await t.login('loyalty@partner.demo');
    const wrong = (await flow({ type: 'change_password', current_password: 'nope', password: 'another-1' }, token)).json();
    expect(wrong.errors).toEqual({ current_password: ACCOUNT_MSG.currentPasswordWrong });
    const differ = (
      await flow({ type: 'change_password', current_password: 'demo1234', password: 'another-1', confirm_password: 'x' }, token)
    ).json();
    expect(differ.errors).toEqual({ confirm_password: ACCOUNT_MSG.passwordsDiffer });
    const ok = (await flow({ type: 'change_password', current_password: 'demo1234', password: 'another-1' }, token)).json();
    expect(ok.SUCCESS).toBe('Y');
    expect((await signIn('loyalty@partner.demo', 'another-1')).statusCode).toBe(200);
    expect((await flow({ type: 'change_password', password: 'x12345' })).statusCode).toBe(401);
  });

  it('an unknown type is a 400', async () => {
    expect((await flow({ type: 'hack' })).statusCode).toBe(400);
  });
});
