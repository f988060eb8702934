import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFER_MSG, type OfferItem } from '@b2b/contracts/offers';
import { PRICING_MSG } from '@b2b/contracts/pricing';
import { STOREFRONT_MSG, type CatalogProduct } from '@b2b/contracts/storefront';
import { xlsxOfRows } from '@/files/spreadsheet-test-files';
import { multipart } from '@/test/multipart';
import { bearer, createTestApp, form, WEB_CLIENT, type TestApp } from '@/test/test-app';
import { insertClient, partnerIdOf } from '../clients/clients-test-fixtures';
import { PNG } from '../shop/test-files';

let t: TestApp;
let owner: string;
let price: string;
let orders: string;
let second: string;
let manager: string;
let pid: number;

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, data: Record<string, string>, token: string) =>
  t.app.inject({ method: 'POST', url, ...form(data), headers: { ...form(data).headers, ...bearer(token) } });

type Part = { name: string; value: string | Buffer; filename?: string; type?: string };
const postParts = (url: string, parts: Part[], token: string) => {
  const body = multipart(parts);
  return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
};
const fields = (data: Record<string, string>): Part[] => Object.entries(data).map(([name, value]) => ({ name, value }));

const today = () => new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
const inDays = (n: number) => new Date(Date.now() + 3 * 3600_000 + n * 86400_000).toISOString().slice(0, 10);

async function products(n: number, offset = 0) {
  return t.database.db
    .selectFrom('catalog_products')
    .select(['id', 'up_code_1c', 'name'])
    .where('active', '=', true)
    .orderBy('id')
    .offset(offset)
    .limit(n)
    .execute();
}

let buyerSerial = 0;
/** A new client of the demo shop with a user signed in through the shop's domain. */
async function newBuyer(): Promise<{ token: string; clientId: number }> {
  const db = t.database.db;
  const clientId = await insertClient(db, pid, { name: `ООО Покупатель ${++buyerSerial}`, registeredAt: new Date() });
  const hash = (await db.selectFrom('users').select('password_hash').where('email', '=', 'buyer@client.demo').executeTakeFirstOrThrow())
    .password_hash;
  const email = `offer-buyer-${process.pid}-${buyerSerial}@example.ru`;
  await db
    .insertInto('users')
    .values({
      kind: 'CLIENT',
      partner_id: pid,
      client_id: clientId,
      email,
      name: 'Анна',
      phone: '79161234567',
      password_hash: hash,
      email_confirmed_at: new Date(),
    })
    .execute();
  const res = await t.app.inject({
    method: 'POST',
    url: '/v3/oauth/token/',
    ...form({ grant_type: 'password', username: email, password: 'demo1234', domain: 'kancler', ...WEB_CLIENT }),
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return { token: res.json().access_token, clientId };
}

/** Places the basket as the shop's checkout does: with the sum the buyer saw (`seen`, else the basket's now). */
async function checkout(token: string, seen?: string) {
  const options = (await get('/v3/api/client/checkout/', token)).json();
  return post(
    '/v3/api/client/order/',
    {
      delivery: 'PICKUP',
      tradepoint_id: String(options.TRADEPOINTS[0].ID),
      payment_type: options.PAYMENT_TYPES[0].ID,
      contact_name: 'Анна',
      contact_phone: '+7 916 123-45-67',
      expected_sum: seen ?? options.BASKET.SUM,
    },
    token,
  );
}

const catalogItem = async (token: string, code: string) =>
  ((await get(`/v3/api/catalog/product/?query=${code}`, token)).json().ITEMS as CatalogProduct[]).find((p) => p.UP_CODE_1C === code)!;

beforeAll(async () => {
  t = await createTestApp();
  [owner, price, orders, second, manager] = await Promise.all(
    ['owner@partner.demo', 'price@partner.demo', 'orders@partner.demo', 'owner@second.demo', 'manager@platform.demo'].map((e) => t.login(e)),
  );
  pid = await partnerIdOf(t.database.db, 'owner@partner.demo');
  // The demo's own offers are switched off: each test knows exactly which offers run.
  await t.database.db.updateTable('offers').set({ active: false }).where('partner_id', '=', pid).execute();
  await t.database.db.updateTable('shops').set({ assortment: 'EXTENDED', min_order_sum: null }).where('partner_id', '=', pid).execute();
});
afterAll(() => t.close());

describe('the offer form', () => {
  it('creates an offer with gifts by code, a banner and a promo file, and reads it back', async () => {
    const [a, b, c, d] = await products(4);
    const res = await postParts(
      '/v3/api/partner/offer/',
      [
        ...fields({
          name: 'Весенняя акция <b>2027</b>',
          type: 'GIFT',
          description: 'Подарки к заказу',
          date_start: today(),
          date_end: inDays(30),
          limit: '50',
          active: 'Y',
          'presents[0][code]': a.up_code_1c,
          'presents[0][sum]': '5 000',
          'presents[1][ID]': String(b.id),
          'presents[1][sum]': '15000,50',
        }),
        { name: 'banner_slider_file', filename: 'spring.png', value: PNG, type: 'image/png' },
        {
          name: 'xls_file',
          filename: 'promo.xlsx',
          value: xlsxOfRows([
            ['Код товара', 'Цена на сайте'],
            [c.up_code_1c, '10,5'],
            [Number(d.up_code_1c), 99],
          ]),
        },
      ],
      price,
    );
    expect(res.json()).toEqual({ SUCCESS: 'Y', MESSAGE: OFFER_MSG.created, ID: expect.any(Number) });
    const card = (await get(`/v3/api/partner/offer/${res.json().ID}/`, orders)).json();
    expect(card).toMatchObject({
      NAME: 'Весенняя акция 2027',
      TYPE: { CODE: 'GIFT' },
      ACTIVE: 'Y',
      STATE: { CODE: 'RUNNING', NAME: 'Идет' },
      LIMIT: 50,
      USED: 0,
      DATE_START: today().split('-').reverse().join('.'),
      DATE_END: inDays(30).split('-').reverse().join('.'),
      PRODUCTS_CNT: 2,
      PRESENTS: [
        { ID: Number(a.id), NAME: a.name, UP_CODE_1C: a.up_code_1c, sum: '5000.00', product_type: 'GIFT' },
        { ID: Number(b.id), NAME: b.name, UP_CODE_1C: b.up_code_1c, sum: '15000.50', product_type: 'GIFT' },
      ],
      BANNERS: { banner_slider: { NAME: 'spring.png', SIZE: PNG.length }, banner_main: null, banner_catalog: null },
      XLS_FILE: { NAME: 'promo.xlsx' },
    });
    const banner = await t.app.inject({ method: 'GET', url: card.BANNERS.banner_slider.URL });
    expect(banner.statusCode).toBe(200);
    expect(banner.headers['content-type']).toBe('image/png');
    expect(banner.rawPayload.equals(PNG)).toBe(true);
  });

  it("answers the spec's check_* errors on their fields and stores nothing", async () => {
    const before = await t.database.db
      .selectFrom('offers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const [a, b] = await products(2);
    const res = await post(
      '/v3/api/partner/offer/',
      {
        name: 'Ошибки',
        type: '',
        description: 'я',
        date_start: '',
        'presents[0][code]': a.up_code_1c,
        'presents[0][sum]': '9000',
        'presents[1][code]': b.up_code_1c,
        'presents[1][sum]': '9000',
        'presents[2][code]': '999999',
        'presents[2][sum]': '',
      },
      owner,
    );
    expect(res.json()).toEqual({
      SUCCESS: 'N',
      errors: {
        check_type: OFFER_MSG.typeRequired,
        check_description: OFFER_MSG.descriptionOneLetter,
        check_date_start: OFFER_MSG.dateStartRequired,
        check_present_sum_2: OFFER_MSG.presentSumIncrease('9 000,00'),
        check_present_sum_3: OFFER_MSG.presentSumRequired,
        check_present_3: OFFER_MSG.presentProductUnknown,
      },
    });
    expect(OFFER_MSG.presentSumIncrease('9 000,00')).toBe('Сумма заказа должна больше 9 000,00');
    const after = await t.database.db
      .selectFrom('offers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses a banner over 300 KB or not a picture, and a promo file with a bad row, on their fields', async () => {
    const [a] = await products(1);
    const base = fields({ name: 'Баннеры', type: 'BANNER', date_start: today() });
    const heavy = Buffer.concat([PNG, Buffer.alloc(307200)]);
    const res = await postParts(
      '/v3/api/partner/offer/',
      [
        ...base,
        { name: 'banner_main_file', filename: 'big.png', value: heavy, type: 'image/png' },
        { name: 'banner_catalog_file', filename: 'fake.png', value: Buffer.from('<html>not a picture</html>'), type: 'image/png' },
        {
          name: 'xls_file',
          filename: 'promo.xlsx',
          value: xlsxOfRows([
            ['Код товара', 'Цена на сайте'],
            [a.up_code_1c, '10'],
            ['12345', '5'],
          ]),
        },
      ],
      owner,
    );
    expect(res.json()).toEqual({
      SUCCESS: 'N',
      errors: {
        check_banner_main_file: OFFER_MSG.bannerTooLarge,
        check_banner_catalog_file: 'Недопустимый тип файла',
        check_products: OFFER_MSG.fileRow(3, PRICING_MSG.row.code),
      },
    });
    expect(OFFER_MSG.bannerTooLarge).toBe('Вес файла превышает 300КБ');
    const junk = await postParts(
      '/v3/api/partner/offer/',
      [...base, { name: 'xls_file', filename: 'promo.xlsx', value: Buffer.from('PK\u0003\u0004garbage') }],
      owner,
    );
    expect(junk.json().errors).toEqual({ check_products: OFFER_MSG.fileFailed });
    const unknown = await postParts(
      '/v3/api/partner/offer/',
      [...base, { name: 'xls_file', filename: 'p.csv', value: Buffer.from('Код товара;Цена на сайте\n999999;10\n') }],
      owner,
    );
    expect(unknown.json().errors).toEqual({ check_products: OFFER_MSG.fileRow(2, PRICING_MSG.row.unknownProduct) });
  });

  it('switches an offer off before its end and on again with its earlier parameters', async () => {
    const id = (
      await post('/v3/api/partner/offer/', { name: 'Вкл-выкл', type: 'DISCOUNT', date_start: today(), date_end: inDays(10), limit: '7' }, owner)
    ).json().ID;
    expect((await post(`/v3/api/partner/offer/${id}/`, { changedStateOffer: 'Y', status: 'OFF' }, owner)).json()).toEqual({
      SUCCESS: 'Y',
      MESSAGE: OFFER_MSG.switchedOff,
      ID: id,
    });
    expect((await get(`/v3/api/partner/offer/${id}/`, owner)).json()).toMatchObject({ ACTIVE: 'N', STATE: { CODE: 'OFF' }, LIMIT: 7 });
    expect((await post(`/v3/api/partner/offer/${id}/`, { changedStateOffer: 'Y', status: 'ON' }, owner)).json()).toEqual({
      SUCCESS: 'Y',
      MESSAGE: OFFER_MSG.switchedOn,
      ID: id,
    });
    expect((await get(`/v3/api/partner/offer/${id}/`, owner)).json()).toMatchObject({ ACTIVE: 'Y', STATE: { CODE: 'RUNNING' }, LIMIT: 7 });
    // An ended offer is not switched on: it needs a new end date.
    await t.database.db
      .updateTable('offers')
      .set({ active: false, date_start: new Date(Date.now() - 5 * 86400_000), date_end: new Date(Date.now() - 86400_000) })
      .where('id', '=', id)
      .execute();
    expect((await post(`/v3/api/partner/offer/${id}/`, { changedStateOffer: 'Y', status: 'ON' }, owner)).json()).toEqual({
      SUCCESS: 'N',
      errors: { check_date_end: OFFER_MSG.ended },
    });
    expect((await post(`/v3/api/partner/offer/${id}/`, { date_end: '01.01.2000' }, owner)).json().errors).toEqual({
      check_date_end: OFFER_MSG.dateEndBeforeStart,
    });
  });

  it('lets every role view and only ADMIN, PRICE and the owner edit; another partner gets 404', async () => {
    const id = (await post('/v3/api/partner/offer/', { name: 'Права', type: 'GIFT', date_start: today() }, owner)).json().ID;
    expect((await post('/v3/api/partner/offer/', { name: 'Нельзя', type: 'GIFT', date_start: today() }, orders)).statusCode).toBe(403);
    expect((await post(`/v3/api/partner/offer/${id}/`, { changedStateOffer: 'Y', status: 'OFF' }, orders)).statusCode).toBe(403);
    expect((await get(`/v3/api/partner/offer/${id}/`, second)).statusCode).toBe(404);
    expect((await post(`/v3/api/partner/offer/${id}/`, { name: 'Чужая' }, second)).statusCode).toBe(404);
    expect((await get('/v3/api/partner/offer/', manager)).statusCode).toBe(403);
    expect((await get('/v3/api/manager/offer/', owner)).statusCode).toBe(403);
  });
});

describe('the offer list', () => {
  it('pages by 12 by default, filters by state and period, and counts CNT and CNT_ALL', async () => {
    for (let i = 0; i < 13; i++)
      await post('/v3/api/partner/offer/', { name: `Список ${i}`, type: 'DISCOUNT', date_start: inDays(40), date_end: inDays(50) }, owner);
    const first = (await get('/v3/api/partner/offer/', orders)).json();
    expect(first.ITEMS).toHaveLength(12);
    expect(first.ITEMS[0].NAME).toBe('Список 12');
    expect(first.ENTITIES.TYPES.map((x: { CODE: string }) => x.CODE)).toEqual(['GIFT', 'DISCOUNT', 'BANNER']);
    expect(first.ITEMS.every((x: OfferItem) => ['RUNNING', 'PLANNED'].includes(x.STATE.CODE))).toBe(true);
    const inPeriod = (await get(`/v3/api/partner/offer/?date_start=${inDays(41)}&date_end=${inDays(42)}&limit=24`, orders)).json();
    // The 13 of that period, and the offers without an end that started before it.
    expect(inPeriod.ITEMS.filter((x: OfferItem) => x.NAME.startsWith('Список'))).toHaveLength(13);
    expect(inPeriod.ITEMS.every((x: OfferItem) => x.NAME.startsWith('Список') || x.OFFER_DATE.TO === null)).toBe(true);
    const off = (await get('/v3/api/partner/offer/?active=N&limit=36', orders)).json();
    expect(off.ITEMS.every((x: OfferItem) => ['OFF', 'ENDED', 'EXHAUSTED'].includes(x.STATE.CODE))).toBe(true);
    expect(off.ITEMS.some((x: OfferItem) => x.NAME === 'Снова в школу')).toBe(true);
    const all = (await get('/v3/api/partner/offer/?active=ALL&limit=36&p=2&sort=NAME&order=ASC', orders)).json();
    expect(all.NAV.CNT).toBe(all.NAV.CNT_ALL);
    expect(all.NAV.CNT_ALL).toBe(first.NAV.CNT_ALL);
    expect((await get(`/v3/api/partner/offer/?date_start=2001-01-01&date_end=2001-01-02`, orders)).json()).toMatchObject({
      ITEMS: [],
      NAV: { CNT: 0 },
    });
  });

  it('reads a deep page by its keys first with the same rows, gifts and counts, and counts a page past the end', async () => {
    const db = t.database.db;
    const [gift] = await products(1);
    // 400 offers in one statement: pages past the 360th offer find their keys first.
    const made = await db
      .insertInto('offers')
      .values(
        Array.from({ length: 400 }, (_, i) => ({
          partner_id: pid,
          type: 'GIFT',
          name: `Глубина ${String(i).padStart(3, '0')}`,
          date_start: new Date(),
          active: false,
        })),
      )
      .returning('id')
      .execute();
    const last = made[made.length - 1].id;
    await db
      .insertInto('offer_presents')
      .values({ partner_id: pid, offer_id: last, product_id: gift.id, sum: '1000', product_type: 'GIFT', sort: 1 })
      .execute();
    const byName = (p: number) => get(`/v3/api/partner/offer/?active=ALL&limit=36&sort=NAME&order=ASC&p=${p}`, orders).then((r) => r.json());
    const everyName = (await db.selectFrom('offers').select('name').where('partner_id', '=', pid).orderBy('name').orderBy('id').execute()).map(
      (r) => r.name,
    );
    const first = await byName(1);
    for (const p of [1, 11, 12]) {
      const page = await byName(p);
      expect(page.ITEMS.map((x: OfferItem) => x.NAME)).toEqual(everyName.slice((p - 1) * 36, p * 36));
      expect(page.NAV).toMatchObject({ CNT: everyName.length, CNT_ALL: first.NAV.CNT_ALL });
    }
    const deep = await byName(Math.ceil((everyName.indexOf('Глубина 399') + 1) / 36));
    expect(deep.ITEMS.find((x: OfferItem) => x.NAME === 'Глубина 399').PRESENTS).toEqual([expect.objectContaining({ UP_CODE_1C: gift.up_code_1c })]);
    expect((await byName(100)).NAV).toMatchObject({ CNT: everyName.length, CNT_ALL: first.NAV.CNT_ALL });
    await db.deleteFrom('offers').where('partner_id', '=', pid).where('name', 'like', 'Глубина %').execute();
  });

  it("gives the manager every partner's offers, each naming its partner, and filters by partner", async () => {
    expect((await post('/v3/api/partner/offer/', { name: 'Акция второго', type: 'GIFT', date_start: today() }, second)).json().SUCCESS).toBe('Y');
    const all = (await get('/v3/api/manager/offer/?active=ALL&limit=36', manager)).json();
    expect(new Set(all.ITEMS.map((x: OfferItem) => x.PARTNER!.ID)).size).toBeGreaterThan(1);
    const mine = (await get(`/v3/api/manager/offer/?active=ALL&partner_id=${pid}&limit=36`, manager)).json();
    expect(mine.ITEMS.length).toBeGreaterThan(0);
    expect(mine.ITEMS.every((x: OfferItem) => x.PARTNER!.ID === pid && x.PARTNER!.NAME !== '')).toBe(true);
  });
});

describe('a running offer in the shop', () => {
  it('shows its banners and its promo prices, and its prices go into the order marked with it', async () => {
    const [p] = await products(1, 40);
    const buyer = await newBuyer();
    const regular = await catalogItem(buyer.token, p.up_code_1c);
    const promo = new Decimal(regular.PRICE).mul('0.5').toDecimalPlaces(2).toFixed(2);
    const id = (
      await postParts(
        '/v3/api/partner/offer/',
        [
          ...fields({ name: 'Полцены', type: 'DISCOUNT', date_start: today(), date_end: inDays(3) }),
          { name: 'banner_catalog_file', filename: 'cat.png', value: PNG, type: 'image/png' },
          { name: 'xls_file', filename: 'p.csv', value: Buffer.from(`Код товара;Цена на сайте\n${p.up_code_1c};${promo.replace('.', ',')}\n`) },
        ],
        owner,
      )
    ).json().ID;
    const banners = (await get('/v3/api/client/offer/banners/', buyer.token)).json().ITEMS;
    expect(banners).toContainEqual({
      OFFER_ID: id,
      NAME: 'Полцены',
      PLACEMENT: 'banner_catalog',
      URL: expect.stringContaining('/v3/api/client/offer/banner/'),
    });
    expect((await get('/v3/api/client/offer/', buyer.token)).json().ITEMS).toContainEqual(
      expect.objectContaining({ ID: id, PRODUCTS_CNT: 1, BANNER: expect.any(String) }),
    );

    const shown = await catalogItem(buyer.token, p.up_code_1c);
    expect(shown).toMatchObject({ PRICE: promo, OLD_PRICE: regular.PRICE, OFFER: { ID: id, NAME: 'Полцены' } });
    await post('/v3/api/client/basket/', { product_id: String(p.id), quantity: String(shown.MULTIPLICITY) }, buyer.token);
    const placed = (await checkout(buyer.token)).json();
    expect(placed.SUCCESS).toBe('Y');
    const item = await t.database.db
      .selectFrom('order_items')
      .select(['price', 'offer_id', 'special'])
      .where('order_id', '=', placed.ORDER_ID)
      .executeTakeFirstOrThrow();
    expect({ price: new Decimal(item.price).toFixed(2), offer: Number(item.offer_id), special: item.special }).toEqual({
      price: promo,
      offer: id,
      special: true,
    });
    const card = (await get(`/v3/api/partner/order/${placed.ORDER_ID}/`, owner)).json();
    expect(card).toMatchObject({ HAS_OFFER: 'Y', OFFERS: [{ OFFER: { ID: id, NAME: 'Полцены' }, PRODUCT_ID: Number(p.id) }] });

    // Switched off, the offer leaves the shop at once.
    await post(`/v3/api/partner/offer/${id}/`, { changedStateOffer: 'Y', status: 'OFF' }, owner);
    expect(await catalogItem(buyer.token, p.up_code_1c)).toMatchObject({ PRICE: regular.PRICE, OLD_PRICE: null, OFFER: null });
    expect((await get('/v3/api/client/offer/banners/', buyer.token)).json().ITEMS.some((b: { OFFER_ID: number }) => b.OFFER_ID === id)).toBe(false);
  });

  it('refuses a checkout whose promo price ended meanwhile, with new prices', async () => {
    const [p] = await products(1, 60);
    const [first, late] = [await newBuyer(), await newBuyer()];
    const regular = await catalogItem(first.token, p.up_code_1c);
    const promo = new Decimal(regular.PRICE).mul('0.8').toDecimalPlaces(2).toFixed(2);
    await postParts(
      '/v3/api/partner/offer/',
      [
        ...fields({ name: 'Одна штука', type: 'DISCOUNT', date_start: today(), limit: '1' }),
        { name: 'xls_file', filename: 'p.csv', value: Buffer.from(`${p.up_code_1c};${promo}\n`) },
      ],
      owner,
    );
    for (const b of [first, late])
      await post('/v3/api/client/basket/', { product_id: String(p.id), quantity: String(regular.MULTIPLICITY) }, b.token);
    const seen = (await get('/v3/api/client/basket/', late.token)).json();
    expect(seen.ITEMS[0]).toMatchObject({ PRICE: promo, OLD_PRICE: regular.PRICE });
    expect((await checkout(first.token)).json().SUCCESS).toBe('Y');
    // The limit is used: the late buyer saw the promo price, its checkout is refused and the basket shows the new price.
    expect((await checkout(late.token, seen.SUM)).json()).toEqual({ SUCCESS: 'N', errors: { basket: STOREFRONT_MSG.pricesChanged } });
    expect((await get('/v3/api/client/basket/', late.token)).json().ITEMS[0]).toMatchObject({ PRICE: regular.PRICE, OLD_PRICE: null });
    expect((await checkout(late.token)).json().SUCCESS).toBe('Y');
  });

  it('claims nothing for an order whose promo offer stopped between pricing and the transaction', async () => {
    const { offers } = t.app.services;
    const id = (await post('/v3/api/partner/offer/', { name: 'Гонка', type: 'DISCOUNT', date_start: today(), limit: '1' }, owner)).json().ID;
    const claim = () => t.database.db.transaction().execute((trx) => offers.claimForOrder(trx, pid, { promoOfferIds: [id], sum: new Decimal(100) }));
    expect(await claim()).toEqual({ used: [id], gifts: [] });
    expect(await claim()).toEqual({ ended: true });
    expect((await get(`/v3/api/partner/offer/${id}/`, owner)).json()).toMatchObject({ USED: 1, STATE: { CODE: 'EXHAUSTED' } });
  });

  it('shows in the basket every gift the order gets: one per running offer reached, its highest threshold (issue 38.7)', async () => {
    const [small, big, other, far, goods] = await products(5, 90);
    await t.database.db.updateTable('offers').set({ active: false }).where('partner_id', '=', pid).execute();
    const offer = async (name: string, presents: [number, string][]) =>
      (
        await post(
          '/v3/api/partner/offer/',
          {
            name,
            type: 'GIFT',
            date_start: today(),
            ...Object.fromEntries(
              presents.flatMap(([id, sum], i) => [
                [`presents[${i}][ID]`, String(id)],
                [`presents[${i}][sum]`, sum],
              ]),
            ),
          },
          owner,
        )
      ).json().ID as number;
    const first = await offer('Два порога', [
      [small.id, '1'],
      [big.id, '2'],
    ]);
    const second = await offer('Второй подарок', [[other.id, '1']]);
    const unreached = await offer('Далекий подарок', [[far.id, '900000000']]);
    const buyer = await newBuyer();
    const step = (await catalogItem(buyer.token, goods.up_code_1c)).MULTIPLICITY;
    await post('/v3/api/client/basket/', { product_id: String(goods.id), quantity: String(step) }, buyer.token);
    const basket = (await get('/v3/api/client/basket/', buyer.token)).json();
    const shown = (await get('/v3/api/client/checkout/', buyer.token)).json().BASKET;
    expect(basket.GIFTS.map((g: { OFFER_ID: number; PRODUCT: string }) => [g.OFFER_ID, g.PRODUCT])).toEqual([
      [first, big.name],
      [second, other.name],
    ]);
    expect(basket.GIFT_NEXT).toMatchObject({ OFFER_ID: unreached, PRODUCT: far.name });
    expect(shown.GIFTS).toEqual(basket.GIFTS);

    const placed = (await checkout(buyer.token)).json();
    expect(placed.SUCCESS).toBe('Y');
    // The oracle: the order's gift lines as stored (price 0, marked with their offer).
    const lines = await t.database.db
      .selectFrom('order_items as i')
      .innerJoin('catalog_products as p', 'p.id', 'i.product_id')
      .select(['i.offer_id', 'p.name', 'i.quantity', 'i.buying_price', 'p.purchase_price'])
      .where('i.order_id', '=', placed.ORDER_ID)
      .where('i.price', '=', '0')
      .where('i.offer_id', 'is not', null)
      .orderBy('i.offer_id')
      .execute();
    expect(lines.map((l) => [Number(l.offer_id), l.name])).toEqual(
      basket.GIFTS.map((g: { OFFER_ID: number; PRODUCT: string }) => [g.OFFER_ID, g.PRODUCT]),
    );
    // One of each, its cost the purchase price on the shop's VAT basis (WITH_VAT here: the catalogue's own).
    expect(lines.every((l) => l.quantity === 1 && new Decimal(l.buying_price).eq(l.purchase_price))).toBe(true);

    // A WO_VAT shop: a gift costs its purchase price net of VAT, like the lines' purchase prices (margins net − net).
    await t.database.db.updateTable('shops').set({ tax_type: 'WO_VAT' }).where('partner_id', '=', pid).execute();
    try {
      await post('/v3/api/client/basket/', { product_id: String(goods.id), quantity: String(step) }, buyer.token);
      const netOrder = (await checkout(buyer.token)).json();
      expect(netOrder.SUCCESS).toBe('Y');
      const net = await t.database.db
        .selectFrom('order_items as i')
        .innerJoin('catalog_products as p', 'p.id', 'i.product_id')
        .select(['i.buying_price', 'p.purchase_price', 'p.vat_rate'])
        .where('i.order_id', '=', netOrder.ORDER_ID)
        .where('i.price', '=', '0')
        .where('i.offer_id', 'is not', null)
        .execute();
      expect(net).toHaveLength(2);
      for (const l of net)
        expect(l.buying_price).toBe(
          new Decimal(l.purchase_price)
            .mul(100)
            .div(100 + Number(l.vat_rate))
            .toDecimalPlaces(4, Decimal.ROUND_HALF_UP)
            .toFixed(4),
        );
    } finally {
      await t.database.db.updateTable('shops').set({ tax_type: 'WITH_VAT' }).where('partner_id', '=', pid).execute();
    }
  });

  it('gives 30 simultaneous checkouts against a gift offer with limit 10 exactly 10 gifts, the highest threshold reached', async () => {
    const [gift, bigGift, goods] = await products(3, 80);
    await t.database.db.updateTable('offers').set({ active: false }).where('partner_id', '=', pid).execute();
    const id = (
      await post(
        '/v3/api/partner/offer/',
        {
          name: 'Десять подарков',
          type: 'GIFT',
          date_start: today(),
          limit: '10',
          'presents[0][ID]': String(gift.id),
          'presents[0][sum]': '1',
          'presents[1][ID]': String(bigGift.id),
          'presents[1][sum]': '100000000',
        },
        owner,
      )
    ).json().ID;
    const buyers = [];
    for (let i = 0; i < 30; i++) buyers.push(await newBuyer());
    const step = (await catalogItem(buyers[0].token, goods.up_code_1c)).MULTIPLICITY;
    for (const b of buyers) await post('/v3/api/client/basket/', { product_id: String(goods.id), quantity: String(step) }, b.token);
    expect((await get('/v3/api/client/basket/', buyers[0].token)).json()).toMatchObject({
      GIFTS: [{ OFFER_ID: id, PRODUCT: gift.name }],
      GIFT_NEXT: { PRODUCT: bigGift.name },
    });

    const answers = await Promise.all(buyers.map((b) => checkout(b.token)));
    expect(answers.map((a) => a.json().SUCCESS)).toEqual(Array(30).fill('Y'));
    const orderIds = answers.map((a) => a.json().ORDER_ID as number);
    const gifts = await t.database.db
      .selectFrom('order_items')
      .select(['product_id', 'price', 'quantity'])
      .where('offer_id', '=', id)
      .where('order_id', 'in', orderIds)
      .execute();
    expect(gifts).toHaveLength(10);
    expect(gifts.every((g) => Number(g.product_id) === Number(gift.id) && new Decimal(g.price).isZero() && g.quantity === 1)).toBe(true);
    expect((await get(`/v3/api/partner/offer/${id}/`, owner)).json()).toMatchObject({ USED: 10, LIMIT: 10, STATE: { CODE: 'EXHAUSTED' } });
    expect((await get('/v3/api/client/basket/', buyers[0].token)).json()).toMatchObject({ GIFTS: [], GIFT_NEXT: null });
    // The limit cannot be set below what is used.
    expect((await post(`/v3/api/partner/offer/${id}/`, { limit: '5' }, owner)).json().errors).toEqual({ check_limit: OFFER_MSG.limitBelowUsed(10) });
  });
});
