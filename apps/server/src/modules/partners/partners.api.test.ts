import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@b2b/contracts/messages';
import { bearer, createTestApp, form, type TestApp } from '@/test/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const email of ['owner@partner.demo', 'orders@partner.demo', 'owner@second.demo', 'manager@platform.demo', 'buyer@client.demo']) {
    tokens[email] = await t.login(email);
  }
});
afterAll(() => t.close());

const get = (url: string, email?: string) => t.app.inject({ method: 'GET', url, headers: email ? bearer(tokens[email]) : {} });

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
    const clients = await db
      .selectFrom('clients')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('registered_at').as('min')])
      .where('partner_id', '=', pid)
      .executeTakeFirstOrThrow();
    const orders = await db
      .selectFrom('orders')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('min')])
      .where('partner_id', '=', pid)
      .executeTakeFirstOrThrow();
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
    const row = await t.database.db
      .selectFrom('orders')
      .select(['id', 'order_number'])
      .where('partner_id', '=', pid)
      .orderBy('id')
      .executeTakeFirstOrThrow();
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

describe('GET and POST /v3/api/manager/partner/ (issue 39 §2)', () => {
  const MANAGER = 'manager@platform.demo';
  const list = async (query?: string, method: 'GET' | 'POST' = 'GET', email = MANAGER) => {
    const res =
      method === 'GET'
        ? await get(`/v3/api/manager/partner/${query === undefined ? '' : `?query=${encodeURIComponent(query)}`}`, email)
        : await t.app.inject({
            method: 'POST',
            url: '/v3/api/manager/partner/',
            ...form(query === undefined ? {} : { query }),
            headers: { ...form({}).headers, ...bearer(tokens[email]) },
          });
    expect(res.statusCode).toBe(200);
    return res.json().ITEMS as Record<string, unknown>[];
  };
  const names = (items: Record<string, unknown>[]) => items.map((p) => p.NAME);

  /** Plain SQL over the base tables: what each partner's row must say. */
  async function oracle() {
    const db = t.database.db;
    const routed = await sql<{
      n: number;
    }>`select count(*)::int as n from information_schema.columns where table_name = 'orders' and column_name = 'routed_to_order_id'`.execute(db);
    const notRouted = Number(routed.rows[0].n) > 0 ? sql`and routed_to_order_id is null` : sql``;
    const { rows } = await sql<{
      id: number;
      name: string;
      shop_link: string | null;
      domain_name: string | null;
      loyalty: boolean;
      clients: number;
      orders: number;
      recent: number;
      revenue: string;
    }>`
      select p.id, p.name, s.shop_link, s.domain_name, p.loyalty_enabled as loyalty,
        (select count(*) from clients c where c.partner_id = p.id)::int as clients,
        (select count(*) from orders o where o.partner_id = p.id ${notRouted})::int as orders,
        (select count(*) from orders o where o.partner_id = p.id and o.status <> 'CANCELED'
          and o.created_at >= (((now() at time zone 'Europe/Moscow')::date - 29)::timestamp at time zone 'Europe/Moscow'))::int as recent,
        (select round(coalesce(sum(o.position_sum), 0), 2)::text from orders o where o.partner_id = p.id and o.status <> 'CANCELED'
          and o.created_at >= (((now() at time zone 'Europe/Moscow')::date - 29)::timestamp at time zone 'Europe/Moscow')) as revenue
      from partners p left join shops s on s.partner_id = p.id
      order by p.name, p.id`.execute(db);
    return rows.map((r) => ({
      ID: Number(r.id),
      NAME: r.name,
      SHOP_LINK: r.shop_link,
      DOMAIN: r.domain_name,
      HAS_SHOP: Boolean(r.shop_link || r.domain_name),
      CLIENTS_COUNT: Number(r.clients),
      ORDERS_COUNT: Number(r.orders),
      ORDERS_30_COUNT: Number(r.recent),
      ORDERS_30_SUM: r.revenue,
      LOYALTY_ON: r.loyalty,
    }));
  }

  it('lists every partner with its shop, clients, orders, the last 30 days and loyalty, as plain SQL counts them', async () => {
    const items = await list();
    expect(items).toEqual(await oracle());
    const main = items.find((p) => p.NAME === 'Канцлер Опт')!;
    expect(main).toMatchObject({ SHOP_LINK: 'kancler', DOMAIN: 'kancler.b2b.local', HAS_SHOP: true });
    expect(main.ORDERS_30_COUNT).toBeGreaterThan(0);
    expect(main.ORDERS_30_SUM).toMatch(/^\d+\.\d{2}$/);
    expect(Number(main.ORDERS_30_SUM)).toBeGreaterThan(0);
    // LOYALTY_ON and the counts say what the partner's own info says.
    const info = (await get('/v3/api/partner/info/', 'owner@partner.demo')).json();
    expect(main).toMatchObject({ ID: info.ID, LOYALTY_ON: info.LOYALTY_ON, CLIENTS_COUNT: info.CLIENT_COUNT });
    // POST answers the same (its query sent empty).
    expect(await list('', 'POST')).toEqual(items);
  });

  it('follows an order canceled today: out of the last 30 days, still among the orders', async () => {
    const pid = await partnerId('owner@partner.demo');
    const before = (await list()).find((p) => p.ID === pid)!;
    const order = await t.database.db
      .selectFrom('orders')
      .select(['id', 'position_sum'])
      .where('partner_id', '=', pid)
      .where('status', 'in', ['NEW', 'VIEWED'])
      .where('created_at', '>=', new Date(Date.now() - 20 * 86400_000))
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!order) throw new Error('the demo has no recent NEW or VIEWED order of the main partner');
    const canceled = await t.app.inject({
      method: 'POST',
      url: `/v3/api/manager/order/${order.id}/`,
      ...form({ action: 'cancel', cancel_comment: 'Проверка списка партнеров' }),
      headers: { ...form({}).headers, ...bearer(tokens[MANAGER]) },
    });
    expect(canceled.json().SUCCESS).toBe('Y');
    const after = (await list()).find((p) => p.ID === pid)!;
    expect(after.ORDERS_COUNT).toBe(before.ORDERS_COUNT);
    expect(after.ORDERS_30_COUNT).toBe(Number(before.ORDERS_30_COUNT) - 1);
    expect(new Decimal(String(before.ORDERS_30_SUM)).minus(String(after.ORDERS_30_SUM)).toFixed(2)).toBe(new Decimal(order.position_sum).toFixed(2));
    expect(await list()).toEqual(await oracle());
  });

  it('counts an order routed to another partner once, at the target (issue 39 §1)', async () => {
    const [source, target] = [await partnerId('owner@partner.demo'), await partnerId('owner@second.demo')];
    const row = async (pid: number) => (await list()).find((p) => p.ID === pid)!;
    const [sourceBefore, targetBefore] = [await row(source), await row(target)];
    const order = await t.database.db
      .selectFrom('orders')
      .select(['id', 'position_sum'])
      .where('partner_id', '=', source)
      .where('status', 'in', ['NEW', 'VIEWED'])
      // Not paid with points: routing refuses those (the points belong to the source's programme).
      .where((eb) => eb.or([eb('loyalty_sum', 'is', null), eb('loyalty_sum', '=', '0')]))
      .where('created_at', '>=', new Date(Date.now() - 20 * 86400_000))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const data = { action: 'route', partner_id: String(target) };
    const routed = await t.app.inject({
      method: 'POST',
      url: `/v3/api/manager/order/${order.id}/`,
      ...form(data),
      headers: { ...form({}).headers, ...bearer(tokens[MANAGER]) },
    });
    expect(routed.json()).toMatchObject({ SUCCESS: 'Y', ORDER: { PARTNER_ID: target } });
    const [sourceAfter, targetAfter] = [await row(source), await row(target)];
    const sum = new Decimal(order.position_sum);
    expect(sourceAfter.ORDERS_COUNT).toBe(Number(sourceBefore.ORDERS_COUNT) - 1);
    expect(sourceAfter.ORDERS_30_COUNT).toBe(Number(sourceBefore.ORDERS_30_COUNT) - 1);
    expect(new Decimal(String(sourceBefore.ORDERS_30_SUM)).minus(String(sourceAfter.ORDERS_30_SUM)).toFixed(2)).toBe(sum.toFixed(2));
    expect(targetAfter.ORDERS_COUNT).toBe(Number(targetBefore.ORDERS_COUNT) + 1);
    expect(targetAfter.ORDERS_30_COUNT).toBe(Number(targetBefore.ORDERS_30_COUNT) + 1);
    expect(new Decimal(String(targetAfter.ORDERS_30_SUM)).minus(String(targetBefore.ORDERS_30_SUM)).toFixed(2)).toBe(sum.toFixed(2));
    expect(await list()).toEqual(await oracle());
  });

  it('searches part of a name, a shop link or a domain, any case, by GET or POST', async () => {
    for (const method of ['GET', 'POST'] as const) {
      expect(names(await list('канцлер', method))).toEqual(['Канцлер Опт']);
      expect(names(await list('ОФИС', method))).toEqual(['Офис Маркет']);
      // The shop link and the domain.
      expect(names(await list('officemark', method))).toEqual(['Офис Маркет']);
      expect(names(await list('KANCLER.B2B', method))).toEqual(['Канцлер Опт']);
      expect(names(await list('b2b.local', method))).toEqual(expect.arrayContaining(['Канцлер Опт', 'Офис Маркет']));
      // Wildcards are plain characters; nothing found is an empty list.
      expect(await list('%', method)).toEqual([]);
      expect(await list('нет такого партнера', method)).toEqual([]);
      // An empty query is every partner.
      expect(await list('  ', method)).toEqual(await list());
    }
    const found = await list('офис');
    expect(found).toEqual((await oracle()).filter((p) => p.NAME === 'Офис Маркет'));
  });

  it('refuses a POST without its query or with a field it does not know with 400, and takes the wire’s request_id beside the query', async () => {
    const post = (data: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/v3/api/manager/partner/', ...form(data), headers: { ...form({}).headers, ...bearer(tokens[MANAGER]) } });
    expect((await post({})).statusCode).toBe(400);
    expect((await post({ action: 'accept' })).statusCode).toBe(400);
    expect((await post({ query: 'офис', employee_id: '1' })).statusCode).toBe(400);
    const withWire = await post({ query: 'офис', request_id: 'abc-1', time_connection: '1700000000.5', page: '1' });
    expect(withWire.statusCode).toBe(200);
    expect(names(withWire.json().ITEMS)).toEqual(['Офис Маркет']);
  });

  it('refuses a query over 100 characters with 400, not 500', async () => {
    const long = 'я'.repeat(101);
    expect((await get(`/v3/api/manager/partner/?query=${encodeURIComponent(long)}`, MANAGER)).statusCode).toBe(400);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v3/api/manager/partner/',
      ...form({ query: long }),
      headers: { ...form({}).headers, ...bearer(tokens[MANAGER]) },
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers only the manager: 401 to guests, 403 to partner staff and buyers', async () => {
    expect((await get('/v3/api/manager/partner/')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/v3/api/manager/partner/', ...form({ query: 'к' }) })).statusCode).toBe(401);
    for (const email of ['owner@partner.demo', 'orders@partner.demo', 'owner@second.demo', 'buyer@client.demo']) {
      const got = await get('/v3/api/manager/partner/', email);
      expect(got.statusCode).toBe(403);
      expect(got.json().error_description).toBe(MSG.forbidden);
      const posted = await t.app.inject({
        method: 'POST',
        url: '/v3/api/manager/partner/',
        ...form({ query: 'к' }),
        headers: { ...form({}).headers, ...bearer(tokens[email]) },
      });
      expect(posted.statusCode).toBe(403);
    }
  });
});
