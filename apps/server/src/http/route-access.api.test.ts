import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@/test/test-app';

/** Issue 10: every /v3/api route declares who may call it on its contract; a route without one fails here. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('the route table', () => {
  it('has a declared access on every API route: /v3/api, the OAuth endpoints and /v1', () => {
    const api = t.app.routeTable.filter((r) => /^\/(v3|v1)\//.test(r.url) && !r.url.startsWith('/v3/api/docs'));
    expect(api.length).toBeGreaterThan(40);
    expect(
      api
        .filter((r) => r.url.startsWith('/v3/oauth/'))
        .map((r) => r.url)
        .sort(),
    ).toEqual(['/v3/oauth/revoke/', '/v3/oauth/token/']);
    expect(api.filter((r) => r.access === undefined).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });
});

describe('a route registered from its contract', () => {
  it('answers a form body that fails its schema with SUCCESS=N and the field, in Russian', async () => {
    const admin = await t.login('admin@partner.demo');
    const res = await t.app.inject({
      method: 'POST',
      url: '/v3/api/partner/employee/',
      payload: 'surname[a]=1&name=Иван&email=ivan@example.com',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ SUCCESS: 'N', errors: { surname: expect.stringMatching(/[а-я]/) } });
  });

  it('refuses by its declared access before the body: a role without the right gets 403 for a broken body', async () => {
    const orders = await t.login('orders@partner.demo');
    const res = await t.app.inject({
      method: 'POST',
      url: '/v3/api/partner/employee/',
      payload: '--x\r\nbroken',
      headers: { 'content-type': 'multipart/form-data; boundary=x', authorization: `Bearer ${orders}` },
    });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/v3/api/partner/employee/' })).statusCode).toBe(401);
  });
});

describe('/v3/api/docs', () => {
  it("documents a contract route's body, answer and access", () => {
    const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, Record<string, unknown>>> };
    const save = doc.paths['/v3/api/partner/employee/'].post as {
      description: string;
      requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
      responses: Record<string, unknown>;
    };
    expect(save.description).toContain('staff: viewEmployees');
    expect(Object.keys(Object.values(save.requestBody.content)[0].schema.properties)).toContain('employee_id');
    expect(JSON.stringify(save.responses['200'])).toContain('SUCCESS');
  });
});
