import { afterAll, beforeAll } from 'vitest';
import { bearer, createTestApp, type TestApp } from '@/test/test-app';
import { multipart, type FilePart } from './test-files';

export type FormFields = Record<string, string | string[]>;

/** Form-encoded as the spec's client sends it: a list as name[0]=…, name[1]=…. */
export function encodeForm(fields: FormFields): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) {
    if (Array.isArray(v)) v.forEach((item, i) => params.append(`${k}[${i}]`, item));
    else params.append(k, v);
  }
  return params.toString();
}

/**
 * One app on a fresh copy of the seeded database for a test file of the shop settings area, with calls made as
 * the partner's ADMIN unless another token is given.
 */
export function settingsTestApp() {
  let app: TestApp | undefined;
  let admin = '';
  const t = (): TestApp => {
    if (!app) throw new Error('the test app starts in beforeAll');
    return app;
  };
  beforeAll(async () => {
    app = await createTestApp();
    admin = await app.login('admin@partner.demo');
  });
  afterAll(() => app?.close());
  return {
    get t() {
      return t();
    },
    get admin() {
      return admin;
    },
    login: (email: string) => t().login(email),
    /** token null: an anonymous call. */
    get: (url: string, token: string | null = admin) => t().app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} }),
    post: (url: string, fields: FormFields, token = admin) =>
      t().app.inject({
        method: 'POST',
        url,
        payload: encodeForm(fields),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...bearer(token) },
      }),
    /** A body exactly as given: a raw form text (malformed names and types included) or a JSON value. */
    raw: (url: string, body: string | object, token = admin) =>
      t().app.inject({
        method: 'POST',
        url,
        payload: typeof body === 'string' ? body : JSON.stringify(body),
        headers: { 'content-type': typeof body === 'string' ? 'application/x-www-form-urlencoded' : 'application/json', ...bearer(token) },
      }),
    upload: (url: string, fields: FormFields, files: FilePart[], token = admin) => {
      const body = multipart(fields, files);
      return t().app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
    },
  };
}
