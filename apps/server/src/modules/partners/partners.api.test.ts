import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@b2b/contracts/messages';
import { bearer, createTestApp, type TestApp } from '@/test/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const email of ['owner@partner.demo', 'orders@partner.demo', 'owner@second.demo', 'manager@platform.demo', 'buyer@client.demo']) {
    tokens[email] = await t.login(email);
  }
});
afterAll(() => t.close());

const get = (url: string, email?: string) =>
  t.app.inject({ method: 'GET', url, headers: email ? bearer(tokens[email]) : {} });

async function partnerId(email: string) {
  const row = await t.database.db.selectFrom('users').select('partner_id').where('email', '=', email).executeTakeFirstOrThrow();
  return row.partner_id!;
}

describe('GET /v3/api/partner/info/', () => {
  it('answers the counters and minimum dates from the real data', async () => {
    const res = await get('/v3/api/partner/info/', 'orders@partner.demo');
    expect(res.statusCode).toBe(200);
    const info = res.json();
    const pid = await partnerId('owner@partner.demo');
    const db = t.database.db;
    const clients = await db.selectFrom('clients').select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('registered_at').as('min')]).where('partner_id', '=', pid).executeTakeFirstOrThrow();
    const orders = await db.selectFrom('orders').select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('min')]).where('partner_id', '=', pid).executeTakeFirstOrThrow();
    expect(info).toMatchObject({
      NAME: 'Канцлер Опт',
      CLIENT_COUNT: Number(clients.n),
      ORDER_COUNT: Number(orders.n),
      hasShopLink: true,
      CLIENT_DATE: { MIN_DATE: Math.floor(new Date(clients.min as Date).getTime() / 1000) },
      ORDER_DATE: { MIN_DATE: Math.floor(new Date(orders.min as Date).getTime() / 1000) },
    });
    expect(info.ORDER_COUNT).toBeGreaterThanOrEqual(1500);
  });

  it('answers each partner its own counters', async () => {
    const first = (await get('/v3/api/partner/info/', 'owner@partner.demo')).json();
    const second = (await get('/v3/api/partner/info/', 'owner@second.demo')).json();
    expect(second.NAME).toBe('Офис Маркет');
    expect(second.ORDER_COUNT).toBeLessThan(first.ORDER_COUNT);
  });

  it('refuses guests with 401 and non-partner users with 403', async () => {
    expect((await get('/v3/api/partner/info/')).statusCode).toBe(401);
    const manager = await get('/v3/api/partner/info/', 'manager@platform.demo');
    expect(manager.statusCode).toBe(403);
    expect(manager.json().error_description).toBe(MSG.forbidden);
    expect((await get('/v3/api/partner/info/', 'buyer@client.demo')).statusCode).toBe(403);
  });
});

describe('GET /v3/api/manager/info/', () => {
  it('answers platform counters to the manager only', async () => {
    const res = await get('/v3/api/manager/info/', 'manager@platform.demo');
    expect(res.statusCode).toBe(200);
    expect(res.json().PARTNER_COUNT).toBeGreaterThanOrEqual(2);
    expect((await get('/v3/api/manager/info/', 'owner@partner.demo')).statusCode).toBe(403);
  });
});

describe('tenancy', () => {
  it("one partner's staff get 404 for the other partner's order, exactly as for an unknown id", async () => {
    const first = await partnerId('owner@partner.demo');
    const second = await partnerId('owner@second.demo');
    const orderOf = async (pid: number) =>
      (await t.database.db.selectFrom('orders').select('id').where('partner_id', '=', pid).orderBy('id').executeTakeFirstOrThrow()).id;
    const own = await orderOf(first);
    const foreign = await orderOf(second);

    expect((await get(`/v3/api/partner/order/${own}/`, 'owner@partner.demo')).statusCode).toBe(200);
    expect((await get(`/v3/api/partner/order/${foreign}/`, 'owner@second.demo')).statusCode).toBe(200);

    const crossed = await get(`/v3/api/partner/order/${foreign}/`, 'owner@partner.demo');
    const unknown = await get('/v3/api/partner/order/999999999/', 'owner@partner.demo');
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json()).toEqual(unknown.json());
    expect((await get(`/v3/api/partner/order/${own}/`, 'owner@second.demo')).statusCode).toBe(404);
    for (const bad of ['abc', '-1', '0', '1e3', '99999999999999999999']) {
      expect((await get(`/v3/api/partner/order/${bad}/`, 'owner@partner.demo')).statusCode).toBe(404);
    }
  });

  it('the order card carries the spec fields and items of its own partner', async () => {
    const pid = await partnerId('owner@partner.demo');
    const row = await t.database.db.selectFrom('orders').select(['id', 'order_number']).where('partner_id', '=', pid).orderBy('id').executeTakeFirstOrThrow();
    const card = (await get(`/v3/api/partner/order/${row.id}/`, 'orders@partner.demo')).json();
    expect(card.ORDER_NUMBER).toBe(row.order_number);
    expect(card.STATUS.STATUS_NAME).toMatch(/Новый|Просмотрен|В корзине|Исполнен|Отменен/);
    expect(card.PRODUCTS.length).toBeGreaterThan(0);
    expect(card.PRODUCTS[0].UP_CODE_1C).toMatch(/^\d{6}$/);
  });
});

describe('GET /v3/api/client/shop/', () => {
  it('resolves a shop by domain or link and refuses an unknown one with the spec text', async () => {
    const byDomain = (await get('/v3/api/client/shop/?domain_name=https://KANCLER.b2b.local/catalog')).json();
    expect(byDomain).toMatchObject({ SUCCESS: 'Y', SHOP: { NAME: 'Канцлер Опт' } });
    const byLink = (await get('/v3/api/client/shop/?domain_name=officemarket')).json();
    expect(byLink.SHOP.NAME).toBe('Офис Маркет');
    const unknown = (await get('/v3/api/client/shop/?domain_name=nope.example')).json();
    expect(unknown).toEqual({ SUCCESS: 'N', errors: { domain_name: MSG.shopLinkUnknown } });
  });
});
