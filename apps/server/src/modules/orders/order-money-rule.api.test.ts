import Decimal from 'decimal.js';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderCard, OrderListItem } from '@b2b/contracts/orders';
import { rubles, type CatalogProduct } from '@b2b/contracts/storefront';
import { up as curPriceUp, down as curPriceDown } from '@/db/migrations/2026-11-28-0045-order-cur-price';
import { bearer, createTestApp, form, shopToken, type TestApp } from '@/test/test-app';
import { downloadXlsx, ordersKit, readOutbox, type OrdersKit } from './orders-test-kit';

/*
 * Issue 38.7, the one money rule, on the order side. Orders are placed through the real shop (basket, checkout) of a
 * USD shop (rate 92.5) with a RATE list, of a WO_VAT shop with a +15 % purchase list, and with a 4-decimal purchase
 * price; what the card, the order list, the buyer's orders, the export and the mails say is compared with a plain
 * reference query over order_items: stored figures are roubles (Σ quantity × price), the buyer's figures are the
 * shown prices (Σ quantity × cur_price), margins are Σ quantity × (price − buying_price) on one VAT basis.
 */

let t: TestApp;
let k: OrdersKit;
let buyer: string;
let clientId: number;

const money = (v: Decimal.Value) => new Decimal(v).toFixed(2);
const cell = (v: Decimal.Value) => Number(new Decimal(v).toFixed(2));

const buyerGet = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(buyer) });
const buyerPost = (url: string, data: Record<string, string>) => {
  const f = form(data);
  return t.app.inject({ method: 'POST', url, payload: f.payload, headers: { ...f.headers, ...bearer(buyer) } });
};

/** The oracle: an order's lines summed by a plain query over order_items. */
async function oracle(orderId: number) {
  const { rows } = await sql<{ rub: string; cur: string; purchase: string; margin: string; lines: string }>`
    select sum(quantity * price)::text as rub, sum(quantity * cur_price)::text as cur, sum(quantity * buying_price)::text as purchase,
      sum(quantity * (price - buying_price))::text as margin, count(*)::text as lines
    from order_items where partner_id = ${k.main} and order_id = ${orderId}`.execute(k.db);
  return rows[0];
}

async function priceSettings(data: Record<string, string>) {
  expect((await k.as('owner').post('/v3/api/partner/pricesettings/', data)).json()).toMatchObject({ SUCCESS: 'Y' });
}

/** A price list made through the back office and given to the buyer's client. */
async function buyerList(data: Record<string, string>) {
  const made = (await k.as('owner').post('/v3/api/partner/pricelist/', data)).json();
  expect(made).toMatchObject({ SUCCESS: 'Y', ID: expect.any(Number) });
  expect(
    (await k.as('owner').post(`/v3/api/partner/client/${clientId}/`, { price_type: String(made.ID), column_id: '0', check: 'Y' })).json(),
  ).toMatchObject({
    SUCCESS: 'Y',
  });
  return made.ID as number;
}

/** Puts the products in the basket and places the order through the shop's checkout; answers its id and the basket. */
async function checkout(lines: { id: number; quantity: number }[]) {
  for (const l of lines)
    expect((await buyerPost('/v3/api/client/basket/', { product_id: String(l.id), quantity: String(l.quantity) })).json().SUCCESS).toBe('Y');
  const basket = (await buyerGet('/v3/api/client/basket/')).json();
  const options = (await buyerGet('/v3/api/client/checkout/')).json();
  const placed = (
    await buyerPost('/v3/api/client/order/', {
      delivery: 'PICKUP',
      tradepoint_id: String(options.TRADEPOINTS[0].ID),
      payment_type: options.PAYMENT_TYPES[0].ID,
      contact_name: 'Анна Петрова',
      contact_phone: '+7 916 123-45-67',
      contact_email: 'buyer@client.demo',
    })
  ).json();
  expect(placed).toMatchObject({ SUCCESS: 'Y', ORDER_ID: expect.any(Number) });
  return { id: placed.ORDER_ID as number, number: placed.ORDER_NUMBER as string, basket };
}

const cardOf = async (id: number) => (await k.as('orders').get(`/v3/api/partner/order/${id}/`)).json() as OrderCard;
const listed = async (number: string) =>
  ((await k.as('orders').get(`/v3/api/partner/orderlist/?query=${encodeURIComponent(number)}`)).json().ITEMS as OrderListItem[]).find(
    (o) => o.ORDER_NUMBER === number,
  )!;

/** The order's .xlsx export read back: the header block by title, the item rows, the totals row. */
async function exported(id: number) {
  const answer = (await k.as('orders').get(`/v3/api/partner/order/${id}/?action=export`)).json();
  const { book } = await downloadXlsx(k, 'orders', answer.URL);
  const sheet = book.getWorksheet('Заказ')!;
  const byTitle = new Map<string, unknown>();
  let header = 0;
  sheet.eachRow((row, n) => {
    byTitle.set(String(row.getCell(1).value), row.getCell(2).value);
    if (row.getCell(1).value === 'Код') header = n;
  });
  const rows: { sum: unknown; margin: unknown }[] = [];
  for (let n = header + 1; sheet.getRow(n).getCell(1).value !== 'Итого'; n++)
    rows.push({ sum: sheet.getRow(n).getCell(6).value, margin: sheet.getRow(n).getCell(7).value });
  const total = sheet.getRow(header + 1 + rows.length);
  return { byTitle, rows, total: { sum: total.getCell(6).value, margin: total.getCell(7).value } };
}

/** Products the buyer's catalogue sells, each with its step. */
const products = async (n: number) => ((await buyerGet('/v3/api/catalog/product/?limit=24')).json().ITEMS as CatalogProduct[]).slice(0, n);

beforeAll(async () => {
  t = await createTestApp();
  k = await ordersKit(t);
  buyer = await shopToken(t);
  clientId = (await k.db.selectFrom('users').select('client_id').where('email', '=', 'buyer@client.demo').executeTakeFirstOrThrow()).client_id!;
  await k.db
    .updateTable('shops')
    .set({ min_order_sum: null, no_check_order_sum: false, notify_checkbox: false })
    .where('partner_id', '=', k.main)
    .execute();
});
afterAll(() => t.close());
beforeEach(() => k.db.deleteFrom('shop_baskets').where('partner_id', '=', k.main).where('client_id', '=', clientId).execute());

describe('migration 0045 mends orders stored in another currency before it', () => {
  it('puts their lines in roubles, keeps the dollars as cur_price, sums the orders again and keeps the reports true', async () => {
    const db = k.db as unknown as Kysely<unknown>;
    const source = (await k.orderIds(k.main, 'COMPLETED'))[3];
    await curPriceDown(db);
    try {
      // An order as checkout wrote it before: dollars in price, roubles in buying_price, sums of those mixed figures.
      const { rows } = await sql<{ id: number }>`
        insert into orders (partner_id, order_number, client_id, client_user_id, status, payment_type, currency, currency_rate, position_count,
          position_sum, purchase_sum, position_margin, delivery_price, tax_type, contact_name, contact_phone, created_at)
        select partner_id, order_number || '-USD', client_id, client_user_id, status, payment_type, 'USD', 92.5, position_count,
          0, 0, 0, delivery_price, tax_type, contact_name, contact_phone, created_at
        from orders where partner_id = ${k.main} and id = ${source}
        returning id`.execute(db);
      const legacy = Number(rows[0].id);
      await sql`
        insert into order_items (partner_id, order_id, product_id, up_code_1c, name, buying_price, price, quantity)
        select partner_id, ${legacy}, product_id, up_code_1c, name, buying_price, round(price / 92.5, 2), quantity
        from order_items where partner_id = ${k.main} and order_id = ${source}`.execute(db);
      await sql`
        update orders o set position_sum = x.s, purchase_sum = x.p, position_margin = x.s - x.p
        from (select sum(quantity * price) s, sum(quantity * buying_price) p from order_items where partner_id = ${k.main} and order_id = ${legacy}) x
        where o.partner_id = ${k.main} and o.id = ${legacy}`.execute(db);
      const dollars = await sql<{
        id: string;
        price: string;
      }>`select id::text, price::text from order_items where order_id = ${legacy} order by id`.execute(db);

      await curPriceUp(db);

      const items = await k.itemsOf(k.main, legacy);
      expect(items.map((i) => [String(i.id), money(i.cur_price)])).toEqual(dollars.rows.map((r) => [r.id, money(r.price)]));
      for (const i of items) expect(new Decimal(i.price).eq(new Decimal(i.cur_price).mul('92.5').toDecimalPlaces(4))).toBe(true);
      const o = await oracle(legacy);
      const order = await k.order(k.main, legacy);
      expect([order.position_sum, order.purchase_sum, order.position_margin].map(money)).toEqual([o.rub, o.purchase, o.margin].map(money));
      expect((await cardOf(legacy)).CUR_POSITION_SUM).toBe(money(o.cur));
      // Rouble orders keep their lines: cur_price = price.
      const rub = await sql<{ n: string }>`
        select count(*)::text as n from order_items i join orders o on o.partner_id = i.partner_id and o.id = i.order_id
        where o.currency = 'RUB' and i.cur_price <> i.price`.execute(db);
      expect(rub.rows[0].n).toBe('0');
    } finally {
      const has = await sql<{
        n: string;
      }>`select count(*)::text as n from information_schema.columns where table_name = 'order_items' and column_name = 'cur_price'`.execute(db);
      if (has.rows[0].n === '0') await curPriceUp(db);
    }

    // The reports' read model equals a plain query over the orders and their lines (not canceled), day by day.
    const drift = await sql<{ n: string }>`
      with truth as (
        select i.partner_id, (o.created_at at time zone 'Europe/Moscow')::date as day, i.product_id,
          sum((i.price * i.quantity * 10000)::bigint) as revenue_e4, sum((i.buying_price * i.quantity * 10000)::bigint) as cost_e4
        from order_items i join orders o on o.partner_id = i.partner_id and o.id = i.order_id
        where o.status <> 'CANCELED' and o.partner_id = ${k.main}
        group by 1, 2, 3
      )
      select count(*)::text as n from truth t
      full join (select * from report_sales_day where partner_id = ${k.main} and (revenue_e4 <> 0 or cost_e4 <> 0)) r
        on r.partner_id = t.partner_id and r.day = t.day and r.product_id = t.product_id
      where r.revenue_e4 is distinct from t.revenue_e4 or r.cost_e4 is distinct from t.cost_e4`.execute(db);
    expect(drift.rows[0].n).toBe('0');
    const days = await sql<{ n: string }>`
      with truth as (
        select partner_id, (created_at at time zone 'Europe/Moscow')::date as day, sum(position_sum) as revenue, sum(purchase_sum) as cost
        from orders where status <> 'CANCELED' and partner_id = ${k.main} group by 1, 2
      )
      select count(*)::text as n from truth t join report_partner_day r on r.partner_id = t.partner_id and r.day = t.day
      where r.revenue <> t.revenue or r.cost <> t.cost`.execute(db);
    expect(days.rows[0].n).toBe('0');
  });
});

describe('an order of a USD shop with a RATE list (rate 92.5)', () => {
  it('stores roubles and the shown dollars; the card, list, buyer pages, export and mail agree with the lines', async () => {
    await priceSettings({ currency: 'USD', currency_rate: '92.5', tax_type: 'WITH_VAT' });
    await buyerList({ name: 'Долларовый', price_type: 'PURCHASE', section_rate: '15', rounding: 'TWO_DECIMAL', unit: 'RATE' });
    const picked = await products(3);
    const { id, number, basket } = await checkout(picked.map((p, i) => ({ id: p.ID, quantity: p.MULTIPLICITY * (i + 2) })));
    const o = await oracle(id);
    const order = await k.order(k.main, id);
    expect(order).toMatchObject({ currency: 'USD' });
    expect(new Decimal(order.currency_rate).eq('92.5')).toBe(true);

    // Each line: the dollars the buyer was shown, and their roubles at the order's rate (4 decimals).
    const items = await k.itemsOf(k.main, id);
    for (const item of items) {
      const shown = picked.find((p) => p.ID === item.product_id)!;
      expect(money(item.cur_price)).toBe(shown.PRICE);
      expect(new Decimal(item.price).eq(new Decimal(item.cur_price).mul('92.5').toDecimalPlaces(4, Decimal.ROUND_HALF_UP))).toBe(true);
    }
    // The stored sums are the lines' roubles; the margin roubles against roubles (a +15 % list earns).
    expect(new Decimal(order.position_sum).eq(o.rub)).toBe(true);
    expect(new Decimal(order.purchase_sum).eq(o.purchase)).toBe(true);
    expect(new Decimal(order.position_margin).eq(o.margin)).toBe(true);
    expect(new Decimal(o.margin).gt(0)).toBe(true);
    expect(basket.SUM).toBe(money(o.cur));

    const card = await cardOf(id);
    expect(card).toMatchObject({
      CURRENCY: 'USD',
      POSITION_SUM: money(o.rub),
      PRODUCTS_SUM: money(o.rub),
      CUR_POSITION_SUM: money(o.cur),
      POSITION_MARGIN: money(o.margin),
      CUR_POSITION_MARGIN: money(new Decimal(o.margin).div('92.5')),
    });
    for (const [n, item] of items.entries()) {
      expect(card.PRODUCTS[n]).toMatchObject({
        PRICE: money(item.price),
        CUR_PRICE: money(item.cur_price),
        SUM: money(new Decimal(item.price).mul(item.quantity)),
        CUR_SUM: money(new Decimal(item.cur_price).mul(item.quantity)),
        MARGIN: money(new Decimal(item.price).minus(item.buying_price).mul(item.quantity)),
      });
    }

    expect(await listed(number)).toMatchObject({ CURRENCY: 'USD', POSITION_SUM: money(o.rub), CUR_POSITION_SUM: money(o.cur) });

    // The buyer reads dollars: Σ quantity × the shown price, never the roubles ÷ rate.
    const mine = (await buyerGet('/v3/api/client/order/')).json().ITEMS.find((x: { ID: number }) => x.ID === id);
    expect(mine).toMatchObject({ CURRENCY: 'USD', POSITION_SUM: money(o.cur), DELIVERY_PRICE: money(new Decimal(order.delivery_price).div('92.5')) });
    const page = (await buyerGet(`/v3/api/client/order/${id}/`)).json();
    expect(page).toMatchObject({ CURRENCY: 'USD', POSITION_SUM: money(o.cur) });
    expect(page.ITEMS.map((i: { PRICE: string; SUM: string }) => [i.PRICE, i.SUM])).toEqual(
      items.map((i) => [money(i.cur_price), money(new Decimal(i.cur_price).mul(i.quantity))]),
    );

    const file = await exported(id);
    expect(file.byTitle.get('Валюта')).toBe('USD');
    expect(file.byTitle.get('Сумма, руб.')).toBe(cell(o.rub));
    expect(file.byTitle.get('Сумма в валюте заказа')).toBe(cell(o.cur));
    expect(file.rows.map((r) => r.sum)).toEqual(items.map((i) => cell(new Decimal(i.price).mul(i.quantity))));
    expect(file.total).toEqual({ sum: cell(o.rub), margin: cell(o.margin) });

    await t.app.services.jobs.runUntilIdle();
    const mail = readOutbox(t.dataDir).find((m) => m.subject === `Заказ ${number} принят`)!;
    expect(mail.text).toContain(`на сумму ${rubles(money(o.cur))} USD`);
    expect(mail.text).not.toContain('₽');
  });
});

describe('an order of a WO_VAT shop with a +15 % purchase list', () => {
  it('nets the purchase price of VAT like the price: the margin is net − net, positive', async () => {
    await priceSettings({ currency: 'RUB', tax_type: 'WO_VAT' });
    await buyerList({ name: 'Без НДС +15', price_type: 'PURCHASE', section_rate: '15', rounding: 'TWO_DECIMAL', unit: 'RUB' });
    const picked = await products(2);
    const { id, number } = await checkout(picked.map((p) => ({ id: p.ID, quantity: p.MULTIPLICITY * 3 })));
    const o = await oracle(id);
    // Each line's purchase price is the product's, net of its VAT, to 4 decimals (an independent reference query).
    const { rows: net } = await sql<{ id: string; buying: string; expected: string }>`
      select i.id::text, i.buying_price::text as buying, round(p.purchase_price * 100 / (100 + p.vat_rate), 4)::text as expected
      from order_items i join catalog_products p on p.id = i.product_id
      where i.partner_id = ${k.main} and i.order_id = ${id}`.execute(k.db);
    expect(net.every((r) => new Decimal(r.buying).eq(r.expected))).toBe(true);
    const items = await k.itemsOf(k.main, id);
    expect(items.every((i) => new Decimal(i.cur_price).eq(i.price))).toBe(true);

    const card = await cardOf(id);
    expect(card).toMatchObject({
      CURRENCY: 'RUB',
      TAX_TYPE: 'WO_VAT',
      POSITION_SUM: money(o.rub),
      CUR_POSITION_SUM: money(o.rub),
      POSITION_MARGIN: money(o.margin),
    });
    expect(new Decimal(card.POSITION_MARGIN).gt(0)).toBe(true);
    expect(await listed(number)).toMatchObject({ POSITION_SUM: money(o.rub) });
    const file = await exported(id);
    expect(file.byTitle.get('Сумма, руб.')).toBe(cell(o.rub));
    expect(file.total.margin).toBe(cell(o.margin));
    await priceSettings({ currency: 'RUB', tax_type: 'WITH_VAT' });
  });
});

describe('a 4-decimal purchase price', () => {
  it('keeps its decimals until the line is summed: 10.1250 × 1000 = 10 125.00, not 10 130.00', async () => {
    await priceSettings({ currency: 'RUB', tax_type: 'WITH_VAT' });
    await buyerList({ name: 'Закупка +15', price_type: 'PURCHASE', section_rate: '15', rounding: 'TWO_DECIMAL', unit: 'RUB' });
    await k.db.updateTable('shops').set({ multiplicity: 'EDINICA' }).where('partner_id', '=', k.main).execute();
    const [p] = await products(1);
    await k.db.updateTable('catalog_products').set({ purchase_price: '10.1250' }).where('id', '=', p.ID).execute();
    const { id } = await checkout([{ id: p.ID, quantity: 1000 }]);
    const items = await k.itemsOf(k.main, id);
    const line = items.find((i) => i.product_id === p.ID && !new Decimal(i.price).isZero())!;
    expect(new Decimal(line.buying_price).eq('10.125')).toBe(true);
    // The order's purchase sum holds 10.1250 × 1000 = 10 125.0000 for this line (a gift the sum reached adds its own).
    const others = items.filter((i) => i !== line).reduce((s, i) => s.plus(new Decimal(i.buying_price).mul(i.quantity)), new Decimal(0));
    const order = await k.order(k.main, id);
    expect(new Decimal(order.purchase_sum).minus(others).toFixed(2)).toBe('10125.00');
    // The line's margin is 1000 × (price − 10.1250): with a price of 11.64, 1 515.00 (10.13 would give 1 510.00).
    const card = await cardOf(id);
    const margin = new Decimal(line.price).minus('10.125').mul(1000);
    expect(card.PRODUCTS.find((i) => i.ID === Number(line.id))!.MARGIN).toBe(money(margin));
    expect(margin.toFixed(2)).not.toBe(new Decimal(line.price).minus('10.13').mul(1000).toFixed(2));
    expect(card.POSITION_MARGIN).toBe(money((await oracle(id)).margin));
  });
});
