import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@b2b/contracts/messages';
import { bearer, createTestApp, form, type TestApp } from '@/test/test-app';
import { insertClient, partnerIdOf } from '../clients/clients-test-fixtures';

/*
 * Issue 37.7: a blacklisted client's personal YML feed kept serving its prices. It answers 404 from the moment the
 * client is blacklisted (nothing keeps the feed: the next request already sees it), serves again once the client is
 * restored, and a client that is gone has no feed.
 */

let t: TestApp;
let staff: string;
let pid: number;

const post = (url: string, data: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, ...form(data), headers: { ...form(data).headers, ...bearer(staff) } });
const feed = (url: string) => t.app.inject({ method: 'GET', url });

/** A new client of the main partner with a personal YML link; answers the client and the link's path. */
async function clientWithFeed(name: string) {
  const client = await insertClient(t.database.db, pid, { name, registeredAt: new Date() });
  const created = (await post(`/v3/api/partner/pricing/yml/client/${client}/catalog/`, { action: 'create' })).json();
  expect(created).toMatchObject({ SUCCESS: 'Y', ITEMS: [{ URL: expect.stringMatching(/^\/yml\/[\w-]+\.xml$/) }] });
  return { client, url: created.ITEMS[0].URL as string };
}

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.login('clients@partner.demo');
  pid = await partnerIdOf(t.database.db, 'clients@partner.demo');
});
afterAll(() => t.close());

describe("a client's YML feed", () => {
  it('answers 404 from the moment its client is blacklisted, and serves again once it is restored', async () => {
    const { client, url } = await clientWithFeed('ООО Фид в черном списке');
    const before = await feed(url);
    expect(before.statusCode).toBe(200);
    expect(before.headers['cache-control']).toBe('no-store');
    expect(before.body).toContain('<yml_catalog');

    expect((await post('/v3/api/partner/blacklist/', { 'clients[0]': String(client), delete: 'Y' })).json()).toMatchObject({
      SUCCESS: 'Y',
      CHANGED: [client],
    });
    const blocked = await feed(url);
    expect(blocked.statusCode).toBe(404);
    expect(blocked.json()).toEqual({ error: 'not_found', error_description: MSG.notFound });
    expect(blocked.body).not.toContain('<offer');

    expect((await post('/v3/api/partner/blacklist/', { 'clients[0]': String(client), delete: 'N' })).json()).toMatchObject({
      SUCCESS: 'Y',
      CHANGED: [client],
    });
    expect((await feed(url)).statusCode).toBe(200);
  });

  it('answers 404 once its client is gone', async () => {
    const { client, url } = await clientWithFeed('ООО Фид удаленного клиента');
    expect((await feed(url)).statusCode).toBe(200);
    await t.database.db.deleteFrom('clients').where('partner_id', '=', pid).where('id', '=', client).execute();
    expect((await feed(url)).statusCode).toBe(404);
  });
});
