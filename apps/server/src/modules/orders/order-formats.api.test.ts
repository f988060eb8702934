import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderCard } from '@b2b/contracts/orders';
import { finishedExport } from '@/test/export-job';
import { createTestApp, shopToken, type TestApp } from '@/test/test-app';
import { downloadXlsx, ordersKit, type OrdersKit } from './orders-test-kit';

/*
 * Issue 38 §8, one format and one stock figure: the order exports write phones as «+7 (926) 118-27-45» however they
 * were stored and dates in the shop's time zone (a shop setting); the shop and the order card show the same stock.
 * Each figure is compared with a plain reference query over the base tables.
 */

let t: TestApp;
let k: OrdersKit;
let buyer: string;

// 2026-03-01 23:20 UTC: 02:20 on the 2nd in Moscow, 06:20 in Novosibirsk.
const PLACED = new Date(Date.UTC(2026, 2, 1, 23, 20, 0));

beforeAll(async () => {
  t = await createTestApp();
  k = await ordersKit(t);
  buyer = await shopToken(t);
});
afterAll(() => t.close());

/** The shop's wall clock of an order's creation, as PostgreSQL computes it in the shop's stored zone. */
async function wallClockOf(orderId: number): Promise<string> {
  const { rows } = await sql<{ at: string }>`
    select to_char(o.created_at at time zone s.time_zone, 'YYYY-MM-DD"T"HH24:MI:SS') as at
    from orders o join shops s on s.partner_id = o.partner_id
    where o.partner_id = ${k.main} and o.id = ${orderId}`.execute(k.db);
  return rows[0].at;
}

/** A spreadsheet date cell's wall clock (its UTC fields). */
const cellClock = (value: unknown) => (value as Date).toISOString().slice(0, 19);

describe('the shop time zone setting', () => {
  it('is Moscow by default, saved with the settings part, refused outside the list, and named to the signed-in staff', async () => {
    const view = async () => (await k.as('owner').get('/v3/api/partner/shop/')).json();
    const before = await view();
    expect(before.SHOP.TIME_ZONE).toBe('Europe/Moscow');
    expect(before.ENTITIES.TIME_ZONE).toContainEqual({ ID: 'Asia/Novosibirsk', NAME: expect.stringContaining('Новосибирск') });

    const bad = (await k.as('owner').post('/v3/api/partner/shop/', { time_zone: 'Mars/Olympus' })).json();
    expect(bad).toMatchObject({ SUCCESS: 'N', errors: { time_zone: expect.any(String) } });
    expect((await view()).SHOP.TIME_ZONE).toBe('Europe/Moscow');

    const saved = (await k.as('owner').post('/v3/api/partner/shop/', { time_zone: 'Asia/Novosibirsk' })).json();
    expect(saved).toMatchObject({ SUCCESS: 'Y' });
    const after = await view();
    expect(after.SHOP.TIME_ZONE).toBe('Asia/Novosibirsk');
    // Nothing else of the settings part changed.
    expect({ ...after.SHOP, TIME_ZONE: 'Europe/Moscow' }).toEqual(before.SHOP);
    const stored = await k.db.selectFrom('shops').select('time_zone').where('partner_id', '=', k.main).executeTakeFirstOrThrow();
    expect(stored.time_zone).toBe('Asia/Novosibirsk');

    const check = (await k.as('orders').get('/v3/api/utils/check/')).json();
    expect(check.USER.TIME_ZONE).toBe('Asia/Novosibirsk');
    // The shop's public answer names it too: the buyer's «Мои заказы» show the same times as the staff's card.
    const shop = (await t.app.inject({ method: 'GET', url: '/v3/api/client/shop/?domain_name=kancler' })).json();
    expect(shop.SHOP.TIME_ZONE).toBe('Asia/Novosibirsk');
  });
});

describe('the order exports', () => {
  it("write the phone formatted and the date in the shop's zone, in the list and in one order's file", async () => {
    await k.db.updateTable('shops').set({ time_zone: 'Asia/Novosibirsk' }).where('partner_id', '=', k.main).execute();
    const [id] = await k.orderIds(k.main, 'COMPLETED');
    // A new order's phone as checkout stored it before (digits only), at a time past midnight in the shop's zone.
    await k.db
      .updateTable('orders')
      .set({ contact_phone: '79261182745', created_at: PLACED })
      .where('partner_id', '=', k.main)
      .where('id', '=', id)
      .execute();
    const order = await k.order(k.main, id);
    const expected = await wallClockOf(id);
    expect(expected).toBe('2026-03-02T06:20:00');

    const queued = (await k.as('orders').get(`/v3/api/partner/orderlist/?query=${encodeURIComponent(order.order_number)}&action=export`)).json();
    const answer = await finishedExport(t, k.tokens.orders, queued);
    const { book } = await downloadXlsx(k, 'orders', answer.URL);
    const sheet = book.getWorksheet('Заказы')!;
    const titles = sheet.getRow(1).values as unknown[];
    const row = [2, 3, 4].map((n) => sheet.getRow(n)).find((r) => r.getCell(1).value === order.order_number)!;
    expect(row.getCell(titles.indexOf('Телефон')).value).toBe('+7 (926) 118-27-45');
    expect(cellClock(row.getCell(titles.indexOf('Дата')).value)).toBe(expected);

    const one = (await k.as('orders').get(`/v3/api/partner/order/${id}/?action=export`)).json();
    const file = (await downloadXlsx(k, 'orders', one.URL)).book.getWorksheet('Заказ')!;
    const byTitle = new Map<string, unknown>();
    file.eachRow((r) => byTitle.set(String(r.getCell(1).value), r.getCell(2).value));
    expect(byTitle.get('Телефон')).toBe('+7 (926) 118-27-45');
    expect(cellClock(byTitle.get('Дата'))).toBe(expected);

    // Back in Moscow, the same order's cell reads Moscow's wall clock.
    await k.db.updateTable('shops').set({ time_zone: 'Europe/Moscow' }).where('partner_id', '=', k.main).execute();
    const moscow = (await k.as('orders').get(`/v3/api/partner/order/${id}/?action=export`)).json();
    const moscowFile = (await downloadXlsx(k, 'orders', moscow.URL)).book.getWorksheet('Заказ')!;
    moscowFile.eachRow((r) => byTitle.set(String(r.getCell(1).value), r.getCell(2).value));
    expect(cellClock(byTitle.get('Дата'))).toBe(await wallClockOf(id));
    expect(cellClock(byTitle.get('Дата'))).toBe('2026-03-02T02:20:00');
  });
});

describe('one stock figure', () => {
  /** The reference: the partner's own remains, else the nearest warehouse's stock (the first by sort), else 0. */
  async function referenceStock(productId: number): Promise<number> {
    const { rows } = await sql<{ q: number | null }>`
      select coalesce(
        (select r.quantity from partner_product_remains r where r.partner_id = ${k.main} and r.product_id = ${productId}),
        (select st.quantity from catalog_stock st
          where st.product_id = ${productId}
            and st.warehouse_id = (select w.id from catalog_warehouses w order by w.sort, w.id limit 1)),
        0) as q`.execute(k.db);
    return Number(rows[0].q);
  }

  it('the shop and the order card show the same stock as the reference query, whichever warehouses hold it', async () => {
    await k.db.updateTable('shops').set({ show_stock: true, assortment: 'EXTENDED' }).where('partner_id', '=', k.main).execute();
    const warehouses = await k.db.selectFrom('catalog_warehouses').select('id').orderBy('sort').orderBy('id').execute();
    expect(warehouses.length).toBeGreaterThan(1);
    const [id] = await k.orderIds(k.main, 'NEW');
    const [item] = await k.itemsOf(k.main, id);
    const productId = item.product_id;
    const code = (await k.db.selectFrom('catalog_products').select('up_code_1c').where('id', '=', productId).executeTakeFirstOrThrow()).up_code_1c;
    await k.db.deleteFrom('partner_product_remains').where('partner_id', '=', k.main).where('product_id', '=', productId).execute();

    const shopStock = async () => {
      const page = (
        await t.app.inject({ method: 'GET', url: `/v3/api/catalog/product/?query=${code}`, headers: { authorization: `Bearer ${buyer}` } })
      ).json();
      return page.ITEMS.find((p: { ID: number }) => p.ID === productId)?.STOCK as number;
    };
    const cardStock = async () =>
      ((await k.as('orders').get(`/v3/api/partner/order/${id}/`)).json() as OrderCard).PRODUCTS.find((p) => p.PRODUCT_ID === productId)!.REMAIN;

    // 628 at the nearest warehouse, 440 at another: the card summed both (1 068) while the shop showed 628.
    await k.db.deleteFrom('catalog_stock').where('product_id', '=', productId).execute();
    await k.db
      .insertInto('catalog_stock')
      .values([
        { product_id: productId, warehouse_id: warehouses[0].id, quantity: 628 },
        { product_id: productId, warehouse_id: warehouses[1].id, quantity: 440 },
      ])
      .execute();
    expect(await referenceStock(productId)).toBe(628);
    expect(await shopStock()).toBe(628);
    expect(await cardStock()).toBe(628);

    // The partner's own remains replace the warehouse's figure, in both.
    await k.db.insertInto('partner_product_remains').values({ partner_id: k.main, product_id: productId, quantity: 35 }).execute();
    expect(await referenceStock(productId)).toBe(35);
    expect(await shopStock()).toBe(35);
    expect(await cardStock()).toBe(35);

    // None at the nearest warehouse and no remains of its own: 0, whatever the other warehouses hold.
    await k.db.deleteFrom('partner_product_remains').where('partner_id', '=', k.main).where('product_id', '=', productId).execute();
    await k.db.deleteFrom('catalog_stock').where('product_id', '=', productId).where('warehouse_id', '=', warehouses[0].id).execute();
    expect(await referenceStock(productId)).toBe(0);
    expect(await shopStock()).toBe(0);
    expect(await cardStock()).toBe(0);
  });

  it('every item of every order card equals the reference', async () => {
    const ids = (await k.orderIds(k.main, 'VIEWED')).slice(0, 5);
    for (const id of ids) {
      const card = (await k.as('orders').get(`/v3/api/partner/order/${id}/`)).json() as OrderCard;
      for (const p of card.PRODUCTS) expect(p.REMAIN).toBe(await referenceStock(p.PRODUCT_ID));
    }
  });
});
