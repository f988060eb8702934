import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@/test/test-app';
import { inlineScriptHashes } from './security-headers';
import { ASSET_CACHE, PAGE_CACHE, ROOT_FILE_CACHE } from './web-app';

/** A small web build as apps/web's build writes it: hashed assets with their brotli and gzip twins. */
const INLINE = "document.documentElement.dataset.js='1'";
const INDEX = `<!doctype html><html><head><script>${INLINE}</script><script type="module" src="/assets/app-abc123.js"></script>${'<meta name="x">'.repeat(100)}</head><body></body></html>`;
const APP_JS = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: 'строка ${i}' }`).join(', ')}];\n`;
const FAVICON = '<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/></svg>';

const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-web-'));
function withTwins(name: string, text: string) {
  const file = path.join(webDist, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text, { level: 9 }));
}
withTwins('index.html', INDEX);
withTwins('assets/app-abc123.js', APP_JS);
fs.writeFileSync(path.join(webDist, 'favicon.svg'), FAVICON);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, accept = '*/*') =>
  t.app.inject({ method: 'GET', url, headers: { accept, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) } });

const decoded = (res: Awaited<ReturnType<typeof get>>): string => {
  const body = res.rawPayload;
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8');
  return body.toString('utf8');
};

describe('the web client is served precompressed and cached by kind (issue 11, point 5)', () => {
  it('a hashed asset: brotli, gzip or the raw file as the browser accepts, cached for a year as immutable', async () => {
    const cases = [
      ['gzip, deflate, br, zstd', 'br'],
      ['br;q=0.5, gzip;q=1', 'gzip'],
      ['gzip', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ] as const;
    for (const [acceptEncoding, encoding] of cases) {
      const res = await get('/assets/app-abc123.js', acceptEncoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
      expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(res.headers['cache-control']).toBe(ASSET_CACHE);
      expect(decoded(res)).toBe(APP_JS);
      if (encoding) expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(APP_JS));
    }
  });

  it('index.html, at / and as the fallback of a client route, is compressed too and revalidated every time', async () => {
    for (const url of ['/', '/partner/orderlist', '/partner/order/15/?tab=items']) {
      const res = await get(url, 'br, gzip', 'text/html');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toContain('text/html');
      expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(res.headers['cache-control']).toBe(PAGE_CACHE);
      expect(decoded(res)).toBe(INDEX);
    }
    const plain = await get('/partner/orderlist', undefined, 'text/html');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe(PAGE_CACHE);
    expect(plain.body).toBe(INDEX);
  });

  it("the page's CSP still allows its inline script: the hash is of the page the browser decodes", async () => {
    const res = await get('/partner/orderlist', 'gzip', 'text/html');
    const [hash] = inlineScriptHashes(decoded(res));
    expect(hash).toBeTruthy();
    expect(res.headers['content-security-policy']).toContain(`script-src 'self' ${hash}`);
  });

  it('another root file is cached briefly; without a twin it is sent as it is', async () => {
    const res = await get('/favicon.svg', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe(ROOT_FILE_CACHE);
    expect(res.body).toBe(FAVICON);
  });

  it('API paths still answer a JSON 404, never the page; a malformed path is no 5xx', async () => {
    for (const url of ['/v3/api/nothing/', '/v1/nothing']) {
      const res = await get(url, 'br, gzip', 'text/html');
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.headers['content-encoding']).toBeUndefined();
    }
    for (const url of ['/%FF', '/assets/%E0%A4%A', '/assets/../index.html']) {
      expect((await get(url, 'br', 'text/html')).statusCode).toBeLessThan(500);
    }
  });
});
