import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_ROUTING_MSG } from '@b2b/contracts/messages';
import type { OrderListItem } from '@b2b/contracts/orders';
import { readOutbox } from '@/test/outbox';
import { clientStatsDrift, orderCountDrift } from '@/test/read-model-drift';
import { bearer, form, shopToken, type TestApp } from '@/test/test-app';
import { openOrdersTest, type OrdersKit } from './orders-test-kit';

/*
 * The manager routes an order to another partner (issue 39 §1): POST /v3/api/manager/order/{id}/ with partner_id.
 * The order is copied to the target (its next number, lines, prices, gifts, delivery) and the source's row left as a
 * CANCELED tombstone nobody at the source sees; reports, the client's figures and the lists count it once, at the target.
 */

let t: TestApp;
let k: OrdersKit;
let manager: string;
let main: number;
let second: number;
let mainName: string;
let secondName: string;

const ROUTE = (id: number) => `/v3/api/manager/order/${id}/`;
const post = (url: string, data: Record<string, string>, token = manager) =>
  t.app.inject({ method: 'POST', url, ...form(data), headers: { ...form(data).headers, ...bearer(token) } });
const get = (url: string, token = manager) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const route = (id: number, data: Record<string, string>, token = manager) => post(ROUTE(id), data, token);

beforeAll(async () => {
  ({ t, k } = await openOrdersTest());
  manager = await t.login('manager@platform.demo');
  ({ main, second } = k);
  const names = await k.db.selectFrom('partners').select(['id', 'name']).where('id', 'in', [main, second]).execute();
  mainName = names.find((p) => p.id === main)!.name;
  secondName = names.find((p) => p.id === second)!.name;
});
afterAll(() => t?.close());

const used = new Set<number>();
/** A NEW order of the main partner not used by another test (the demo's, or a completed one made NEW again). */
async function freshOrder(status: 'NEW' | 'VIEWED' = 'NEW'): Promise<number> {
  const id = (await k.orderIds(main, 'NEW')).find((i) => !used.has(i)) ?? (await k.makeNewOrder(main, used));
  used.add(id);
  // Not paid with points (routing refuses such an order; a demo order may have been).
  await k.db.updateTable('orders').set({ loyalty_sum: '0' }).where('partner_id', '=', main).where('id', '=', id).execute();
  if (status === 'VIEWED')
    await k.db.updateTable('orders').set({ status: 'VIEWED', viewed_at: new Date() }).where('partner_id', '=', main).where('id', '=', id).execute();
  return id;
}

/** The order's client (INN, e-mail) and its user's e-mail. */
const partiesOf = (orderId: number) =>
  k.db
    .selectFrom('orders as o')
    .innerJoin('clients as c', (j) => j.onRef('c.partner_id', '=', 'o.partner_id').onRef('c.id', '=', 'o.client_id'))
    .leftJoin('users as u', 'u.id', 'o.client_user_id')
    .select(['o.client_id', 'c.inn', 'c.name', 'c.email as client_email', 'u.email as user_email', 'o.contact_email'])
    .where('o.id', '=', orderId)
    .executeTakeFirstOrThrow();

/** A client of the second partner, to be matched (its INN or e-mail set by the test). */
const targetClient = async (exclude: number[] = []) =>
  await k.db
    .selectFrom('clients')
    .select(['id', 'name'])
    .where('partner_id', '=', second)
    .where('id', 'not in', exclude.length ? exclude : [0])
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();

/** Gives the source client an INN no client of the second partner has, and clears e-mails the target could match by. */
async function unmatchable(orderId: number, inn: string) {
  const p = await partiesOf(orderId);
  await k.db.updateTable('clients').set({ inn }).where('partner_id', '=', main).where('id', '=', p.client_id).execute();
  await k.db.updateTable('clients').set({ inn: null }).where('partner_id', '=', second).where('inn', '=', inn).execute();
  return p;
}

/** The list's NAV and whether the order is in it (its first page of 100, newest first). */
async function listOf(token: string, url: string) {
  const res = await get(url, token);
  expect(res.statusCode).toBe(200);
  return res.json() as { ITEMS: OrderListItem[]; NAV: { CNT: number; CNT_ALL: number; NEW_CNT?: number } };
}

describe('routing refusals', () => {
  it('needs a partner, a known one, another one with a shop; only NEW and VIEWED orders move', async () => {
    const id = await freshOrder();
    expect((await route(id, {})).json()).toEqual({ SUCCESS: 'N', errors: { partner_id: ORDER_ROUTING_MSG.partnerRequired } });
    expect((await route(id, { action: 'route', partner_id: '' })).json()).toEqual({
      SUCCESS: 'N',
      errors: { partner_id: ORDER_ROUTING_MSG.partnerRequired },
    });
    expect((await route(id, { partner_id: 'abc' })).json()).toEqual({ SUCCESS: 'N', errors: { partner_id: ORDER_ROUTING_MSG.partnerNotFound } });
    expect((await route(id, { partner_id: '999999999' })).json()).toEqual({
      SUCCESS: 'N',
      errors: { partner_id: ORDER_ROUTING_MSG.partnerNotFound },
    });
    expect((await route(id, { partner_id: String(main) })).json()).toEqual({ SUCCESS: 'N', errors: { partner_id: ORDER_ROUTING_MSG.samePartner } });

    const bare = await k.db.insertInto('partners').values({ name: 'Без магазина' }).returning('id').executeTakeFirstOrThrow();
    expect((await route(id, { partner_id: String(bare.id) })).json()).toEqual({ SUCCESS: 'N', errors: { partner_id: ORDER_ROUTING_MSG.noShop } });

    for (const status of ['IN_BASKET', 'COMPLETED', 'CANCELED'] as const) {
      const [other] = await k.orderIds(main, status);
      expect((await route(other, { partner_id: String(second) })).json()).toEqual({ SUCCESS: 'N', errors: { action: ORDER_ROUTING_MSG.closed } });
      expect((await k.order(main, other)).status).toBe(status);
    }
    expect((await route(999_999_999, { partner_id: String(second) })).statusCode).toBe(404);
    // Nothing moved.
    expect(await k.db.selectFrom('orders').select('id').where('routed_from_order_id', '=', id).execute()).toEqual([]);
    expect((await k.order(main, id)).status).toBe('NEW');
  });

  it('refuses an order paid with loyalty points, and a client blacklisted at the target', async () => {
    const paid = await freshOrder();
    await k.db.updateTable('orders').set({ loyalty_sum: '150.0000' }).where('partner_id', '=', main).where('id', '=', paid).execute();
    expect((await route(paid, { partner_id: String(second) })).json()).toEqual({
      SUCCESS: 'N',
      errors: { action: ORDER_ROUTING_MSG.paidWithPoints },
    });

    const id = await freshOrder();
    const inn = '7700000039';
    await unmatchable(id, inn);
    const there = await targetClient();
    await k.db
      .updateTable('clients')
      .set({ inn, blacklisted: true, blacklisted_at: new Date() })
      .where('partner_id', '=', second)
      .where('id', '=', there.id)
      .execute();
    expect((await route(id, { action: 'route', partner_id: String(second) })).json()).toEqual({
      SUCCESS: 'N',
      errors: { partner_id: ORDER_ROUTING_MSG.clientBlacklisted },
    });
    expect((await k.order(main, id)).status).toBe('NEW');
    await k.db
      .updateTable('clients')
      .set({ inn: null, blacklisted: false, blacklisted_at: null })
      .where('partner_id', '=', second)
      .where('id', '=', there.id)
      .execute();
  });

  it('partner staff and buyers may not route (403)', async () => {
    const id = await freshOrder();
    expect((await route(id, { partner_id: String(second) }, k.tokens.owner)).statusCode).toBe(403);
    expect((await route(id, { partner_id: String(second) }, k.tokens.second)).statusCode).toBe(403);
    expect((await route(id, { partner_id: String(second) }, await shopToken(t))).statusCode).toBe(403);
    expect((await k.order(main, id)).status).toBe('NEW');
  });
});

describe('a routed order', () => {
  it('is copied to the target with its lines, prices, gifts and delivery; the source no longer sees it', async () => {
    const id = await freshOrder('VIEWED');
    // Arrange: a promo-priced line and a gift of the main partner's offers, a delivery zone and price.
    const offers = await k.db.selectFrom('offers').select('id').where('partner_id', '=', main).orderBy('id').limit(2).execute();
    expect(offers.length).toBe(2);
    const [promo, gift] = offers.map((o) => Number(o.id));
    await k.db
      .updateTable('offers')
      .set({ used_count: 3, limit_count: null })
      .where('partner_id', '=', main)
      .where('id', 'in', [promo, gift])
      .execute();
    const [first] = await k.itemsOf(main, id);
    await k.db.updateTable('order_items').set({ offer_id: promo, special: true }).where('partner_id', '=', main).where('id', '=', first.id).execute();
    const giftProduct = await k.db
      .selectFrom('catalog_products')
      .select(['id', 'up_code_1c', 'name'])
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    await k.db
      .insertInto('order_items')
      .values({
        partner_id: main,
        order_id: id,
        product_id: giftProduct.id,
        up_code_1c: giftProduct.up_code_1c,
        name: giftProduct.name,
        buying_price: '12.3400',
        price: '0',
        cur_price: '0',
        quantity: 1,
        offer_id: gift,
        special: false,
      })
      .execute();
    await k.db
      .updateTable('orders')
      .set((eb) => ({
        position_count: eb('position_count', '+', 1),
        purchase_sum: sql`purchase_sum + 12.34`,
        position_margin: sql`position_margin - 12.34`,
        delivery_price: '350.0000',
        delivery_zone_id: 1,
        delivery_zone_name: 'Москва за МКАД до 15 км',
        delivery_by_agreement: false,
        comment: 'Позвонить за час',
        shop_comment: 'Текст сотрудников источника',
      }))
      .where('partner_id', '=', main)
      .where('id', '=', id)
      .execute();
    // The client is new at the target: an INN and e-mail it does not have.
    const parties = await unmatchable(id, '7700000139');
    const source = await k.order(main, id);
    const sourceItems = await k.itemsOf(main, id);
    const mainBefore = await listOf(k.tokens.owner, '/v3/api/partner/orderlist/?limit=100');
    const secondBefore = await listOf(k.tokens.second, '/v3/api/partner/orderlist/?limit=100');
    const lastNumber = (
      await k.db.selectFrom('orders').select('order_number').where('partner_id', '=', second).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow()
    ).order_number;
    await k.db
      .updateTable('shops')
      .set({ notify_emails: ['orders@second.example', 'boss@second.example'], notify_checkbox: false })
      .where('partner_id', '=', second)
      .execute();
    const mailsBefore = (await readOutbox(t)).length;

    const res = await route(id, { partner_id: String(second) });
    expect(res.statusCode).toBe(200);
    const done = res.json();
    const m = /^(.*?)(\d+)$/.exec(lastNumber)!;
    const expectedNumber = `${m[1]}${String(Number(m[2]) + 1).padStart(m[2].length, '0')}`;
    expect(done).toEqual({
      SUCCESS: 'Y',
      MESSAGE: ORDER_ROUTING_MSG.routed(source.order_number, secondName, expectedNumber),
      ORDER: { ID: expect.any(Number), ORDER_NUMBER: expectedNumber, PARTNER_ID: second, PARTNER_NAME: secondName },
    });
    const newId: number = done.ORDER.ID;
    expect(newId).not.toBe(id);

    // The target's card: NEW, the lines at the prices placed (the gift at 0, no offer of another partner), delivery kept.
    const card = (await get(`/v3/api/partner/order/${newId}/`, k.tokens.second)).json();
    expect(card).toMatchObject({
      ID: newId,
      ORDER_NUMBER: expectedNumber,
      STATUS: { STATUS_CODE: 'NEW' },
      SHOP: { ID: second },
      POSITION_COUNT: source.position_count,
      POSITION_SUM: new Decimal(source.position_sum).toFixed(2),
      POSITION_MARGIN: new Decimal(source.position_margin).toFixed(2),
      CURRENCY: source.currency,
      DELIVERY_PRICE: '350.00',
      DELIVERY_BY_AGREEMENT: 'N',
      COMMENT: 'Позвонить за час',
      SHOP_COMMENT: null,
      TRADEPOINT: null,
      HAS_OFFER: 'N',
      PAYMENT_TYPE: { CODE: source.payment_type },
      CONTACTS: { NAME: source.contact_name, PHONE: source.contact_phone, MAIL: source.contact_email },
    });
    expect(card.PRODUCTS.map((p: Record<string, unknown>) => [p.PRODUCT_ID, p.PRICE, p.CUR_PRICE, p.BUYING_PRICE, p.QUANTITY, p.SPECIAL])).toEqual(
      sourceItems.map((i) => [
        i.product_id,
        new Decimal(i.price).toFixed(2),
        new Decimal(i.cur_price).toFixed(2),
        new Decimal(i.buying_price).toFixed(2),
        i.quantity,
        i.special ? 'Y' : 'N',
      ]),
    );
    const copied = await k.itemsOf(second, newId);
    expect(copied.map((i) => [i.price, i.cur_price, i.buying_price, i.offer_id])).toEqual(
      sourceItems.map((i) => [i.price, i.cur_price, i.buying_price, null]),
    );
    const target = await k.order(second, newId);
    expect(target).toMatchObject({
      delivery_zone_id: null,
      delivery_zone_name: 'Москва за МКАД до 15 км',
      routed_from_partner_id: main,
      routed_from_order_id: id,
      created_at: source.created_at,
      is_loyalty: false,
      tradepoint_id: null,
      address: source.address ?? expect.anything(),
    });

    // The client was created at the target: new, with where it came from, and a user without a password.
    const client = await k.db
      .selectFrom('clients')
      .selectAll()
      .where('partner_id', '=', second)
      .where('id', '=', target.client_id)
      .executeTakeFirstOrThrow();
    expect(client).toMatchObject({
      name: parties.name,
      inn: '7700000139',
      is_new: true,
      origin_note: ORDER_ROUTING_MSG.clientOrigin(mainName, source.order_number),
    });
    const email = parties.user_email || parties.contact_email || parties.client_email;
    if (email) {
      const user = await k.db
        .selectFrom('users')
        .select(['id', 'email', 'password_hash', 'kind'])
        .where('partner_id', '=', second)
        .where('client_id', '=', client.id)
        .executeTakeFirstOrThrow();
      expect(user).toMatchObject({ email, password_hash: null, kind: 'CLIENT' });
      expect(target.client_user_id).toBe(user.id);
    }

    // The source: a tombstone, out of every list and count; its old id answers where the order went.
    expect(await k.order(main, id)).toMatchObject({
      status: 'CANCELED',
      routed_to_partner_id: second,
      routed_to_order_id: newId,
      cancel_comment: null,
    });
    const mainAfter = await listOf(k.tokens.owner, '/v3/api/partner/orderlist/?limit=100');
    expect(mainAfter.NAV.CNT_ALL).toBe(mainBefore.NAV.CNT_ALL - 1);
    expect(mainAfter.NAV.NEW_CNT).toBe(mainBefore.NAV.NEW_CNT);
    expect(mainAfter.ITEMS.some((o) => o.ID === id)).toBe(false);
    const canceled = await listOf(k.tokens.owner, '/v3/api/partner/orderlist/?status=CANCELED&limit=100');
    expect(canceled.ITEMS.some((o) => o.ID === id)).toBe(false);
    const bySearch = await listOf(k.tokens.owner, `/v3/api/partner/orderlist/?query=${encodeURIComponent(source.order_number)}`);
    expect(bySearch.ITEMS.some((o) => o.ID === id)).toBe(false);
    const secondAfter = await listOf(k.tokens.second, '/v3/api/partner/orderlist/?limit=100');
    expect(secondAfter.NAV.CNT_ALL).toBe(secondBefore.NAV.CNT_ALL + 1);
    expect(secondAfter.NAV.NEW_CNT).toBe((secondBefore.NAV.NEW_CNT ?? 0) + 1);
    const gone = ORDER_ROUTING_MSG.routedAway(secondName);
    for (const res of [
      await get(`/v3/api/partner/order/${id}/`, k.tokens.owner),
      await post(`/v3/api/partner/order/${id}/`, { action: 'accept' }, k.tokens.owner),
      await post(`/v3/api/partner/payment/type/${id}/CASH/`, {}, k.tokens.owner),
      await get(ROUTE(id)),
      await route(id, { action: 'cancel', cancel_comment: 'Нет связи' }),
      await route(id, { partner_id: String(second) }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'not_found', error_description: gone });
    }
    // The other partner's staff still do not see the source's id.
    expect((await get(`/v3/api/partner/order/${id}/`, k.tokens.second)).json().error_description).not.toBe(gone);

    // The manager's list across partners holds the order once, at the target.
    const across = await listOf(manager, `/v3/api/manager/order/?query=${encodeURIComponent(expectedNumber)}`);
    expect(across.ITEMS.filter((o) => o.ID === newId || o.ID === id).map((o) => o.ID)).toEqual([newId]);

    // History on both sides.
    const out = (await k.historyOf(main, id)).at(-1)!;
    expect(out).toMatchObject({ action: 'ROUTED_OUT' });
    const mgr = 'Мария Фёдорова';
    expect(card.HISTORY_OPERATIONS[0]).toMatchObject({ ACTION: 'ROUTED_IN', TITLE: ORDER_ROUTING_MSG.historyIn(mainName, mgr), USER: { NAME: mgr } });
    expect(ORDER_ROUTING_MSG.historyOut(secondName)).toBe(`Передан партнеру «${secondName}»`);

    // The source's offers no longer count the order; the event and the target's mail.
    const counts = await k.db
      .selectFrom('offers')
      .select(['id', 'used_count'])
      .where('partner_id', '=', main)
      .where('id', 'in', [promo, gift])
      .orderBy('id')
      .execute();
    expect(counts.map((c) => c.used_count)).toEqual([2, 2]);
    const event = await k.db
      .selectFrom('domain_events')
      .selectAll()
      .where('type', '=', 'order.routed')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({
      partner_id: main,
      payload: { orderId: id, toPartnerId: second, toOrderId: newId, toOrderNumber: expectedNumber, toClientId: client.id },
    });
    // To the target shop's notification addresses, its new-order checkbox on or off.
    const addresses = ['orders@second.example', 'boss@second.example'];
    const mails = (await readOutbox(t)).slice(mailsBefore).filter((mail) => mail.subject === `Вам передан заказ ${expectedNumber}`);
    expect(mails.map((mail) => mail.to).sort()).toEqual([...addresses].sort());
    expect(mails[0].text).toContain(`от партнера «${mainName}»`);
    expect(mails[0].text).toContain(parties.name);
  });

  it('finds the client at the target by INN, else by the e-mail of the user who ordered', async () => {
    // By INN.
    const byInn = await freshOrder();
    const inn = '7700000239';
    await unmatchable(byInn, inn);
    const innClient = await targetClient();
    await k.db.updateTable('clients').set({ inn }).where('partner_id', '=', second).where('id', '=', innClient.id).execute();
    const clientsBefore = (
      await k.db
        .selectFrom('clients')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('partner_id', '=', second)
        .executeTakeFirstOrThrow()
    ).n;
    const a = (await route(byInn, { partner_id: String(second) })).json();
    expect(a.SUCCESS).toBe('Y');
    expect((await k.order(second, a.ORDER.ID)).client_id).toBe(innClient.id);

    // By e-mail: a client of the target whose user has the ordering user's e-mail.
    const byMail = await freshOrder();
    const p = await unmatchable(byMail, '7700000339');
    const email = p.user_email ?? p.contact_email ?? p.client_email;
    expect(email).toBeTruthy();
    const mailClient = await targetClient([innClient.id]);
    await k.db
      .deleteFrom('users')
      .where('partner_id', '=', second)
      .where('kind', '=', 'CLIENT')
      .where(sql`lower(email)`, '=', email!.toLowerCase())
      .execute();
    const user = await k.db
      .insertInto('users')
      .values({ kind: 'CLIENT', partner_id: second, client_id: mailClient.id, email: email!.toUpperCase(), name: 'Покупатель' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const b = (await route(byMail, { action: 'route', partner_id: String(second) })).json();
    expect(b.SUCCESS).toBe('Y');
    expect(await k.order(second, b.ORDER.ID)).toMatchObject({ client_id: mailClient.id, client_user_id: user.id });
    // Neither created a client.
    expect(
      (
        await k.db
          .selectFrom('clients')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('partner_id', '=', second)
          .executeTakeFirstOrThrow()
      ).n,
    ).toBe(clientsBefore);
  });

  it('of 10 parallel routings of one order exactly one succeeds', async () => {
    const id = await freshOrder();
    const answers = await Promise.all(Array.from({ length: 10 }, () => route(id, { partner_id: String(second) })));
    const bodies = answers.map((r) => ({ status: r.statusCode, body: r.json() }));
    const done = bodies.filter((b) => b.body.SUCCESS === 'Y');
    expect(done).toHaveLength(1);
    // The others are refused with a message: the order is no longer movable (or, once it is gone, where it went).
    for (const b of bodies.filter((x) => x.body.SUCCESS !== 'Y')) {
      if (b.status === 200) expect(b.body).toEqual({ SUCCESS: 'N', errors: { action: ORDER_ROUTING_MSG.closed } });
      else expect(b).toMatchObject({ status: 404, body: { error_description: ORDER_ROUTING_MSG.routedAway(secondName) } });
    }
    expect(await k.db.selectFrom('orders').select('id').where('routed_from_order_id', '=', id).execute()).toHaveLength(1);
    expect((await k.historyOf(main, id)).filter((h) => h.action === 'ROUTED_OUT')).toHaveLength(1);
  });
});

describe('reconciliation after a move', () => {
  it("the order, its client's figures at both partners and the reports count it once, at the target", async () => {
    const id = await freshOrder();
    const p = await partiesOf(id);
    const source = await k.order(main, id);
    const res = (await route(id, { partner_id: String(second) })).json();
    expect(res).toMatchObject({ SUCCESS: 'Y' });
    const target = await k.order(second, res.ORDER.ID);

    // The order's figures: the target's sums are its lines', and the source's.
    const lines = await sql<{ sum: string; purchase: string; n: number }>`
      select coalesce(sum(price * quantity), 0)::numeric(18,4)::text as sum, coalesce(sum(buying_price * quantity), 0)::numeric(18,4)::text as purchase, count(*)::int as n
      from order_items where partner_id = ${second} and order_id = ${target.id}`.execute(k.db);
    expect(lines.rows[0]).toEqual({
      sum: new Decimal(target.position_sum).toFixed(4),
      purchase: new Decimal(target.purchase_sum).toFixed(4),
      n: target.position_count,
    });
    expect(new Decimal(target.position_sum).eq(source.position_sum)).toBe(true);

    // Each client's ORDERS_COUNT, ORDERS_SUM and LAST_ORDER against its orders (not CANCELED; the last not routed away).
    for (const [partnerId, clientId, token] of [
      [main, p.client_id, k.tokens.owner],
      [second, target.client_id, k.tokens.second],
    ] as const) {
      const ref = await sql<{ n: number; total: string; last: number | null }>`
        select count(*) filter (where status <> 'CANCELED')::int as n,
          coalesce(sum(position_sum) filter (where status <> 'CANCELED'), 0)::numeric(18,2)::text as total,
          (select id from orders x where x.partner_id = ${partnerId} and x.client_id = ${clientId} and x.routed_to_order_id is null
            order by created_at desc, id desc limit 1)::int as last
        from orders where partner_id = ${partnerId} and client_id = ${clientId}`.execute(k.db);
      const card = (await get(`/v3/api/partner/client/${clientId}/`, token)).json();
      expect({ n: card.ORDERS_COUNT, total: card.ORDERS_SUM, last: card.LAST_ORDER?.ID ?? null }).toEqual(ref.rows[0]);
    }

    // The reports (margin by partner, the day the order was placed): plain SQL over the orders.
    const day = (
      await sql<{ d: string }>`select to_char((${source.created_at}::timestamptz at time zone 'Europe/Moscow')::date, 'YYYY-MM-DD') as d`.execute(
        k.db,
      )
    ).rows[0].d;
    const report = (await post('/v3/api/manager/report/margin_by_partner/', { date_from: day, date_to: day })).json();
    for (const partnerId of [main, second]) {
      const ref = await sql<{ orders: number; revenue: string; canceled: number }>`
        select count(*) filter (where status <> 'CANCELED')::int as orders,
          coalesce(sum(position_sum) filter (where status <> 'CANCELED'), 0)::numeric(18,2)::text as revenue,
          count(*) filter (where status = 'CANCELED' and routed_to_order_id is null)::int as canceled
        from orders where partner_id = ${partnerId} and (created_at at time zone 'Europe/Moscow')::date = ${day}::date`.execute(k.db);
      const name = partnerId === main ? mainName : secondName;
      const row = report.ITEMS.find((r: Record<string, unknown>) => r.NAME === name) ?? { ORDERS: 0, REVENUE: '0.00', CANCELED: 0 };
      expect({ orders: row.ORDERS, revenue: new Decimal(row.REVENUE).toFixed(2), canceled: row.CANCELED }).toEqual(ref.rows[0]);
    }
    // The target's row has the order; the source counts it nowhere, not as a cancellation either.
    const reasons = (await post('/v3/api/manager/report/cancel_reasons/', { date_from: day, date_to: day, shop_id: String(main) })).json();
    const canceledRef = await sql<{ n: number }>`
      select count(*)::int as n from orders where partner_id = ${main} and status = 'CANCELED' and routed_to_order_id is null
        and (created_at at time zone 'Europe/Moscow')::date = ${day}::date`.execute(k.db);
    expect(reasons.ITEMS.reduce((s: number, r: Record<string, unknown>) => s + Number(r.ORDERS), 0)).toBe(canceledRef.rows[0].n);

    // The list read models after every routing of this file: no drift from a fresh count of the orders.
    expect(await orderCountDrift(k.db)).toEqual([]);
    expect(await clientStatsDrift(k.db)).toEqual([]);
  });
});
