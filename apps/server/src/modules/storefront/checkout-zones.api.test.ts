import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { moneyText, rubles, STOREFRONT_MSG, type BasketAnswer } from '@b2b/contracts/storefront';
import { bearer, createTestApp, form, shopToken, type TestApp } from '@/test/test-app';
import { partnerIdOf } from '../clients/clients-test-fixtures';
import { priceEngine } from '../pricing/price-engine.service';

/*
 * Issue 38 §4, §5 and the basket side of §7: delivery priced by the zone the buyer chooses (or the geocoded address's
 * zone), stored on the order, and the same on the basket, checkout, the order card, its export and the КП PDF; the
 * basket's thresholds compared in roubles whatever the list's currency. Oracles: the zones' rows, the price engine's
 * prices and the orders' rows read by plain queries.
 */

let t: TestApp;
let buyer: string;
let owner: string;
let second: string;
let pid: number;
let clientId: number;
type Zone = { id: number; name: string; price: string };
let zones: Zone[];

const get = (url: string, token = buyer) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, data: Record<string, string>, token = buyer) =>
  t.app.inject({ method: 'POST', url, ...form(data), headers: { ...form(data).headers, ...bearer(token) } });
const db = () => t.database.db;
const setShop = (set: Record<string, unknown>) => db().updateTable('shops').set(set).where('partner_id', '=', pid).execute();

async function signInBuyer(app: TestApp) {
  return shopToken(app);
}

type Product = { id: number; step: number };
/** Products the buyer can order: the first of the catalogue's first page, with their multiplicities. */
async function productIds(n: number): Promise<Product[]> {
  const page = (await get('/v3/api/catalog/product/?limit=24')).json();
  return page.ITEMS.slice(0, n).map((p: { ID: number; MULTIPLICITY: number }) => ({ id: p.ID, step: p.MULTIPLICITY }));
}

/** Fills the basket with these products, `packs` packs (multiplicities) each. */
async function fill(products: Product[], packs: number) {
  await db().deleteFrom('shop_baskets').where('partner_id', '=', pid).execute();
  for (const p of products) {
    expect((await post('/v3/api/client/basket/', { product_id: String(p.id), quantity: String(packs * p.step) })).json().SUCCESS).toBe('Y');
  }
}

/** The oracle of a basket's sums: the price engine's shown prices and roubles × quantities. */
async function engineSums(products: Product[], packs: number) {
  const prices = (await priceEngine(db()).prices(
    pid,
    { clientId },
    products.map((p) => p.id),
  ))!;
  const step = new Map(products.map((p) => [p.id, p.step]));
  const qty = (id: number) => packs * step.get(id)!;
  const shown = prices.reduce((s, p) => s.plus(new Decimal(p.price).mul(qty(p.productId))), new Decimal(0));
  const roubles = prices.reduce((s, p) => s.plus(new Decimal(p.rubles).mul(qty(p.productId))), new Decimal(0));
  return { shown, roubles, currency: prices[0].currency };
}

const basket = async (query = ''): Promise<BasketAnswer> => (await get(`/v3/api/client/basket/${query}`)).json();
const order = (extra: Record<string, string>) => ({
  delivery: 'DELIVERY',
  address: 'г. Москва, ул. Тверская, д. 7',
  payment_type: 'CASH',
  contact_name: 'Анна',
  contact_phone: '79161234567',
  ...extra,
});

async function pdfText(query: string) {
  const res = await get(`/v3/api/client/basket/offer/${query}`);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  const { text } = await extractText(new Uint8Array(res.rawPayload), { mergePages: true });
  return text as string;
}

beforeAll(async () => {
  t = await createTestApp();
  buyer = await signInBuyer(t);
  owner = await t.login('owner@partner.demo');
  second = await t.login('owner@second.demo');
  pid = await partnerIdOf(db(), 'owner@partner.demo');
  clientId = (await db().selectFrom('users').select('client_id').where('email', '=', 'buyer@client.demo').executeTakeFirstOrThrow()).client_id!;
  await setShop({ assortment: 'EXTENDED', min_order_sum: null, no_check_order_sum: false, selfdelivery_only: false, min_sum: null });
  zones = (await db().selectFrom('delivery_zones').select(['id', 'name', 'price']).where('partner_id', '=', pid).orderBy('sort').execute()).map(
    (z) => ({
      id: Number(z.id),
      name: z.name,
      price: z.price ?? '0',
    }),
  );
});
afterAll(() => t.close());

describe('delivery priced by zone (issue 38 §4)', () => {
  beforeEach(() => setShop({ min_sum: null, delivery_outside_zones: false }));

  it('prices the chosen zone, free from its threshold, and lists every zone with its price and «бесплатно от»', async () => {
    const paid = zones.find((z) => new Decimal(z.price).gt(0))!;
    const ids = await productIds(3);
    await fill(ids, 2);
    const sums = await engineSums(ids, 2);

    const unchosen = await basket();
    expect(unchosen.SUM).toBe(sums.shown.toFixed(2));
    expect(unchosen.DELIVERY_ZONES.map((z) => [z.ID, z.NAME, z.PRICE])).toEqual(zones.map((z) => [z.id, z.name, new Decimal(z.price).toFixed(2)]));
    expect(unchosen.DELIVERY_ZONE).toBeNull();

    const chosen = await basket(`?delivery_zone_id=${paid.id}`);
    expect(chosen).toMatchObject({
      DELIVERY_PRICE: new Decimal(paid.price).toFixed(2),
      DELIVERY_ZONE: { ID: paid.id, NAME: paid.name },
      FREE_DELIVERY_FROM: null,
    });

    // The zone's own threshold (roubles), set by the partner: reached by this basket, its delivery is free.
    const below = sums.roubles.minus(1).toFixed(2);
    expect(
      (await post(`/v3/api/partner/delivery_zone/${paid.id}/`, { name: paid.name, price: paid.price, free_from: below }, owner)).json().SUCCESS,
    ).toBe('Y');
    const free = await basket(`?delivery_zone_id=${paid.id}`);
    expect(free).toMatchObject({ DELIVERY_PRICE: '0.00', FREE_DELIVERY_FROM: new Decimal(below).toFixed(2) });
    expect(free.DELIVERY_ZONES.find((z) => z.ID === paid.id)).toMatchObject({ FREE_FROM: new Decimal(below).toFixed(2), DELIVERY_PRICE: '0.00' });
    // Not reached: the zone's price.
    const above = sums.roubles.plus(1).toFixed(2);
    await post(`/v3/api/partner/delivery_zone/${paid.id}/`, { name: paid.name, price: paid.price, free_from: above }, owner);
    expect((await basket(`?delivery_zone_id=${paid.id}`)).DELIVERY_PRICE).toBe(new Decimal(paid.price).toFixed(2));
    // Without a threshold of its own, the shop's MIN_SUM applies.
    await post(`/v3/api/partner/delivery_zone/${paid.id}/`, { name: paid.name, price: paid.price, free_from: '' }, owner);
    await setShop({ min_sum: below });
    expect(await basket(`?delivery_zone_id=${paid.id}`)).toMatchObject({ DELIVERY_PRICE: '0.00', FREE_DELIVERY_FROM: new Decimal(below).toFixed(2) });
  });

  it("refuses a delivery without a zone, with an unknown one or another partner's, and outside the zones unless the shop allows it", async () => {
    await fill(await productIds(1), 1);
    const theirs = (await post('/v3/api/partner/delivery_zone/', { name: 'Чужая зона', price: '100' }, second)).json().ID;
    expect((await post('/v3/api/client/order/', order({}))).json()).toEqual({
      SUCCESS: 'N',
      errors: { delivery_zone_id: STOREFRONT_MSG.zoneRequired },
    });
    expect((await post('/v3/api/client/order/', order({ delivery_zone_id: '999999' }))).json()).toEqual({
      SUCCESS: 'N',
      errors: { delivery_zone_id: STOREFRONT_MSG.zoneUnknown },
    });
    expect((await post('/v3/api/client/order/', order({ delivery_zone_id: String(theirs) }))).json()).toEqual({
      SUCCESS: 'N',
      errors: { delivery_zone_id: STOREFRONT_MSG.zoneUnknown },
    });
    expect((await post('/v3/api/client/order/', order({ outside_zone: 'Y' }))).json()).toEqual({
      SUCCESS: 'N',
      errors: { delivery_zone_id: STOREFRONT_MSG.outsideNotAllowed },
    });
    // A malformed zone is refused by its field, never a 500.
    const malformedOrder = await post('/v3/api/client/order/', order({ delivery_zone_id: 'abc' }));
    expect(malformedOrder.statusCode).toBe(200);
    expect(malformedOrder.json()).toMatchObject({ SUCCESS: 'N', errors: { delivery_zone_id: expect.any(String) } });
    const malformed = await get('/v3/api/client/basket/?delivery_zone_id=-1');
    expect(malformed.statusCode).toBeLessThan(500);

    await setShop({ delivery_outside_zones: true });
    const agreed = await basket('?outside_zone=Y');
    expect(agreed).toMatchObject({ DELIVERY_PRICE: '0.00', DELIVERY_BY_AGREEMENT: 'Y', DELIVERY_OUTSIDE_ZONES: 'Y', DELIVERY_ZONE: null });
    const placed = (await post('/v3/api/client/order/', order({ outside_zone: 'Y' }))).json();
    expect(placed.SUCCESS).toBe('Y');
    const row = await db()
      .selectFrom('orders')
      .select(['delivery_price', 'delivery_zone_id', 'delivery_by_agreement'])
      .where('id', '=', placed.ORDER_ID)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ delivery_price: expect.any(String), delivery_zone_id: null, delivery_by_agreement: true });
    expect(new Decimal(row.delivery_price).isZero()).toBe(true);
    const card = (await get(`/v3/api/partner/order/${placed.ORDER_ID}/`, owner)).json();
    expect(card).toMatchObject({ DELIVERY_PRICE: '0.00', DELIVERY_ZONE: null, DELIVERY_BY_AGREEMENT: 'Y' });
  });

  it('stores the zone and its price on the order: the basket, checkout, PDF, card and export show the same delivery', async () => {
    const paid = zones.filter((z) => new Decimal(z.price).gt(0)).at(-1)!;
    const ids = await productIds(2);
    await fill(ids, 3);
    const query = `?delivery_zone_id=${paid.id}`;
    const seen = await basket(query);
    const checkout = (await get(`/v3/api/client/checkout/${query}`)).json();
    expect(checkout.BASKET.DELIVERY_PRICE).toBe(seen.DELIVERY_PRICE);
    expect(seen.DELIVERY_PRICE).toBe(new Decimal(paid.price).toFixed(2));
    const total = new Decimal(seen.SUM).plus(seen.DELIVERY_PRICE).toFixed(2);

    const text = await pdfText(query);
    expect(text).toContain(`Доставка (${paid.name})`);
    expect(text).toContain(rubles(seen.DELIVERY_PRICE));
    expect(text).toContain(`Итого: ${moneyText(total, 'RUB')}`);

    const placed = (await post('/v3/api/client/order/', order({ delivery_zone_id: String(paid.id), expected_sum: seen.SUM }))).json();
    expect(placed.SUCCESS).toBe('Y');
    const row = await db()
      .selectFrom('orders')
      .select(['delivery_price', 'delivery_zone_id', 'delivery_zone_name', 'delivery_by_agreement'])
      .where('id', '=', placed.ORDER_ID)
      .executeTakeFirstOrThrow();
    expect({ ...row, delivery_price: new Decimal(row.delivery_price).toFixed(2) }).toEqual({
      delivery_price: new Decimal(paid.price).toFixed(2),
      delivery_zone_id: paid.id,
      delivery_zone_name: paid.name,
      delivery_by_agreement: false,
    });
    const card = (await get(`/v3/api/partner/order/${placed.ORDER_ID}/`, owner)).json();
    expect(card).toMatchObject({ DELIVERY_PRICE: seen.DELIVERY_PRICE, DELIVERY_ZONE: { ID: paid.id, NAME: paid.name }, DELIVERY_BY_AGREEMENT: 'N' });

    const exported = (await get(`/v3/api/partner/order/${placed.ORDER_ID}/?action=export`, owner)).json();
    const file = await get(exported.URL, owner);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const byTitle = new Map<string, unknown>();
    book.getWorksheet('Заказ')!.eachRow((r) => byTitle.set(String(r.getCell(1).value), r.getCell(2).value));
    expect(byTitle.get('Стоимость доставки')).toBe(Number(new Decimal(row.delivery_price).toFixed(2)));
    expect(byTitle.get('Зона доставки')).toBe(paid.name);

    // A zone renamed later leaves the order with the name it was placed under.
    await post(`/v3/api/partner/delivery_zone/${paid.id}/`, { name: 'Переименованная', price: paid.price }, owner);
    expect((await get(`/v3/api/partner/order/${placed.ORDER_ID}/`, owner)).json().DELIVERY_ZONE.NAME).toBe(paid.name);
    await post(`/v3/api/partner/delivery_zone/${paid.id}/`, { name: paid.name, price: paid.price }, owner);
  });
});

describe('the КП PDF (issue 38 §5)', () => {
  it('prints the gift as a line at 0 «Подарок», the postcode once, the delivery line and the totals of the basket', async () => {
    const paid = zones.find((z) => new Decimal(z.price).gt(0))!;
    const gift = await db()
      .selectFrom('offer_presents as p')
      .innerJoin('offers as o', (j) => j.onRef('o.partner_id', '=', 'p.partner_id').onRef('o.id', '=', 'p.offer_id'))
      .innerJoin('catalog_products as c', 'c.id', 'p.product_id')
      .select(['p.sum', 'c.name'])
      .where('p.partner_id', '=', pid)
      .where('o.active', '=', true)
      .orderBy('p.sum')
      .executeTakeFirstOrThrow();
    // Enough of the first products to pass the smallest gift threshold (roubles).
    const ids = await productIds(4);
    const one = await engineSums(ids, 1);
    const quantity = Number(new Decimal(gift.sum).div(one.roubles).ceil().toString());
    await fill(ids, quantity);
    const seen = await basket(`?delivery_zone_id=${paid.id}`);
    expect(seen.GIFTS.map((g) => g.PRODUCT)).toContain(gift.name);

    const text = await pdfText(`?delivery_zone_id=${paid.id}`);
    expect(text).toContain(`Подарок: ${gift.name.slice(0, 20)}`);
    const settings = await db()
      .selectFrom('commercial_offer_settings')
      .select(['postcode', 'legal_address'])
      .where('partner_id', '=', pid)
      .executeTakeFirstOrThrow();
    expect(text.split(settings.postcode!).length - 1).toBe(1);
    expect(text).toContain(`Доставка (${paid.name})`);
    expect(text).toContain(`Итого: ${moneyText(new Decimal(seen.SUM).plus(seen.DELIVERY_PRICE).toFixed(2), seen.CURRENCY)}`);
    for (const line of seen.ITEMS) expect(text).toContain(rubles(line.SUM));
  });

  it("follows the shop's TAX_TYPE: «В том числе НДС» with VAT, «Без НДС» for a WO_VAT shop", async () => {
    await fill(await productIds(1), 1);
    await setShop({ tax_type: 'WITH_VAT' });
    expect(await pdfText('')).toContain('В том числе НДС:');
    await setShop({ tax_type: 'WO_VAT' });
    const net = await pdfText('');
    expect(net).not.toContain('В том числе НДС');
    expect(net).toContain('Без НДС');
    await setShop({ tax_type: 'WITH_VAT' });
  });
});

describe('a USD shop: thresholds in roubles (issue 38 §7)', () => {
  const RATE = '92.5';
  afterAll(async () => {
    await setShop({ currency: 'RUB', currency_rate: null, min_order_sum: null });
    await db().updateTable('price_lists').set({ unit: 'RUB' }).where('partner_id', '=', pid).execute();
  });

  it('with a RUB list: the basket is in roubles, a gift threshold is not multiplied by the rate', async () => {
    await setShop({ currency: 'USD', currency_rate: RATE });
    const gift = await db()
      .selectFrom('offer_presents as p')
      .innerJoin('offers as o', (j) => j.onRef('o.partner_id', '=', 'p.partner_id').onRef('o.id', '=', 'p.offer_id'))
      .select(['p.sum'])
      .where('p.partner_id', '=', pid)
      .where('o.active', '=', true)
      .orderBy('p.sum')
      .executeTakeFirstOrThrow();
    const ids = await productIds(1);
    const one = await engineSums(ids, 1);
    expect(one.currency).toBe('RUB');
    // A basket whose roubles stay below the threshold, but whose roubles × rate would pass it.
    const quantity = Math.max(1, Number(new Decimal(gift.sum).div(one.roubles).floor().minus(1).toString()));
    await fill(ids, quantity);
    const seen = await basket();
    expect(seen.CURRENCY).toBe('RUB');
    expect(new Decimal(seen.SUM).lt(gift.sum)).toBe(true);
    expect(new Decimal(seen.SUM).mul(RATE).gte(gift.sum)).toBe(true);
    expect(seen.GIFTS).toEqual([]);
  });

  it('with a RATE list: sums in dollars, the minimum order and delivery compared and shown from roubles', async () => {
    await setShop({ currency: 'USD', currency_rate: RATE });
    await db().updateTable('price_lists').set({ unit: 'RATE' }).where('partner_id', '=', pid).execute();
    const ids = await productIds(2);
    await fill(ids, 5);
    const sums = await engineSums(ids, 5);
    expect(sums.currency).toBe('USD');
    // A minimum below the basket's roubles but above its dollars: the basket may be ordered.
    const minimum = sums.roubles.minus(1).toDecimalPlaces(2, Decimal.ROUND_DOWN);
    expect(minimum.gt(sums.shown)).toBe(true);
    await setShop({ min_order_sum: minimum.toFixed(2) });
    const paid = zones.find((z) => new Decimal(z.price).gt(0))!;
    const seen = await basket(`?delivery_zone_id=${paid.id}`);
    expect(seen).toMatchObject({ CURRENCY: 'USD', SUM: sums.shown.toFixed(2), CAN_ORDER: 'Y' });
    expect(seen.MIN_ORDER_SUM).toBe(minimum.div(RATE).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2));
    expect(seen.DELIVERY_PRICE).toBe(new Decimal(paid.price).div(RATE).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2));
    // Above the roubles: refused, the message naming the minimum in dollars.
    await setShop({ min_order_sum: sums.roubles.plus(1).toFixed(2) });
    const below = await basket();
    expect(below.CAN_ORDER).toBe('N');
    expect(below.MESSAGE).toBe(STOREFRONT_MSG.minOrderSum(moneyText(below.MIN_ORDER_SUM!, 'USD')));
    await setShop({ min_order_sum: minimum.toFixed(2) });

    const text = await pdfText(`?delivery_zone_id=${paid.id}`);
    expect(text).toContain(`Итого: ${moneyText(new Decimal(seen.SUM).plus(seen.DELIVERY_PRICE).toFixed(2), 'USD')}`);
    expect(text).not.toContain('₽');

    const placed = (await post('/v3/api/client/order/', order({ delivery_zone_id: String(paid.id) }))).json();
    expect(placed.SUCCESS).toBe('Y');
    const row = await db()
      .selectFrom('orders')
      .select(['delivery_price', 'currency', 'currency_rate', 'min_order_sum'])
      .where('id', '=', placed.ORDER_ID)
      .executeTakeFirstOrThrow();
    // Stored figures are roubles, with the currency and rate of the moment.
    expect(new Decimal(row.delivery_price).eq(paid.price)).toBe(true);
    expect(new Decimal(row.min_order_sum!).eq(minimum)).toBe(true);
    expect(row.currency).toBe('USD');
    expect(new Decimal(row.currency_rate).eq(RATE)).toBe(true);
  });

  it('with a RATE list: what is left to the next gift is in dollars, converted once from the rouble threshold', async () => {
    await setShop({ currency: 'USD', currency_rate: RATE, min_order_sum: null });
    await db().updateTable('price_lists').set({ unit: 'RATE' }).where('partner_id', '=', pid).execute();
    const ids = await productIds(1);
    await fill(ids, 1);
    const sums = await engineSums(ids, 1);
    // The nearest gift threshold (roubles) above the basket's roubles, by a plain query over the offers' gifts.
    const next = await db()
      .selectFrom('offer_presents as p')
      .innerJoin('offers as o', (j) => j.onRef('o.partner_id', '=', 'p.partner_id').onRef('o.id', '=', 'p.offer_id'))
      .select(['p.sum'])
      .where('p.partner_id', '=', pid)
      .where('o.active', '=', true)
      .where('p.sum', '>', sums.roubles.toFixed(4))
      .orderBy('p.sum')
      .executeTakeFirstOrThrow();
    const seen = await basket();
    expect(seen.CURRENCY).toBe('USD');
    expect(new Decimal(seen.GIFT_NEXT!.SUM).eq(next.sum)).toBe(true);
    const left = new Decimal(next.sum).minus(sums.roubles).div(RATE).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    expect(seen.GIFT_NEXT!.LEFT).toBe(left.toFixed(2));
    expect(left.lt(new Decimal(next.sum).minus(sums.roubles))).toBe(true);
  });
});

describe('a geocoded address finds its zone by the outline (GEOCODER_URL)', () => {
  let provider: Server;
  let g: TestApp;
  let gBuyer: string;
  const at: Record<string, [string, string]> = { inside: ['55.75', '37.62'], outside: ['59.93', '30.33'] };

  beforeAll(async () => {
    provider = createServer((req, res) => {
      const q = new URL(req.url!, 'http://x').searchParams.get('q') ?? '';
      const place = Object.entries(at).find(([word]) => q.includes(word));
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(place ? [{ lat: place[1][0], lon: place[1][1], display_name: q }] : []));
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    process.env.GEOCODER_URL = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/search`;
    try {
      g = await createTestApp();
    } finally {
      delete process.env.GEOCODER_URL;
    }
    gBuyer = await signInBuyer(g);
    await g.database.db
      .updateTable('shops')
      .set({ assortment: 'EXTENDED', min_order_sum: null, selfdelivery_only: false })
      .where('partner_id', '=', pid)
      .execute();
  });
  afterAll(async () => {
    await g.close();
    provider.close();
  });

  it('asks for the zone the address lies in, and refuses an address outside every zone', async () => {
    const ownerToken = await g.login('owner@partner.demo');
    const call = (url: string, data: Record<string, string>, token = gBuyer) =>
      g.app.inject({ method: 'POST', url, ...form(data), headers: { ...form(data).headers, ...bearer(token) } });
    const [first, other] = zones.filter((z) => new Decimal(z.price).gt(0));
    // A square around the centre of Moscow for the first paid zone.
    const square = JSON.stringify([
      [55.7, 37.5],
      [55.8, 37.5],
      [55.8, 37.7],
      [55.7, 37.7],
    ]);
    expect(
      (await call(`/v3/api/partner/delivery_zone/${first.id}/`, { name: first.name, price: first.price, polygon: square }, ownerToken)).json()
        .SUCCESS,
    ).toBe('Y');
    expect(
      (await call(`/v3/api/partner/delivery_zone/${first.id}/`, { name: first.name, price: first.price, polygon: '[[1,2]]' }, ownerToken)).json()
        .errors,
    ).toHaveProperty('polygon');
    const page = (await g.app.inject({ method: 'GET', url: '/v3/api/catalog/product/?limit=12', headers: bearer(gBuyer) })).json();
    await call('/v3/api/client/basket/', { product_id: String(page.ITEMS[0].ID), quantity: String(page.ITEMS[0].MULTIPLICITY) });
    const checkout = (await g.app.inject({ method: 'GET', url: '/v3/api/client/checkout/', headers: bearer(gBuyer) })).json();
    expect(checkout.GEOCODER).toBe('Y');

    expect((await call('/v3/api/client/order/', order({ address: 'Москва, inside', delivery_zone_id: String(other.id) }))).json()).toEqual({
      SUCCESS: 'N',
      errors: { delivery_zone_id: STOREFRONT_MSG.zoneOfAddress(first.name) },
    });
    expect((await call('/v3/api/client/order/', order({ address: 'Санкт-Петербург, outside', delivery_zone_id: String(first.id) }))).json()).toEqual({
      SUCCESS: 'N',
      errors: { address: STOREFRONT_MSG.outsideZones },
    });
    expect((await call('/v3/api/client/order/', order({ address: 'nowhere', delivery_zone_id: String(first.id) }))).json()).toEqual({
      SUCCESS: 'N',
      errors: { address: STOREFRONT_MSG.addressNotFound },
    });
    const placed = (await call('/v3/api/client/order/', order({ address: 'Москва, inside', delivery_zone_id: String(first.id) }))).json();
    expect(placed.SUCCESS).toBe('Y');
    const row = await g.database.db
      .selectFrom('orders')
      .select(['delivery_zone_id', 'delivery_price'])
      .where('id', '=', placed.ORDER_ID)
      .executeTakeFirstOrThrow();
    expect(row.delivery_zone_id).toBe(first.id);
    expect(new Decimal(row.delivery_price).eq(first.price)).toBe(true);
  });
});
