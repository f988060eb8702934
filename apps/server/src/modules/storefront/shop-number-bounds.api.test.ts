import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LIMITS } from '@b2b/contracts/limits';
import { STOREFRONT_MSG, type CatalogProduct } from '@b2b/contracts/storefront';
import { bearer, createTestApp, form, shopToken, type TestApp } from '@/test/test-app';
import { partnerIdOf } from '../clients/clients-test-fixtures';

/*
 * Issue 37.4: a basket line holds 1 … 99,999 pieces in multiples of the product's step, whatever a buyer sends and
 * however many adds arrive at once; an order's total stays below 999,999,999.99 ₽; the database refuses what passes
 * those bounds even when a write comes from elsewhere.
 */

let t: TestApp;
let buyer: string;
let pid: number;
let clientId: number;
let single: CatalogProduct;
let stepped: CatalogProduct;

const BASKET = '/v3/api/client/basket/';
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(buyer) });
const post = (url: string, data: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, ...form(data), headers: { ...form(data).headers, ...bearer(buyer) } });
const lineOf = async (productId: number) =>
  (
    await t.database.db
      .selectFrom('shop_baskets')
      .select('quantity')
      .where('partner_id', '=', pid)
      .where('client_id', '=', clientId)
      .where('product_id', '=', productId)
      .executeTakeFirst()
  )?.quantity ?? 0;
const capMessage = STOREFRONT_MSG.quantityMax(LIMITS.basketQuantityMax);
/** The highest quantity of a product's steps the cap allows. */
const top = (p: CatalogProduct) => Math.floor(LIMITS.basketQuantityMax / p.MULTIPLICITY) * p.MULTIPLICITY;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await shopToken(t);
  pid = await partnerIdOf(t.database.db, 'owner@partner.demo');
  clientId = (await t.database.db.selectFrom('users').select('client_id').where('email', '=', 'buyer@client.demo').executeTakeFirstOrThrow())
    .client_id!;
  await t.database.db
    .updateTable('shops')
    .set({ assortment: 'EXTENDED', min_order_sum: null, no_check_order_sum: false })
    .where('partner_id', '=', pid)
    .execute();
  const products: CatalogProduct[] = [];
  for (let offset = 0; offset < 480 && (!products.some((p) => p.MULTIPLICITY === 1) || !products.some((p) => p.MULTIPLICITY > 1)); offset += 48) {
    products.push(...(await get(`/v3/api/catalog/product/?limit=48&offset=${offset}`)).json().ITEMS);
  }
  single = products.find((p) => p.MULTIPLICITY === 1)!;
  stepped = products.find((p) => p.MULTIPLICITY > 1)!;
  expect(single && stepped).toBeTruthy();
}, 60_000);
afterAll(() => t.close());
beforeEach(() => t.database.db.deleteFrom('shop_baskets').where('partner_id', '=', pid).execute());

describe('a basket line', () => {
  it('refuses repeated adds past 99,999 with the field message, never a 500, and keeps the line within the cap', async () => {
    const id = String(single.ID);
    // The attack of the report: a million at a time, again and again.
    for (let i = 0; i < 5; i++) {
      const res = await post(BASKET, { product_id: id, quantity: '1000000', add: 'Y' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ SUCCESS: 'N', errors: { quantity: capMessage } });
    }
    expect(await lineOf(single.ID)).toBe(0);
    // Adds within the cap pass until the next one would pass it: that one is refused, not clipped.
    expect((await post(BASKET, { product_id: id, quantity: '60000', add: 'Y' })).json().SUCCESS).toBe('Y');
    for (let i = 0; i < 3; i++) {
      const res = await post(BASKET, { product_id: id, quantity: '60000', add: 'Y' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ SUCCESS: 'N', errors: { quantity: capMessage } });
    }
    expect(await lineOf(single.ID)).toBe(60000);
    expect((await post(BASKET, { product_id: id, quantity: '39999', add: 'Y' })).json().SUCCESS).toBe('Y');
    expect(await lineOf(single.ID)).toBe(LIMITS.basketQuantityMax);
    expect((await post(BASKET, { product_id: id, quantity: '1', add: 'Y' })).json()).toEqual({ SUCCESS: 'N', errors: { quantity: capMessage } });
    expect((await post(BASKET, { product_id: id, quantity: String(LIMITS.basketQuantityMax + 1) })).json()).toEqual({
      SUCCESS: 'N',
      errors: { quantity: capMessage },
    });
    expect(await lineOf(single.ID)).toBe(LIMITS.basketQuantityMax);
  });

  it('refuses numbers that are not whole quantities', async () => {
    for (const quantity of ['NaN', 'Infinity', '1e309', '1e3', '-5', '0.00001', '2147483648', '1e12', '0x10', ' ']) {
      const res = await post(BASKET, { product_id: String(single.ID), quantity, add: 'Y' });
      expect(res.statusCode, quantity).toBe(200);
      expect(res.json(), quantity).toMatchObject({ SUCCESS: 'N', errors: { quantity: expect.any(String) } });
    }
    expect(await lineOf(single.ID)).toBe(0);
  });

  it('holds the cap under 30 parallel adds', async () => {
    const each = Math.floor(10_000 / stepped.MULTIPLICITY) * stepped.MULTIPLICITY;
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => post(BASKET, { product_id: String(stepped.ID), quantity: String(each), add: 'Y' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(30).fill(200));
    const done = answers.filter((a) => a.json().SUCCESS === 'Y').length;
    const refused = answers.filter((a) => a.json().SUCCESS === 'N');
    expect(refused.map((a) => a.json().errors)).toEqual(Array(30 - done).fill({ quantity: capMessage }));
    expect(done).toBe(Math.floor(LIMITS.basketQuantityMax / each));
    expect(await lineOf(stepped.ID)).toBe(done * each);
    expect(await lineOf(stepped.ID)).toBeLessThanOrEqual(LIMITS.basketQuantityMax);
  });

  it("takes only multiples of the product's step", async () => {
    const step = stepped.MULTIPLICITY;
    expect((await post(BASKET, { product_id: String(stepped.ID), quantity: String(step + 1) })).json()).toEqual({
      SUCCESS: 'N',
      errors: { quantity: STOREFRONT_MSG.multiplicity(step) },
    });
    expect((await post(BASKET, { product_id: String(stepped.ID), quantity: String(top(stepped)) })).json().SUCCESS).toBe('Y');
    expect(await lineOf(stepped.ID)).toBe(top(stepped));
    // The next step would pass the cap: refused with the cap's message.
    expect((await post(BASKET, { product_id: String(stepped.ID), quantity: String(step), add: 'Y' })).json()).toEqual({
      SUCCESS: 'N',
      errors: { quantity: capMessage },
    });
  });
});

describe("an order's total", () => {
  it('refuses a checkout past 999,999,999.99 ₽ with the message and places no order', async () => {
    // A personal price of 50,000 ₽: 20,000 pieces already make 1,000,000,000 ₽.
    await t.database.db
      .insertInto('client_prices')
      .values({ partner_id: pid, client_id: clientId, product_id: single.ID, price: '50000' })
      .onConflict((oc) => oc.columns(['partner_id', 'client_id', 'product_id']).doUpdateSet({ price: '50000' }))
      .execute();
    try {
      expect((await post(BASKET, { product_id: String(single.ID), quantity: '20000' })).json().SUCCESS).toBe('Y');
      const basket = (await get(BASKET)).json();
      expect(basket).toMatchObject({ SUM: '1000000000.00', CAN_ORDER: 'N', MESSAGE: STOREFRONT_MSG.orderTotalMax(LIMITS.moneyMax) });
      const options = (await get('/v3/api/client/checkout/')).json();
      const orders = async () =>
        Number((await sql<{ n: string }>`select count(*) n from orders where partner_id = ${pid}`.execute(t.database.db)).rows[0].n);
      const before = await orders();
      const res = await post('/v3/api/client/order/', {
        delivery: 'PICKUP',
        tradepoint_id: String(options.TRADEPOINTS[0].ID),
        payment_type: options.PAYMENT_TYPES[0].ID,
        contact_name: 'Анна',
        contact_phone: '79161234567',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ SUCCESS: 'N', errors: { basket: STOREFRONT_MSG.orderTotalMax(LIMITS.moneyMax) } });
      expect(await orders()).toBe(before);
      // Just below the cap the order goes through.
      expect((await post(BASKET, { product_id: String(single.ID), quantity: '19999' })).json().SUCCESS).toBe('Y');
      expect((await get(BASKET)).json()).toMatchObject({ SUM: '999950000.00', CAN_ORDER: 'Y' });
    } finally {
      await t.database.db
        .deleteFrom('client_prices')
        .where('partner_id', '=', pid)
        .where('client_id', '=', clientId)
        .where('product_id', '=', single.ID)
        .execute();
    }
  });
});

describe("the database's last guard", () => {
  const code = async (write: Promise<unknown>) =>
    (
      (await write.then(
        () => undefined,
        (e: { code?: string }) => e,
      )) as { code?: string } | undefined
    )?.code;

  it('refuses out-of-range rows written past the application', async () => {
    const { db } = t.database;
    const basketRow = (quantity: number) =>
      db.insertInto('shop_baskets').values({ partner_id: pid, client_id: clientId, product_id: single.ID, quantity }).execute();
    expect(await code(basketRow(LIMITS.basketQuantityMax + 1))).toBe('23514');
    expect(await code(basketRow(0))).toBe('23514');
    expect(await code(basketRow(LIMITS.basketQuantityMax))).toBeUndefined();
    const order = await db.selectFrom('orders').select(['id', 'delivery_price']).where('partner_id', '=', pid).executeTakeFirstOrThrow();
    expect(
      await code(
        db.updateTable('orders').set({ position_sum: '108380560000.00' }).where('partner_id', '=', pid).where('id', '=', order.id).execute(),
      ),
    ).toBe('23514');
    expect(await code(db.updateTable('orders').set({ position_sum: '-1' }).where('partner_id', '=', pid).where('id', '=', order.id).execute())).toBe(
      '23514',
    );
    const item = await db.selectFrom('order_items').select(['order_id', 'id']).where('partner_id', '=', pid).executeTakeFirstOrThrow();
    expect(
      await code(
        db
          .updateTable('order_items')
          .set({ quantity: 2_147_000_000 })
          .where('partner_id', '=', pid)
          .where('order_id', '=', item.order_id)
          .where('id', '=', item.id)
          .execute(),
      ),
    ).toBe('23514');
    expect(
      await code(
        db.insertInto('client_prices').values({ partner_id: pid, client_id: clientId, product_id: single.ID, price: '1000000000' }).execute(),
      ),
    ).toBe('23514');
  });
});
