import { readFileSync, statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, form, type TestApp } from '@/test/test-app';
import { z } from 'zod';
import { LIMITS } from '@b2b/contracts/limits';
import { bodyCapsOf } from './body-caps';
import { failed, list, ok } from './envelope';

let t: TestApp;
let owner: string;

/** A probe route registered for this test only: it echoes what the wire layer made of the request. */
beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    const bodyCaps = bodyCapsOf({ access: 'user', body: z.unknown(), files: { maxFiles: 1, maxFileBytes: LIMITS.uploadMaxBytes } });
    app.post('/v3/api/test/echo/', { bodyLimit: bodyCaps.formBytes, config: { bodyCaps } }, async (request) => ({
      body: request.body,
      query: request.query,
      // A file arrives as a scratch file of its size: a small one's text is echoed too.
      files: request.uploads.map((f) => ({
        field: f.field,
        filename: f.filename,
        size: f.size,
        onDisk: statSync(f.path).size,
        ...(f.size < 100 ? { text: readFileSync(f.path, 'utf8') } : {}),
      })),
      user: request.auth.user?.email ?? null,
    }));
    app.get('/v3/api/test/envelopes/', async () => ({
      ok: ok({ ID: 1 }, 'Готово'),
      failed: failed({ name: 'Не указано название' }),
      list: list([{ ID: 1 }], { CNT: 1, CNT_ALL: 5 }),
    }));
    app.get('/v3/api/test/boom/', async () => {
      throw new Error('secret internal detail');
    });
  });
  owner = await t.login('owner@partner.demo');
});
afterAll(() => t.close());

describe('wire conventions', () => {
  it('unflattens form bodies and query strings', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v3/api/test/echo/?ids[0]=3&ids[1]=4&f[status]=NEW',
      ...form({ 'clients[0]': '5', 'clients[1]': '7', 'ph[0][PHONE]': '+7', delete: 'Y' }),
    });
    expect(res.json().body).toEqual({ clients: ['5', '7'], ph: [{ PHONE: '+7' }], delete: 'Y' });
    expect(res.json().query).toEqual({ ids: ['3', '4'], f: { status: 'NEW' } });
  });

  it('reads multipart bodies: fields unflattened, files attached', async () => {
    const boundary = '----b2btest';
    const parts = [
      `--${boundary}\r\nContent-Disposition: form-data; name="names[0]"\r\n\r\nА\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="names[1]"\r\n\r\nБ\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\ncode;price\n100001;1,5\r\n`,
      `--${boundary}--\r\n`,
    ];
    const res = await t.app.inject({
      method: 'POST',
      url: '/v3/api/test/echo/',
      payload: Buffer.from(parts.join('')),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().body).toEqual({ names: ['А', 'Б'] });
    expect(res.json().files).toEqual([{ field: 'file', filename: 'a.csv', size: 21, onDisk: 21, text: 'code;price\n100001;1,5' }]);
  });

  it("hands a file over the route's cap on cut to one byte more (the route says it is too large), and answers 413 past the body's cap", async () => {
    const boundary = '----big';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const send = (fileBytes: number) =>
      t.app.inject({
        method: 'POST',
        url: '/v3/api/test/echo/',
        payload: Buffer.concat([Buffer.from(head), Buffer.alloc(fileBytes, 1), Buffer.from(`\r\n--${boundary}--\r\n`)]),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
    const over = await send(LIMITS.uploadMaxBytes + 10);
    expect(over.statusCode).toBe(200);
    expect(over.json().files).toEqual([{ field: 'file', filename: 'big.xlsx', size: LIMITS.uploadMaxBytes + 1, onDisk: LIMITS.uploadMaxBytes + 1 }]);
    const bomb = await send(LIMITS.uploadMaxBytes + LIMITS.formBodyMaxBytes);
    expect(bomb.statusCode).toBe(413);
    expect(bomb.headers.connection).toBe('close');
    expect(bomb.json()).toEqual({ error: 'payload_too_large', error_description: 'Слишком большой запрос' });
  });

  it('takes the access token from the Bearer header or the query', async () => {
    const viaHeader = await t.app.inject({ method: 'POST', url: '/v3/api/test/echo/', headers: bearer(owner) });
    expect(viaHeader.json().user).toBe('owner@partner.demo');
    const viaQuery = await t.app.inject({ method: 'POST', url: `/v3/api/test/echo/?access_token=${owner}` });
    expect(viaQuery.json().user).toBe('owner@partner.demo');
  });

  it('shapes actions and lists as the spec reads them', async () => {
    const res = (await t.app.inject({ method: 'GET', url: '/v3/api/test/envelopes/' })).json();
    expect(res.ok).toEqual({ SUCCESS: 'Y', MESSAGE: 'Готово', ID: 1 });
    expect(res.failed).toEqual({ SUCCESS: 'N', errors: { name: 'Не указано название' } });
    expect(res.list).toEqual({ ITEMS: [{ ID: 1 }], ENTITIES: {}, NAV: { CNT: 1, CNT_ALL: 5 } });
  });

  it('never shows internal text on a 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v3/api/test/boom/' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
    expect(res.json().error).toBe('server_error');
  });

  it.each([
    ['malformed JSON', { 'content-type': 'application/json' }, '{"a":'],
    ['an unknown content type', { 'content-type': 'application/x-unknown' }, 'xx'],
    ['a broken multipart body', { 'content-type': 'multipart/form-data; boundary=zz' }, '--zz\r\nbroken'],
  ])('answers 4xx, not 500, for %s', async (_name, headers, payload) => {
    const res = await t.app.inject({ method: 'POST', url: '/v3/api/test/echo/', headers, payload });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().error_description).toBeTruthy();
  });

  it('answers 404 as JSON for an unknown API path, with or without the trailing slash', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v3/api/nothing/here/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', error_description: 'Не найдено' });
    const noSlash = await t.app.inject({ method: 'GET', url: '/v3/api/utils/check' });
    expect(noSlash.statusCode).toBe(200);
  });

  it('publishes an OpenAPI document of every route to signed-in staff', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v3/api/docs/json', headers: bearer(owner) });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of ['/v3/oauth/token/', '/v3/api/utils/check/', '/v1/login/confirm/', '/v3/api/partner/info/', '/v3/api/manager/info/']) {
      expect(paths).toContain(p);
    }
  });
});
