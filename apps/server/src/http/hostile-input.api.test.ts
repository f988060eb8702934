import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPLOYEE_MSG } from '@b2b/contracts/employees';
import { LIMITS } from '@b2b/contracts/limits';
import { MSG } from '@b2b/contracts/messages';
import { multipart } from '@/test/multipart';
import { bearer, createTestApp, form, shopToken, type TestApp, WEB_CLIENT } from '@/test/test-app';

/** Issue 9: no input ends the process or answers 500; every text is checked once, in Russian. */
let t: TestApp;
let owner: string;
let manager: string;
let buyer: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login('owner@partner.demo');
  manager = await t.login('manager@platform.demo');
  buyer = await shopToken(t);
});
afterAll(() => t.close());

describe('malformed URLs', () => {
  it('a malformed request_id falls back to a fresh id and the server keeps answering', async () => {
    for (const url of ['/login?request_id=%FF', '/v3/api/utils/check/?request_id=%E0%A4%A', '/v3/api/utils/check/?request_id=%']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toBeTypeOf('object');
    }
    const check = await t.app.inject({ method: 'GET', url: '/v3/api/utils/check/?request_id=%FF', headers: bearer(owner) });
    expect(check.statusCode).toBe(200);
    expect(check.headers['request-id'] ?? '').not.toContain('%');
  });

  it("a malformed path answers the API's own error body", async () => {
    for (const url of ['/%FF', '/v3/api/partner/order/%E0%A4%A/']) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(owner) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'invalid_request', error_description: MSG.badRequest });
    }
  });
});

describe('text inputs', () => {
  it('every documented route refuses a NUL byte in the query and in the body with a Russian 400, never a 500', async () => {
    const paths = (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    const calls = Object.entries(paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, '1') })),
    );
    expect(calls.length).toBeGreaterThan(30);
    for (const { method, url } of calls) {
      // Each route called by a user it admits: a route's access is checked before its input.
      const token = url.startsWith('/v3/api/manager/') ? manager : /^\/(v3\/api\/(client|catalog|personal)|v1\/personal)\//.test(url) ? buyer : owner;
      const viaQuery = await t.app.inject({ method: method as 'GET', url: `${url}?query=a%00b&domain_name=%00`, headers: bearer(token) });
      expect({ method, url, status: viaQuery.statusCode, body: viaQuery.json() }).toEqual({
        method,
        url,
        status: 400,
        body: { error: 'invalid_request', error_description: expect.stringMatching(/содержит недопустимые символы/) },
      });
      // 1C's exchange takes a file's raw bytes as its body, not text fields (its refusals: exchange-protocol.api.test.ts).
      if (method === 'GET' || t.app.routeTable.some((r) => r.url === url && r.contract?.tags.includes('exchange-1c'))) continue;
      const viaBody = await t.app.inject({
        method: method as 'POST',
        url,
        ...form({ name: 'Иван\u0000', comment: 'x', type: 'shop' }),
        headers: { ...form({}).headers, ...bearer(token) },
      });
      expect({ method, url, status: viaBody.statusCode }).toEqual({ method, url, status: 400 });
      expect(viaBody.json().error_description).toBe(MSG.textInvalidChars('name'));
    }
  });

  it('the unauthenticated shop lookup refuses a NUL domain', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v3/api/client/shop/?domain_name=%00' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_description).toBe(MSG.textInvalidChars('domain_name'));
  });

  it('an upload whose file name holds a NUL is refused', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v3/api/partner/shop/',
      ...multipart([
        { name: 'type', value: 'shop' },
        { name: 'shop_file[0]', filename: 'price\u0000.pdf', value: '%PDF-1.4\n' },
      ]),
      headers: { ...multipart([]).headers, ...bearer(owner) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_description).toBe(MSG.textInvalidChars('shop_file[0]'));
  });

  it('a huge login answers 400 or 413 in Russian, not "index row requires…"', async () => {
    const login = (username: string) =>
      t.app.inject({ method: 'POST', url: '/v3/oauth/token/', ...form({ grant_type: 'password', username, password: 'x', ...WEB_CLIENT }) });
    const long = await login(`${'a'.repeat(5000)}@x.ru`);
    expect(long.statusCode).toBe(400);
    expect(long.json().error_description).toBe(MSG.wrongCredentials);
    // The token route is open to signed-out visitors: its body's cap (64 KB) comes before any field's length.
    const over = await login(`${'a'.repeat(LIMITS.publicBodyMaxBytes)}@x.ru`);
    expect(over.statusCode).toBe(413);
    expect(over.json().error_description).toBe(MSG.requestTooLarge);
  });

  it("a body text over the global cap names its field, within a signed-in form's 1 MB", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v3/api/partner/commercial_offer/',
      ...form({ org_name: 'a'.repeat(LIMITS.textValueMaxChars + 1) }),
      headers: { ...form({}).headers, ...bearer(owner) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_description).toBe(MSG.textTooLong('org_name', LIMITS.textValueMaxChars));
  });

  it('a text over the global cap names its field', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/v3/api/partner/orderlist/?query=${'я'.repeat(LIMITS.queryValueMaxChars + 1)}`,
      headers: bearer(owner),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_description).toBe(MSG.textTooLong('query', LIMITS.queryValueMaxChars));
  });

  it('the employee form limits names and answers in Russian only', async () => {
    const save = (data: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/v3/api/partner/employee/', ...form(data), headers: { ...form({}).headers, ...bearer(owner) } });
    const long = (await save({ email: 'long@name.test', name: 'Я'.repeat(LIMITS.personNameMax + 1), surname: 'Петров' })).json();
    expect(long).toEqual({ SUCCESS: 'N', errors: { name: `Имя не должно быть длиннее ${LIMITS.personNameMax} символов` } });
    const wrongTypes = (await save({ email: 'x@y.test', name: 'Иван', surname: 'Петров', orders: 'maybe', 'price[0]': 'Y' })).json();
    expect(wrongTypes.SUCCESS).toBe('N');
    for (const message of Object.values(wrongTypes.errors as Record<string, string>)) expect(message).toMatch(/[А-Яа-яЁё]/);
    const empty = (await save({})).json();
    expect(empty.errors).toEqual({
      surname: MSG.employeeSurnameRequired,
      name: MSG.employeeNameRequired,
      email: MSG.employeeEmailRequired,
    });
    expect(EMPLOYEE_MSG.emailTaken).toBeTruthy();
  });

  it('too many multipart parts answers its own message, not the file-size one', async () => {
    const parts = Array.from({ length: 2100 }, (_, i) => ({ name: `f${i}`, value: 'x' }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/v3/api/partner/shop/',
      ...multipart(parts),
      headers: { ...multipart([]).headers, ...bearer(owner) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error_description).toBe(MSG.tooManyParts);
  });
});
