import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stricterApplies } from '@b2b/contracts/http/route';
import { accessAllows, signInSuiteAccounts, type SuiteAccount } from '@/test/security/accounts';
import { partnerFingerprint } from '@/test/security/data-fingerprint';
import { BODY_OVER_EVERY_CAP, hostileBodies } from '@/test/security/hostile-bodies';
import {
  BUYER_ID_ROUTES,
  fillPath,
  MANAGER_ID_ROUTES,
  nothingPath,
  PUBLIC_ID_ROUTES,
  ROUTE_IDS,
  UNSCOPED_PARAM_ROUTES,
} from '@/test/security/route-ids';
import { createTestApp, type TestApp } from '@/test/test-app';
import type { RouteEntry } from './route-table';

/*
 * Issue 10.3: a security suite generated from Fastify's route table, so a route is covered the moment it is
 * registered: (a) every route × every demo account answers as its declared access says; (b) every route taking
 * an id answers 404 for the other partner's ids and changes nothing; (c) hostile bodies on every POST route are
 * refused without a 5xx and without a change.
 */

let t: TestApp;
let accounts: SuiteAccount[];
let apiRoutes: RouteEntry[];
let mainId: number;
let secondId: number;

const account = (email: SuiteAccount['email']) => accounts.find((a) => a.email === email)!;
const auth = (who: SuiteAccount): Record<string, string> => (who.token ? { authorization: `Bearer ${who.token}` } : {});
const label = (r: RouteEntry) => `${r.method} ${r.url}`;
const hasParams = (r: RouteEntry) => r.url.includes(':');

beforeAll(async () => {
  t = await createTestApp();
  accounts = await signInSuiteAccounts(t, t.database.db);
  apiRoutes = t.app.routeTable.filter((r) => r.url.startsWith('/v3/api/') && !r.url.startsWith('/v3/api/docs'));
  mainId = account('owner@partner.demo').partnerId!;
  secondId = account('owner@second.demo').partnerId!;
  // The demo's second partner has uploaded no file yet: one of its own, for (b) to try to read.
  await t.database.db
    .insertInto('files')
    .values({
      partner_id: secondId,
      purpose: 'shop_file',
      original_name: 'прайс.pdf',
      mime: 'application/pdf',
      size: 4,
      sha256: '0'.repeat(64),
      storage_path: 'never-read',
    })
    .execute();
  // Nor has it made a client group.
  await t.database.db.insertInto('client_groups').values({ partner_id: secondId, name: 'Постоянные', description: '' }).execute();
}, 60_000);
afterAll(() => t?.close());

describe('(a) every declared route answers every account as its access says', () => {
  it('covers the routes of the table', () => {
    expect(apiRoutes.filter((r) => r.access).length).toBeGreaterThan(4);
  });

  it('refuses with 401 or 403 exactly the accounts the access leaves out', async () => {
    const wrong: string[] = [];
    for (const route of apiRoutes.filter((r) => r.access)) {
      // A POST answers by its stricter access when the deciding field names a guarded call (empty does).
      const variants = route.stricter
        ? ['', ...('only' in route.stricter ? route.stricter.only : route.stricter.except)].map((value) => ({
            body: value ? `${route.stricter!.field}=${value}` : '',
            access: stricterApplies(route.stricter!, value) ? ('both' as const) : ('base' as const),
          }))
        : [{ body: '', access: 'base' as const }];
      for (const variant of variants) {
        for (const who of accounts) {
          const allowed = accessAllows(route.access!, who) && (variant.access === 'base' || accessAllows(route.stricter!.access, who));
          const query = route.method === 'GET' && variant.body ? `?${variant.body}` : '';
          const res = await t.app.inject({
            method: route.method as 'GET' | 'POST',
            url: nothingPath(route.url) + query,
            headers: { ...auth(who), ...(route.method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
            ...(route.method === 'POST' ? { payload: variant.body } : {}),
          });
          const expected = allowed ? 'not 401/403' : who.token ? '403' : '401';
          const ok = allowed ? res.statusCode !== 401 && res.statusCode !== 403 : res.statusCode === (who.token ? 403 : 401);
          if (!ok) wrong.push(`${label(route)} [${variant.body}] as ${who.email}: ${res.statusCode}, expected ${expected}`);
          if (res.statusCode >= 500) wrong.push(`${label(route)} as ${who.email}: ${res.statusCode} ${res.body}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});

/** A valid body that would change the row if the id were the caller's: the id alone must make it a 404. */
const DESTRUCTIVE: Record<string, string> = {
  default: 'action=cancel&cancel_comment=чужой&delete=Y&name=Чужое&price=1&clients[0]=1&active=N',
  '/v3/api/partner/client/:id/': 'price_type=personal_price',
  '/v3/api/partner/group/:id/': 'delete=Y',
  '/v3/api/partner/client_group/:groupId/': 'clients[0]=1&delete=Y',
  '/v3/api/partner/pricing/yml/:type/:priceId/': 'action=create',
  '/v3/api/partner/pricing/yml/client/:clientId/catalog/': 'action=create',
  '/v3/api/partner/pricing/upload/:type/:priceId/': 'action=prolong&period=7',
  '/v3/api/partner/pricing/upload/client/:clientId/catalog/': 'action=prolong&period=7',
};

describe("(b) the other partner's ids", () => {
  it('every partner route with ids says where its ids come from', () => {
    const missing = apiRoutes
      .filter(
        (r) =>
          hasParams(r) &&
          !ROUTE_IDS[r.url] &&
          !PUBLIC_ID_ROUTES[r.url] &&
          !UNSCOPED_PARAM_ROUTES[r.url] &&
          !BUYER_ID_ROUTES[r.url] &&
          !MANAGER_ID_ROUTES[r.url],
      )
      .map(label);
    expect(missing).toEqual([]);
  });

  it("answer 404 to the first partner's owner on every route, by GET and by a destructive POST, and change nothing", async () => {
    const owner = account('owner@partner.demo');
    const before = await partnerFingerprint(t.database.db, secondId);
    const wrong: string[] = [];
    for (const route of apiRoutes.filter((r) => hasParams(r) && ROUTE_IDS[r.url])) {
      const url = fillPath(route.url, await ROUTE_IDS[route.url](t.database.db, secondId));
      const res = await t.app.inject({
        method: route.method as 'GET' | 'POST',
        url,
        headers: { ...auth(owner), ...(route.method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        ...(route.method === 'POST' ? { payload: DESTRUCTIVE[route.url] ?? DESTRUCTIVE.default } : {}),
      });
      if (res.statusCode !== 404) wrong.push(`${label(route)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(wrong).toEqual([]);
    expect(await partnerFingerprint(t.database.db, secondId)).toEqual(before);
  }, 60_000);

  it('refuse ids of the other partner carried in a body, and change nothing', async () => {
    const { db } = t.database;
    const owner = account('owner@partner.demo');
    const theirs = {
      order: (await db.selectFrom('orders').select('id').where('partner_id', '=', secondId).where('status', '=', 'VIEWED').executeTakeFirst())?.id,
      anyOrder: (await db.selectFrom('orders').select('id').where('partner_id', '=', secondId).executeTakeFirstOrThrow()).id,
      client: (await db.selectFrom('clients').select('id').where('partner_id', '=', secondId).executeTakeFirstOrThrow()).id,
      employee: account('owner@second.demo'),
      employeeId: (await db.selectFrom('users').select('id').where('email', '=', 'owner@second.demo').executeTakeFirstOrThrow()).id,
    };
    const ourGroup = (await db.selectFrom('client_groups').select('id').where('partner_id', '=', mainId).executeTakeFirstOrThrow()).id;
    const probes: [string, string][] = [
      ['/v3/api/partner/employee/', `employee_id=${theirs.employeeId}&delete=Y`],
      ['/v3/api/partner/employee/', `employee_id=${theirs.employeeId}&active=N`],
      ['/v3/api/partner/employee/password/', `employee_id=${theirs.employeeId}`],
      ['/v3/api/partner/blacklist/', `clients[0]=${theirs.client}&delete=Y`],
      ['/v3/api/partner/sendtorelef/', `orders[0]=${theirs.order ?? theirs.anyOrder}`],
      [`/v3/api/partner/client_group/${ourGroup}/`, `clients[0]=${theirs.client}`],
      ['/v3/api/partner/delivery_zone/', `delivery_zone_id=2000000000&sort=5`],
    ];
    const before = await partnerFingerprint(db, secondId);
    const mainBefore = await partnerFingerprint(db, mainId);
    const wrong: string[] = [];
    for (const [url, payload] of probes) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { ...auth(owner), 'content-type': 'application/x-www-form-urlencoded' },
      });
      const refused = res.statusCode === 404 || (res.statusCode === 200 && res.json().SUCCESS === 'N');
      if (!refused) wrong.push(`POST ${url} ${payload} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(wrong).toEqual([]);
    expect(await partnerFingerprint(db, secondId)).toEqual(before);
    expect(await partnerFingerprint(db, mainId)).toEqual(mainBefore);
  }, 60_000);
});

/** Every route is on a contract, which says whether it reads a body. */
const readsBody = (r: RouteEntry) => r.body !== false;

describe('(c) hostile bodies on every POST route', () => {
  it('never end a route without a body in a 5xx', async () => {
    const owner = account('owner@partner.demo');
    const wrong: string[] = [];
    for (const route of apiRoutes.filter((r) => r.method === 'POST' && !readsBody(r))) {
      for (const body of hostileBodies()) {
        const res = await t.app.inject({
          method: 'POST',
          url: nothingPath(route.url),
          payload: body.payload,
          headers: { ...auth(owner), ...body.headers },
        });
        if (res.statusCode >= 500) wrong.push(`${label(route)} «${body.name}» → ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it('are refused with a 4xx or SUCCESS "N", never a 5xx, and change no data', async () => {
    const { db } = t.database;
    const before = await partnerFingerprint(db, mainId);
    const wrong: string[] = [];
    const bodies = hostileBodies();
    for (const route of apiRoutes.filter((r) => r.method === 'POST' && readsBody(r))) {
      // The first account the route lets in (the owner for partner routes); a legacy route: the owner.
      const who = accounts.find((a) => a.token && (!route.access || accessAllows(route.access, a))) ?? account('owner@partner.demo');
      const ids = ROUTE_IDS[route.url] ? await ROUTE_IDS[route.url](db, who.partnerId ?? mainId) : {};
      const url = hasParams(route) ? (ROUTE_IDS[route.url] ? fillPath(route.url, ids) : nothingPath(route.url)) : route.url;
      for (const body of bodies) {
        const res = await t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...auth(who), ...body.headers } });
        const refused =
          (res.statusCode >= 400 && res.statusCode < 500) ||
          (res.statusCode === 200 && String(res.headers['content-type'] ?? '').includes('json') && res.json().SUCCESS === 'N');
        if (!refused) wrong.push(`${label(route)} «${body.name}» as ${who.email} → ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(wrong).toEqual([]);
    expect(await partnerFingerprint(db, mainId)).toEqual(before);
  }, 240_000);
});

describe('(d) bodies over the cap of every route', () => {
  it('answer 413 with the error shape and a closed connection, signed out or in, before anything is read', async () => {
    const owner = account('owner@partner.demo');
    const wrong: string[] = [];
    const bombs = BODY_OVER_EVERY_CAP();
    for (const route of apiRoutes.filter((r) => r.method === 'POST')) {
      for (const headers of [{}, auth(owner)]) {
        for (const bomb of bombs) {
          const res = await t.app.inject({
            method: 'POST',
            url: nothingPath(route.url),
            payload: bomb.payload,
            headers: { ...headers, ...bomb.headers },
          });
          const ok = res.statusCode === 413 && res.json().error === 'payload_too_large' && res.headers.connection === 'close';
          if (!ok) wrong.push(`${label(route)} «${bomb.name}» → ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
