import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPLOYEE_MSG } from '@b2b/contracts/employees';
import { MSG } from '@b2b/contracts/messages';
import { bearer, createTestApp, form, WEB_CLIENT, type TestApp } from '@/test/test-app';
import { lastMailTo, readOutbox } from '@/test/outbox';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@partner.demo');
});
afterAll(() => t.close());

const post = (url: string, data: Record<string, string>, token = admin) =>
  t.app.inject({ method: 'POST', url, ...form(data), headers: { ...form(data).headers, ...bearer(token) } });
const list = async (token = admin) => (await t.app.inject({ method: 'GET', url: '/v3/api/partner/employee/', headers: bearer(token) })).json();

describe('employees', () => {
  it('lists the partner employees with their rights and not the owner', async () => {
    const body = await list();
    const emails = body.ITEMS.map((e: { EMAIL: string }) => e.EMAIL);
    expect(emails).toEqual(expect.arrayContaining(['admin@partner.demo', 'orders@partner.demo', 'loyalty@partner.demo']));
    expect(emails).not.toContain('owner@partner.demo');
    const orders = body.ITEMS.find((e: { EMAIL: string }) => e.EMAIL === 'orders@partner.demo');
    expect(orders).toMatchObject({ ORDERS: 'Y', PRICE: 'N', CLIENTS: 'N', LOYALTY: 'N', ACTIVE: 'Y', HAS_PASSWORD: 'Y' });
  });

  it('validates the form with the spec texts', async () => {
    const res = (await post('/v3/api/partner/employee/', { email: '', name: '', surname: '' })).json();
    expect(res).toEqual({
      SUCCESS: 'N',
      errors: { surname: 'Вы не указали фамилию', name: 'Вы не указали имя', email: 'Вы не указали почту' },
    });
    const bad = (await post('/v3/api/partner/employee/', { email: 'not-an-email', name: 'Анна', surname: 'Иванова' })).json();
    expect(bad.errors).toEqual({ email: 'Вы ввели неправильный электронный адрес' });
    const taken = (await post('/v3/api/partner/employee/', { email: 'Orders@Partner.demo', name: 'Анна', surname: 'Иванова' })).json();
    expect(taken.errors).toEqual({ email: EMPLOYEE_MSG.emailTaken });
  });

  it('creates with orders on by default, normalising names; edits; sends a password that signs in', async () => {
    const created = (await post('/v3/api/partner/employee/', { email: 'New.Person@partner.demo', name: 'анна-мария1', surname: ' иванова ' })).json();
    expect(created).toMatchObject({ SUCCESS: 'Y', MESSAGE: EMPLOYEE_MSG.created });
    const row = (await list()).ITEMS.find((e: { ID: number }) => e.ID === created.ID);
    expect(row).toMatchObject({
      NAME: 'Анна-мария',
      SURNAME: 'Иванова',
      EMAIL: 'new.person@partner.demo',
      ORDERS: 'Y',
      PRICE: 'N',
      HAS_PASSWORD: 'N',
    });

    const edited = (
      await post('/v3/api/partner/employee/', {
        employee_id: String(created.ID),
        email: 'new.person@partner.demo',
        name: 'Анна',
        surname: 'Иванова',
        orders: 'N',
        price: 'N',
        clients: 'N',
        loyalty: 'Y',
      })
    ).json();
    expect(edited.SUCCESS).toBe('Y');

    // Price, clients and orders are all N: sending the password switches orders on first.
    const sent = (await post('/v3/api/partner/employee/password/', { employee_id: String(created.ID) })).json();
    expect(sent).toMatchObject({ SUCCESS: 'Y', ORDERS: 'Y', MESSAGE: EMPLOYEE_MSG.passwordSent });
    const mail = lastMailTo(await readOutbox(t), 'new.person@partner.demo');
    expect(mail.subject).toBe('Доступ к личному кабинету «Канцлер Опт»');
    const password = /Пароль: (\S+)/.exec(mail.text)?.[1];
    expect(password).toMatch(/^\w{10}$/);

    const token = await t.login('new.person@partner.demo', password);
    const check = (await t.app.inject({ method: 'GET', url: '/v3/api/utils/check/', headers: bearer(token) })).json();
    expect(check.USER.ROLES).toEqual(['ORDERS', 'LOYALTY']);
  });

  it('a disabled employee cannot sign in and its token dies at once; enabling restores it', async () => {
    const token = await t.login('price@partner.demo');
    const id = (await list()).ITEMS.find((e: { EMAIL: string }) => e.EMAIL === 'price@partner.demo').ID;
    expect((await post('/v3/api/partner/employee/', { employee_id: String(id), active: 'N' })).json().MESSAGE).toBe(EMPLOYEE_MSG.disabled);
    const info = await t.app.inject({ method: 'GET', url: '/v3/api/partner/info/', headers: bearer(token) });
    expect(info.statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/v3/oauth/token/',
      ...form({ grant_type: 'password', username: 'price@partner.demo', password: 'demo1234', ...WEB_CLIENT }),
    });
    expect(signIn.json().error_description).toBe(MSG.userDisabled);
    await post('/v3/api/partner/employee/', { employee_id: String(id), active: 'Y' });
    expect(await t.login('price@partner.demo')).toBeTruthy();
  });

  it('deletes an employee: it disappears and can no longer sign in; its e-mail can be reused', async () => {
    const created = (await post('/v3/api/partner/employee/', { email: 'temp@partner.demo', name: 'Олег', surname: 'Временный' })).json();
    expect((await post('/v3/api/partner/employee/', { employee_id: String(created.ID), delete: 'Y' })).json().MESSAGE).toBe(EMPLOYEE_MSG.deleted);
    expect((await list()).ITEMS.some((e: { ID: number }) => e.ID === created.ID)).toBe(false);
    const again = (await post('/v3/api/partner/employee/', { email: 'temp@partner.demo', name: 'Олег', surname: 'Новый' })).json();
    expect(again.SUCCESS).toBe('Y');
  });

  it('an admin cannot disable itself', async () => {
    const id = (await list()).ITEMS.find((e: { EMAIL: string }) => e.EMAIL === 'admin@partner.demo').ID;
    const res = (await post('/v3/api/partner/employee/', { employee_id: String(id), active: 'N' })).json();
    expect(res).toEqual({ SUCCESS: 'N', errors: { active: EMPLOYEE_MSG.cannotChangeSelf } });
  });

  it('only ADMIN and the owner manage employees', async () => {
    for (const email of ['orders@partner.demo', 'clients@partner.demo', 'loyalty@partner.demo']) {
      const token = await t.login(email);
      expect((await t.app.inject({ method: 'GET', url: '/v3/api/partner/employee/', headers: bearer(token) })).statusCode).toBe(403);
      expect((await post('/v3/api/partner/employee/', { email: 'x@y.ru', name: 'А', surname: 'Б' }, token)).statusCode).toBe(403);
    }
    const owner = await t.login('owner@partner.demo');
    expect((await list(owner)).ITEMS.length).toBeGreaterThan(0);
  });

  it("one partner's admin cannot touch the other's employees: 404", async () => {
    const second = await t.login('owner@second.demo');
    const id = (await list()).ITEMS.find((e: { EMAIL: string }) => e.EMAIL === 'orders@partner.demo').ID;
    for (const data of <Record<string, string>[]>[
      { employee_id: String(id), active: 'N' },
      { employee_id: String(id), delete: 'Y' },
      { employee_id: String(id), email: 'orders@partner.demo', name: 'Взлом', surname: 'Взлом' },
    ]) {
      expect((await post('/v3/api/partner/employee/', data, second)).statusCode).toBe(404);
    }
    expect((await post('/v3/api/partner/employee/password/', { employee_id: String(id) }, second)).statusCode).toBe(404);
    expect((await list(second)).ITEMS.some((e: { ID: number }) => e.ID === id)).toBe(false);
    expect((await list()).ITEMS.find((e: { ID: number }) => e.ID === id)).toMatchObject({ ACTIVE: 'Y', NAME: expect.not.stringMatching('Взлом') });
  });

  it("a deleted employee's token stops working at once (the per-request check reads the live user with the token)", async () => {
    const token = await t.login('loyalty@partner.demo');
    const check = async () => (await t.app.inject({ method: 'GET', url: '/v3/api/utils/check/', headers: bearer(token) })).json();
    expect(await check()).toMatchObject({ STATUS: 'valid', USER: { EMAIL: 'loyalty@partner.demo' } });
    const id = (await list()).ITEMS.find((e: { EMAIL: string }) => e.EMAIL === 'loyalty@partner.demo').ID;
    expect((await post('/v3/api/partner/employee/', { employee_id: String(id), delete: 'Y' })).json().SUCCESS).toBe('Y');
    expect(await check()).toMatchObject({ STATUS: 'invalid', USER: null });
    expect((await t.app.inject({ method: 'GET', url: '/v3/api/partner/orderlist/', headers: bearer(token) })).statusCode).toBe(401);
  });
});
