import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@b2b/contracts/messages';
import type { OrderCard } from '@b2b/contracts/orders';
import { productPhotoPath } from '@b2b/contracts/routes/storefront';
import { countingStatements } from '@/test/statement-counter';
import type { TestApp } from '@/test/test-app';
import { orderCardService } from './order-card.service';
import { downloadXlsx, openOrdersTest, type OrdersKit } from './orders-test-kit';

let t: TestApp;
let k: OrdersKit;

beforeAll(async () => {
  ({ t, k } = await openOrdersTest());
});
afterAll(() => t.close());

const orderUrl = (id: number, query = '') => `/v3/api/partner/order/${id}/${query}`;
const cardOf = async (id: number, who: Parameters<OrdersKit['as']>[0] = 'orders') => {
  const res = await k.as(who).get(orderUrl(id));
  expect(res.statusCode).toBe(200);
  return res.json() as OrderCard;
};
const money = (v: Decimal.Value) => new Decimal(v).toFixed(2);

/** An order with an offer item, made a pickup order at the partner's second tradepoint. */
async function pickupOrderWithOffer() {
  const row = await k.db
    .selectFrom('orders as o')
    .innerJoin('order_items as i', (j) => j.onRef('i.partner_id', '=', 'o.partner_id').onRef('i.order_id', '=', 'o.id'))
    .select('o.id')
    .where('o.partner_id', '=', k.main)
    .where('i.offer_id', 'is not', null)
    .orderBy('o.id')
    .executeTakeFirstOrThrow();
  const tradepoint = await k.db
    .selectFrom('tradepoints')
    .select('id')
    .where('partner_id', '=', k.main)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  await k.db
    .updateTable('orders')
    .set({ tradepoint_id: tradepoint.id, address: null })
    .where('partner_id', '=', k.main)
    .where('id', '=', row.id)
    .execute();
  return row.id;
}

describe('GET /v3/api/partner/order/{id}/', () => {
  it('answers every field of the spec order, with sums and margins computed from the items', async () => {
    const id = await pickupOrderWithOffer();
    const order = await k.order(k.main, id);
    const items = await k.itemsOf(k.main, id);
    const card = await cardOf(id);
    const tradepoint = await k.db.selectFrom('tradepoints').selectAll().where('id', '=', order.tradepoint_id!).executeTakeFirstOrThrow();
    const client = await k.db.selectFrom('clients').select('name').where('id', '=', order.client_id).executeTakeFirstOrThrow();

    expect(card).toMatchObject({
      ID: id,
      ORDER_NUMBER: order.order_number,
      CREATE_DATE: Math.floor(order.created_at.getTime() / 1000),
      STATUS: { STATUS_CODE: order.status },
      CLIENT: { ID: order.client_id, NAME: client.name },
      SHOP: { ID: k.main, NAME: 'Канцлер Опт' },
      CONTACTS: { NAME: order.contact_name, PHONE: order.contact_phone, MAIL: order.contact_email },
      USER: { PHONE: order.user_phone },
      ADDRESS: tradepoint.address,
      TRADEPOINT: { ID: tradepoint.id, ADDRESS: { ADDRESS: tradepoint.address } },
      // The partner employee responsible for it (order-manager.api.test.ts sets it): nobody in the demo data.
      MANAGER: null,
      PAYMENT_TYPES: [
        { CODE: 'CASH', NAME: 'Наличные' },
        { CODE: 'NON_CASH', NAME: 'Безналичный расчет' },
        { CODE: 'CARD', NAME: 'Банковской картой' },
      ],
      ONLINE_PAY_STATUS: null,
      CURRENCY: 'RUB',
      POSITION_COUNT: items.length,
      POSITION_SUM: money(order.position_sum),
      CUR_POSITION_SUM: money(order.position_sum),
      POSITION_MARGIN: money(order.position_margin),
      CUR_POSITION_MARGIN: money(order.position_margin),
      PRODUCTS_SUM: money(items.reduce((s, i) => s.plus(new Decimal(i.price).mul(i.quantity)), new Decimal(0))),
      HAS_OFFER: 'Y',
      DELIVERY_PRICE: money(order.delivery_price),
      TAX_TYPE: order.tax_type,
      COMMENT: order.comment,
      SHOP_COMMENT: order.shop_comment,
      NOTE: order.note,
      IS_LOYALTY: order.is_loyalty ? 'Y' : 'N',
      LOYALTY_SUM: money(order.loyalty_sum),
      RETURNED_BONUS: money(order.returned_bonus),
    });
    expect(card.PRODUCTS_SUM).toBe(card.POSITION_SUM);
    const offerItems = items.filter((i) => i.offer_id != null);
    expect(card.OFFERS).toEqual(offerItems.map((i) => ({ OFFER: { ID: i.offer_id, NAME: expect.any(String) }, PRODUCT_ID: i.product_id })));
    expect(card.OFFERS[0].OFFER.NAME).not.toBe('');

    for (const [n, item] of items.entries()) {
      // The shop's stock (issue 38 §8), as its buyers see it: the partner's own remains, else the nearest warehouse's.
      const remain = Number(
        (
          await sql<{ q: number }>`
            select coalesce(
              (select r.quantity from partner_product_remains r where r.partner_id = ${k.main} and r.product_id = ${item.product_id}),
              (select st.quantity from catalog_stock st
                where st.product_id = ${item.product_id}
                  and st.warehouse_id = (select w.id from catalog_warehouses w order by w.sort, w.id limit 1)),
              0) as q`.execute(k.db)
        ).rows[0].q,
      );
      expect(card.PRODUCTS[n]).toEqual({
        ID: item.id,
        PRODUCT_ID: item.product_id,
        UP_CODE_1C: item.up_code_1c,
        NAME: item.name,
        BUYING_PRICE: money(item.buying_price),
        PRICE: money(item.price),
        QUANTITY: item.quantity,
        REMAIN: remain,
        MARGIN: money(new Decimal(item.price).minus(item.buying_price).mul(item.quantity)),
        TO_ORDER: Math.max(0, item.quantity - remain),
        // The photo route draws every product's picture (8807a2b): the card points there, not at the stored /pictures/ paths.
        PREVIEW_PICTURE_PATH: productPhotoPath(item.product_id),
        DETAIL_PICTURE_PATH: productPhotoPath(item.product_id),
        CURRENCY: 'RUB',
        CUR_SUM: money(new Decimal(item.cur_price).mul(item.quantity)),
        CUR_PRICE: money(item.cur_price),
        SUM: money(new Decimal(item.price).mul(item.quantity)),
        SPECIAL: item.special ? 'Y' : 'N',
      });
    }
  });

  it("shows the order's currency figures from the prices the buyer was shown: Σ quantity × cur_price, never roubles ÷ rate", async () => {
    // An order of a USD shop (issue 38.7): its lines keep the shown dollars (cur_price) beside their roubles (price).
    const id = (await k.orderIds(k.main, 'COMPLETED'))[5];
    await k.db.updateTable('orders').set({ currency: 'USD', currency_rate: '92.5' }).where('partner_id', '=', k.main).where('id', '=', id).execute();
    await k.db
      .updateTable('order_items')
      .set({ cur_price: sql<string>`round(price / 92.5, 2)` })
      .where('partner_id', '=', k.main)
      .where('order_id', '=', id)
      .execute();
    const order = await k.order(k.main, id);
    const items = await k.itemsOf(k.main, id);
    const card = await cardOf(id);
    const curSum = items.reduce((s, i) => s.plus(new Decimal(i.cur_price).mul(i.quantity)), new Decimal(0));
    expect(card.CURRENCY).toBe('USD');
    expect(card.POSITION_SUM).toBe(money(order.position_sum));
    expect(card.CUR_POSITION_SUM).toBe(money(curSum));
    // A margin has no shown price: the roubles' margin is converted once.
    expect(card.CUR_POSITION_MARGIN).toBe(new Decimal(order.position_margin).div('92.5').toFixed(2));
    expect(card.PRODUCTS[0].CUR_SUM).toBe(money(new Decimal(items[0].cur_price).mul(items[0].quantity)));
    expect(card.PRODUCTS[0].CUR_PRICE).toBe(money(items[0].cur_price));
    expect(card.PRODUCTS[0].CURRENCY).toBe('USD');
    const listed = (await k.as('orders').get(`/v3/api/partner/orderlist/?query=${encodeURIComponent(order.order_number)}`)).json();
    expect(listed.ITEMS[0].CUR_POSITION_SUM).toBe(card.CUR_POSITION_SUM);
  });

  it("reads the card in one statement, its items' money exact to the last digit the column keeps", async () => {
    const id = (await k.orderIds(k.main, 'COMPLETED'))[0];
    const item = await k.db
      .selectFrom('order_items')
      .select(['id', 'price'])
      .where('partner_id', '=', k.main)
      .where('order_id', '=', id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    // The most a line's price may be (LIMITS.moneyMax, a CHECK since issue 37.4) with the column's four decimals.
    await k.db.updateTable('order_items').set({ price: '999999999.9849' }).where('partner_id', '=', k.main).where('id', '=', item.id).execute();
    try {
      const { db, counter } = countingStatements(k.db);
      // As the orders employee reads it: with MANAGERS, the staff to choose the responsible one from, in the same statement.
      const card = await orderCardService(db).card({ partnerId: k.main, canEdit: true, choosesManager: true }, id);
      expect(counter.n).toBe(1);
      expect(card!.PRODUCTS.find((p) => p.ID === Number(item.id))!.PRICE).toBe('999999999.98');
      expect(card).toEqual(await cardOf(id));
    } finally {
      await k.db.updateTable('order_items').set({ price: item.price }).where('partner_id', '=', k.main).where('id', '=', item.id).execute();
    }
  });

  it('lists the history newest first with Russian titles and who did it', async () => {
    const id = (await k.orderIds(k.main, 'CANCELED'))[0];
    const history = await k.historyOf(k.main, id);
    const card = await cardOf(id);
    expect(card.HISTORY_OPERATIONS.map((h) => h.ACTION)).toEqual(history.map((h) => h.action).reverse());
    const created = card.HISTORY_OPERATIONS.at(-1)!;
    const buyer = await k.db.selectFrom('users').select(['id', 'name', 'surname']).where('id', '=', history[0].user_id!).executeTakeFirstOrThrow();
    expect(created).toMatchObject({ ACTION: 'CREATED', TITLE: 'Заказ оформлен', USER: { ID: buyer.id, NAME: `${buyer.name} ${buyer.surname}` } });
    expect(card.HISTORY_OPERATIONS[0].TITLE).toBe(`Заказ отменен. Причина: ${card.CANCEL_COMMENT}`);
    expect(card.HISTORY_OPERATIONS[0].DATE).toBe(Math.floor(history.at(-1)!.created_at.getTime() / 1000));
  });

  it('ACTIONS: what the signed-in user may do now, nothing without editOrders or on a canceled order', async () => {
    const expected = {
      NEW: ['accept', 'cancel', 'comment', 'note', 'payment_type', 'manager'],
      VIEWED: ['send_to_basket', 'complete', 'cancel', 'comment', 'note', 'payment_type', 'manager'],
      IN_BASKET: ['complete', 'cancel', 'comment', 'note', 'payment_type', 'manager'],
      COMPLETED: ['comment', 'note', 'manager'],
      CANCELED: [],
    } as const;
    for (const [status, actions] of Object.entries(expected)) {
      const [id] = await k.orderIds(k.main, status as keyof typeof expected);
      expect((await cardOf(id, 'orders')).ACTIONS).toEqual(actions);
      expect((await cardOf(id, 'owner')).ACTIONS).toEqual(actions);
      for (const who of ['price', 'clients', 'loyalty'] as const) expect((await cardOf(id, who)).ACTIONS).toEqual([]);
    }
  });
});

describe('order actions that read: loyalty_history and export', () => {
  it('answers the loyalty ledger rows of the order (GET and POST)', async () => {
    const row = await k.db
      .selectFrom('loyalty_ledger')
      .select(['order_id'])
      .where('partner_id', '=', k.main)
      .where('order_id', 'is not', null)
      .groupBy('order_id')
      .orderBy((eb) => eb.fn.countAll(), 'desc')
      .executeTakeFirstOrThrow();
    const id = row.order_id!;
    const ledger = await k.db
      .selectFrom('loyalty_ledger')
      .selectAll()
      .where('partner_id', '=', k.main)
      .where('order_id', '=', id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const viaGet = (await k.as('loyalty').get(orderUrl(id, '?action=loyalty_history'))).json();
    expect(viaGet.NAV).toEqual({ CNT: ledger.length, CNT_ALL: ledger.length });
    expect(viaGet.ITEMS).toEqual(
      ledger.map((l) => ({
        ID: l.id,
        TITLE: l.title,
        OPERATION: l.operation,
        BONUS_CNT: new Decimal(l.points).toFixed(0),
        COMMENT: l.comment,
        DATE: Math.floor(l.created_at.getTime() / 1000),
        DATE_BURN: l.burn_at ? Math.floor(l.burn_at.getTime() / 1000) : null,
      })),
    );
    expect(viaGet.ITEMS[0].TITLE).toMatch(/заказ/i);
    const viaPost = (await k.as('price').post(orderUrl(id), { action: 'loyalty_history' })).json();
    expect(viaPost).toEqual(viaGet);
    const none = (await k.as('orders').get(orderUrl((await k.orderIds(k.main, 'NEW'))[0], '?action=loyalty_history'))).json();
    expect(none).toMatchObject({ ITEMS: [], NAV: { CNT: 0 } });
  });

  it('exports one order to an .xlsx with a header block and its item rows, and records it in the history', async () => {
    const id = await pickupOrderWithOffer();
    const order = await k.order(k.main, id);
    const items = await k.itemsOf(k.main, id);
    const answer = (await k.as('loyalty').get(orderUrl(id, '?action=export'))).json();
    expect(answer).toMatchObject({
      SUCCESS: 'Y',
      FILENAME: `Заказ ${order.order_number}.xlsx`,
      URL: expect.stringMatching(/^\/v3\/api\/partner\/file\//),
    });

    // The file is its requester's (issue 37.6): a colleague of the same partner gets 404.
    expect((await downloadXlsx(k, 'price', answer.URL)).res.statusCode).toBe(404);
    const { res, book } = await downloadXlsx(k, 'loyalty', answer.URL);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${answer.FILENAME.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(answer.FILENAME)}`,
    );
    const sheet = book.getWorksheet('Заказ')!;
    const byTitle = new Map<string, unknown>();
    sheet.eachRow((row) => byTitle.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(byTitle.get('Номер заказа')).toBe(order.order_number);
    expect(byTitle.get('Клиент')).toBe((await cardOf(id)).CLIENT.NAME);
    expect(byTitle.get('Пункт самовывоза')).toBeTruthy();
    expect(byTitle.get('Дата')).toBeInstanceOf(Date);
    expect(byTitle.get('Сумма, руб.')).toBe(new Decimal(order.position_sum).toDecimalPlaces(2).toNumber());

    let header = 0;
    sheet.eachRow((row, n) => row.getCell(1).value === 'Код' && (header = n));
    expect(header).toBeGreaterThan(0);
    const rows = items.map((_, i) => sheet.getRow(header + 1 + i));
    expect(rows.map((r) => r.getCell(1).value)).toEqual(items.map((i) => i.up_code_1c));
    expect(rows.map((r) => r.getCell(3).value)).toEqual(items.map((i) => i.quantity));
    expect(rows[0].getCell(5).value).toBe(new Decimal(items[0].price).toDecimalPlaces(2).toNumber());
    expect(rows[0].getCell(5).numFmt).toBe('#,##0.00');
    expect(sheet.getRow(header + 1 + items.length).getCell(1).value).toBe('Итого');

    const viaPost = (await k.as('orders').post(orderUrl(id), { action: 'export' })).json();
    expect(viaPost.FILENAME).toBe(answer.FILENAME);
    expect(viaPost.URL).not.toBe(answer.URL);
    const exports = (await k.historyOf(k.main, id)).filter((h) => h.action === 'EXPORT');
    expect(exports).toHaveLength(2);
    expect((await cardOf(id)).HISTORY_OPERATIONS[0]).toMatchObject({
      ACTION: 'EXPORT',
      TITLE: `Заказ выгружен в Excel: ${answer.FILENAME}`,
      USER: { NAME: 'Дмитрий Кузнецов' },
    });
    expect((await k.as('second').get(answer.URL)).statusCode).toBe(404);
  });
});

describe("another partner's orders answer 404 everywhere, exactly like an unknown id", () => {
  it('reads, actions, payment type and the basket send', async () => {
    const foreign = (await k.db.selectFrom('orders').select('id').where('partner_id', '=', k.second).orderBy('id').executeTakeFirstOrThrow()).id;
    const unknown = 999_999_999;
    const before = await k.order(k.second, foreign);
    const historyBefore = (await k.historyOf(k.second, foreign)).length;
    for (const id of [foreign, unknown]) {
      const calls = [
        k.as('owner').get(orderUrl(id)),
        k.as('owner').get(orderUrl(id, '?action=loyalty_history')),
        k.as('owner').get(orderUrl(id, '?action=export')),
        ...['accept', 'complete', 'export', 'loyalty_history'].map((action) => k.as('owner').post(orderUrl(id), { action })),
        k.as('owner').post(orderUrl(id), { action: 'cancel', cancel_comment: 'чужой' }),
        k.as('owner').post(orderUrl(id), { action: 'note', note: 'чужой' }),
        k.as('owner').post(orderUrl(id), { action: 'comment', shop_comment: 'чужой' }),
        k.as('owner').post(`/v3/api/partner/payment/type/${id}/CASH/`),
        k.as('owner').post('/v3/api/partner/sendtorelef/', { 'orders[0]': String(id) }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: 'not_found', error_description: MSG.notFound });
      }
    }
    expect(await k.order(k.second, foreign)).toEqual(before);
    expect(await k.historyOf(k.second, foreign)).toHaveLength(historyBefore);
    expect((await k.as('second').get(orderUrl(foreign))).statusCode).toBe(200);
  });
});
