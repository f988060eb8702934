import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_ACTION_MSG, ORDER_MSG, type BasketAnswer } from '@b2b/contracts/orders';
import type { TestApp } from '@/test/test-app';
import { openOrdersTest, type OrdersKit } from './orders-test-kit';

let t: TestApp;
let k: OrdersKit;

beforeAll(async () => {
  ({ t, k } = await openOrdersTest());
});
afterAll(() => t.close());

const BASKET = '/v3/api/partner/sendtorelef/';
const orderUrl = (id: number) => `/v3/api/partner/order/${id}/`;
const listOf = (ids: number[], key = 'orders') => Object.fromEntries(ids.map((id, i) => [`${key}[${i}]`, String(id)]));

/** The open basket's totals computed straight from the tables: distinct products and Σ quantity × price. */
async function basketFromDb(partnerId: number) {
  const rows = await k.db
    .selectFrom('dc_basket_items as bi')
    .innerJoin('dc_baskets as b', (j) => j.onRef('b.partner_id', '=', 'bi.partner_id').onRef('b.id', '=', 'bi.basket_id'))
    .select(['bi.product_id', 'bi.order_id', 'bi.quantity', 'bi.price'])
    .where('bi.partner_id', '=', partnerId)
    .where('b.status', '=', 'OPEN')
    .execute();
  return {
    rows,
    cnt: new Set(rows.map((r) => r.product_id)).size,
    sum: rows.reduce((s, r) => s.plus(new Decimal(r.price).mul(r.quantity)), new Decimal(0)).toFixed(2),
  };
}
const basket = async (who: Parameters<OrdersKit['as']>[0] = 'orders') => (await k.as(who).get(BASKET)).json() as BasketAnswer;

/** A NEW order of the main partner, accepted through the API (now VIEWED). */
const taken = new Set<number>();
async function viewedOrder() {
  const id = (await k.orderIds(k.main, 'NEW')).find((i) => !taken.has(i)) ?? (await k.makeNewOrder(k.main, taken));
  taken.add(id);
  expect((await k.as('orders').post(orderUrl(id), { action: 'accept' })).json().SUCCESS).toBe('Y');
  return id;
}

describe('GET /v3/api/partner/sendtorelef/', () => {
  it("answers only the open basket's totals, CNT distinct products and SUM exactly, to every staff role", async () => {
    const expected = await basketFromDb(k.main);
    // The demo basket makes the totals telling: a product from several orders (CNT is not the row count), prices in kopecks.
    expect(expected.cnt).toBeGreaterThan(0);
    expect(expected.cnt).toBeLessThan(expected.rows.length);
    expect(expected.rows.some((r) => !new Decimal(r.price).isInteger())).toBe(true);
    // A basket submitted earlier counts no more.
    const submitted = await k.db
      .insertInto('dc_baskets')
      .values({ partner_id: k.main, status: 'SUBMITTED' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [row] = expected.rows;
    await k.db
      .insertInto('dc_basket_items')
      .values({ partner_id: k.main, basket_id: submitted.id, order_id: row.order_id, product_id: row.product_id, quantity: 7, price: '1000.01' })
      .execute();
    for (const who of ['loyalty', 'price', 'clients', 'owner'] as const) {
      expect(await basket(who)).toEqual({ CNT: expected.cnt, SUM: expected.sum });
    }
  });
});

describe('POST /v3/api/partner/sendtorelef/', () => {
  it('refuses a NEW order (accept first), changes nothing and the card shows the error', async () => {
    const [id] = await k.orderIds(k.main, 'NEW');
    taken.add(id);
    const before = await basket();
    const order = await k.order(k.main, id);
    const res = await k.as('orders').post(BASKET, listOf([id]));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ SUCCESS: 'N', errors: { orders: ORDER_ACTION_MSG.notAcceptedYet(order.order_number) } });
    expect((await k.order(k.main, id)).status).toBe('NEW');
    expect(await basket()).toEqual(before);
    expect((await k.as('orders').get(orderUrl(id))).json().BASKET_MESSAGE).toBe(ORDER_ACTION_MSG.notAcceptedYet(order.order_number));
  });

  it('sends a viewed order: IN_BASKET, its items in the basket, CNT and SUM grow by exactly its items', async () => {
    const id = await viewedOrder();
    const before = await basketFromDb(k.main);
    const items = await k.itemsOf(k.main, id);
    const res = await k.as('orders').post(BASKET, listOf([id]));
    const after = await basketFromDb(k.main);
    expect(res.json()).toEqual({ SUCCESS: 'Y', MESSAGE: ORDER_MSG.sentToBasket, CNT: after.cnt, SUM: after.sum });
    const added = items.reduce((s, i) => s.plus(new Decimal(i.buying_price).mul(i.quantity)), new Decimal(0));
    expect(new Decimal(after.sum).minus(before.sum).toFixed(2)).toBe(added.toFixed(2));
    expect(after.cnt).toBe(new Set([...before.rows.map((r) => r.product_id), ...items.map((i) => i.product_id)]).size);

    const order = await k.order(k.main, id);
    expect(order.status).toBe('IN_BASKET');
    expect(order.sent_at).toBeInstanceOf(Date);
    expect((await k.historyOf(k.main, id)).at(-1)).toMatchObject({ action: 'SENT_TO_BASKET', details: { from: 'VIEWED', to: 'IN_BASKET' } });
    const card = (await k.as('orders').get(orderUrl(id))).json();
    expect(card.BASKET_MESSAGE).toBe(ORDER_MSG.sentToBasket);
    expect(card.ACTIONS).not.toContain('send_to_basket');
    expect(await basket()).toEqual({ CNT: after.cnt, SUM: after.sum });
    const productsOf = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);
    expect(productsOf(after.rows.filter((r) => r.order_id === id).map((r) => r.product_id))).toEqual(productsOf(items.map((i) => i.product_id)));

    const again = await k.as('orders').post(BASKET, listOf([id]));
    expect(again.json()).toEqual({ SUCCESS: 'N', errors: { orders: ORDER_ACTION_MSG.alreadyInBasket(order.order_number) } });
    expect((await k.as('orders').get(orderUrl(id))).json().BASKET_MESSAGE).toBe(ORDER_MSG.sentToBasket);
  });

  it('two quick clicks send once', async () => {
    const id = await viewedOrder();
    const before = await basketFromDb(k.main);
    const answers = await Promise.all([0, 1].map(() => k.as('admin').post(BASKET, listOf([id]))));
    expect(answers.map((r) => r.json().SUCCESS).sort()).toEqual(['N', 'Y']);
    const after = await basketFromDb(k.main);
    const items = await k.itemsOf(k.main, id);
    expect(after.rows.filter((r) => r.order_id === id)).toHaveLength(items.length);
    expect(after.rows.length).toBe(before.rows.length + items.length);
    expect((await k.historyOf(k.main, id)).filter((h) => h.action === 'SENT_TO_BASKET')).toHaveLength(1);
  });

  it('sends only the chosen products of an order', async () => {
    const id = await viewedOrder();
    const items = await k.itemsOf(k.main, id);
    const chosen = items[items.length - 1];
    const res = await k.as('orders').post(BASKET, { ...listOf([id]), ...listOf([chosen.product_id], 'products') });
    expect(res.json().SUCCESS).toBe('Y');
    const rows = (await basketFromDb(k.main)).rows.filter((r) => r.order_id === id);
    expect(rows).toEqual([{ product_id: chosen.product_id, order_id: id, quantity: chosen.quantity, price: expect.any(String) }]);
    expect(new Decimal(rows[0].price).eq(chosen.buying_price)).toBe(true);
  });

  it("keeps an offer's goods out when the offer is NOT_IN_BASKET, unless the offers sent name it", async () => {
    // An order of two products or more: one of them the offer's.
    let id = await viewedOrder();
    while ((await k.itemsOf(k.main, id)).length < 2) id = await viewedOrder();
    const items = await k.itemsOf(k.main, id);
    const [own, other] = [items[0], items[items.length - 1]];
    const offer = await k.db
      .insertInto('offers')
      .values({ partner_id: k.main, type: 'GIFT', name: 'Подарок со склада партнера', date_start: new Date(), not_in_basket: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    await k.db
      .updateTable('order_items')
      .set({ offer_id: offer.id })
      .where('partner_id', '=', k.main)
      .where('order_id', '=', id)
      .where('id', '=', own.id)
      .execute();
    expect((await k.as('orders').post(BASKET, listOf([id]))).json().SUCCESS).toBe('Y');
    const sent = (await basketFromDb(k.main)).rows.filter((r) => r.order_id === id).map((r) => r.product_id);
    expect(sent).toContain(other.product_id);
    expect(sent).not.toContain(own.product_id);

    const named = await viewedOrder();
    const first = (await k.itemsOf(k.main, named))[0];
    await k.db
      .updateTable('order_items')
      .set({ offer_id: offer.id })
      .where('partner_id', '=', k.main)
      .where('order_id', '=', named)
      .where('id', '=', first.id)
      .execute();
    await k.as('orders').post(BASKET, { ...listOf([named]), ...listOf([offer.id], 'offers') });
    expect((await basketFromDb(k.main)).rows.filter((r) => r.order_id === named).map((r) => r.product_id)).toContain(first.product_id);
  });

  it('a list with one unaccepted order sends none of them', async () => {
    const viewed = await viewedOrder();
    const fresh = (await k.orderIds(k.main, 'NEW')).find((i) => !taken.has(i)) ?? (await k.makeNewOrder(k.main, taken));
    taken.add(fresh);
    const res = await k.as('orders').post(BASKET, listOf([viewed, fresh]));
    expect(res.json().SUCCESS).toBe('N');
    expect((await k.order(k.main, viewed)).status).toBe('VIEWED');
    expect((await k.order(k.main, fresh)).status).toBe('NEW');
  });

  it('orders=all sends every viewed order; a second "all" has nothing to send', async () => {
    await viewedOrder();
    const viewed = await k.orderIds(k.main, 'VIEWED');
    expect(viewed.length).toBeGreaterThan(0);
    const res = await k.as('owner').post(BASKET, { orders: 'all' });
    const after = await basketFromDb(k.main);
    expect(res.json()).toEqual({ SUCCESS: 'Y', MESSAGE: ORDER_MSG.sentToBasket, CNT: after.cnt, SUM: after.sum });
    expect(await k.orderIds(k.main, 'VIEWED')).toEqual([]);
    for (const id of viewed) expect((await k.order(k.main, id)).status).toBe('IN_BASKET');
    expect((await k.as('owner').post(BASKET, { orders: 'all' })).json()).toEqual({ SUCCESS: 'N', errors: { orders: ORDER_MSG.nothingToSend } });
    expect((await k.as('owner').post(BASKET, {})).json()).toEqual({ SUCCESS: 'N', errors: { orders: ORDER_MSG.nothingToSend } });
  });

  it('only ADMIN, ORDERS and the owner send; others get 403 and nothing moves', async () => {
    const id = await viewedOrder();
    for (const who of ['price', 'clients', 'loyalty'] as const) {
      expect((await k.as(who).post(BASKET, listOf([id]))).statusCode).toBe(403);
    }
    expect((await k.order(k.main, id)).status).toBe('VIEWED');
    expect((await k.as(null).get(BASKET)).statusCode).toBe(401);
  });

  it('a partner without an open basket gets one on its first send; each partner sees only its own', async () => {
    const [first] = await k.db.selectFrom('orders').select('id').where('partner_id', '=', k.second).orderBy('id').execute();
    await k.db.updateTable('orders').set({ status: 'VIEWED' }).where('partner_id', '=', k.second).where('id', '=', first.id).execute();
    const open = () => k.db.selectFrom('dc_baskets').selectAll().where('partner_id', '=', k.second).where('status', '=', 'OPEN').execute();
    expect(await open()).toEqual([]);
    expect(await basket('second')).toEqual({ CNT: 0, SUM: '0.00' });

    const res = await k.as('second').post(BASKET, { orders: String(first.id) });
    const expected = await basketFromDb(k.second);
    expect(res.json()).toEqual({ SUCCESS: 'Y', MESSAGE: ORDER_MSG.sentToBasket, CNT: expected.cnt, SUM: expected.sum });
    expect(await open()).toHaveLength(1);
    expect(expected.cnt).toBeGreaterThan(0);
    expect(expected.rows.map((r) => r.order_id)).toEqual(expected.rows.map(() => first.id));
    expect(await basket('second')).toEqual({ CNT: expected.cnt, SUM: expected.sum });
    const main = await basketFromDb(k.main);
    expect(main.rows.map((r) => r.order_id)).not.toContain(first.id);
    expect(await basket('owner')).toEqual({ CNT: main.cnt, SUM: main.sum });
  });
});
