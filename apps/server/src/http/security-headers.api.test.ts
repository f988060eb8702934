import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@b2b/contracts/messages';
import { bearer, createTestApp, form, WEB_CLIENT, type TestApp } from '@/test/test-app';

/** A built web app with an inline script, as Vite may emit one (an outdated-browser notice). */
const INLINE = "document.documentElement.dataset.js='1'";
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-web-'));
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  `<!doctype html><html><head><script>${INLINE}</script><script type="module" src="/assets/app.js"></script></head><body></body></html>`,
);

let t: TestApp;
let open: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webDist });
  open = await createTestApp({ webDist: null, API_DOCS: 'public' });
});
afterAll(async () => {
  await t.close();
  await open.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const csp = (header: unknown) =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );

describe('security headers (issue 9, point 8)', () => {
  it('the web app page carries a CSP that its scripts, styles, images and map tiles work under, and cannot be framed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/partner/orderlist', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    const policy = csp(res.headers['content-security-policy']);
    const hash = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;
    expect(policy['script-src']).toEqual(["'self'", hash]);
    expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy['img-src']).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:', 'https://*.tile.openstreetmap.org']));
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('API answers, errors included, carry the same headers', async () => {
    for (const url of ['/v3/api/utils/check/', '/v3/api/partner/info/', '/v3/api/nothing/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });
});

describe('/v3/api/docs (issue 9, point 8)', () => {
  const docs = (app: TestApp, url: string, headers: Record<string, string> = {}) => app.app.inject({ method: 'GET', url, headers });
  const guestToken = async () =>
    (await t.app.inject({ method: 'POST', url: '/v3/oauth/token/', ...form({ grant_type: 'client_credentials', ...WEB_CLIENT }) })).json()
      .access_token as string;

  it('answers a guest 401 JSON, not the page or the document', async () => {
    const guest = await guestToken();
    for (const url of ['/v3/api/docs', '/v3/api/docs/', '/v3/api/docs/json', '/v3/api/docs/yaml']) {
      for (const headers of [{}, bearer(guest), bearer('garbage')]) {
        const res = await docs(t, url, headers);
        expect(res.statusCode).toBe(401);
        expect(res.headers['content-type']).toContain('application/json');
        expect(res.json().error_description).toBeTruthy();
        expect(res.body).not.toContain('swagger');
      }
    }
  });

  it('answers a signed-in buyer 403', async () => {
    const buyer = await t.login('buyer@client.demo');
    const res = await docs(t, '/v3/api/docs/json', bearer(buyer));
    expect(res.statusCode).toBe(403);
    expect(res.json().error_description).toBe(MSG.forbidden);
  });

  it("serves partner staff and managers by Bearer header, query token or the web app's access-token cookie", async () => {
    const staff = await t.login('orders@partner.demo');
    const manager = await t.login('manager@platform.demo');
    expect((await docs(t, '/v3/api/docs/json', bearer(staff))).json().openapi).toMatch(/^3\./);
    expect((await docs(t, `/v3/api/docs/json?access_token=${manager}`)).statusCode).toBe(200);
    const page = await docs(t, '/v3/api/docs/', { cookie: `access_token=${staff}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui');
    // The UI's page still runs under the CSP: it loads only its own script files.
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
  });

  it('is open to everyone when the configuration says API_DOCS=public', async () => {
    const res = await docs(open, '/v3/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/v3/oauth/token/');
  });
});
