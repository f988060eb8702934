import Decimal from 'decimal.js';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LIMITS } from '@b2b/contracts/limits';
import { MSG } from '@b2b/contracts/messages';
import { ORDER_MSG } from '@b2b/contracts/orders';
import { BUYER_MSG, moneyText, STOREFRONT_MSG, type CatalogProduct } from '@b2b/contracts/storefront';
import { bearer, createTestApp, form, shopToken, type TestApp } from '@/test/test-app';
import { partnerIdOf } from '../clients/clients-test-fixtures';
import { priceEngine } from '../pricing/price-engine.service';
import { buildShopCounts } from './shop-catalog-counts';
import { shopCatalogRepo } from './shop-catalog.repo';

let t: TestApp;
let buyer: string;
let owner: string;
let second: string;
let pid: number;
let clientId: number;

const get = (url: string, token = buyer) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, data: Record<string, string>, token = buyer) =>
  t.app.inject({ method: 'POST', url, ...form(data), headers: { ...form(data).headers, ...bearer(token) } });

async function signInBuyer() {
  return shopToken(t);
}

const page = async (query: string) => (await get(`/v3/api/catalog/product/?${query}`)).json();
const clearBasket = () => t.database.db.deleteFrom('shop_baskets').where('partner_id', '=', pid).execute();
const setShop = (set: Record<string, unknown>) => t.database.db.updateTable('shops').set(set).where('partner_id', '=', pid).execute();

beforeAll(async () => {
  t = await createTestApp();
  buyer = await signInBuyer();
  owner = await t.login('owner@partner.demo');
  second = await t.login('owner@second.demo');
  pid = await partnerIdOf(t.database.db, 'owner@partner.demo');
  clientId = (await t.database.db.selectFrom('users').select('client_id').where('email', '=', 'buyer@client.demo').executeTakeFirstOrThrow())
    .client_id!;
  await setShop({ assortment: 'EXTENDED', min_order_sum: null, no_check_order_sum: false });
});
afterAll(() => t.close());
beforeEach(clearBasket);

describe('the catalogue', () => {
  it("shows each product at the buyer's own price from the price engine", async () => {
    const answer = await page('limit=24');
    expect(answer.ITEMS).toHaveLength(24);
    expect(answer.NAV.CNT).toBeGreaterThan(24);
    const ids = answer.ITEMS.map((p: CatalogProduct) => p.ID);
    const prices = await priceEngine(t.database.db).prices(pid, { clientId }, ids);
    expect(answer.ITEMS.map((p: CatalogProduct) => p.PRICE)).toEqual(prices!.map((p) => p.price));
    expect(answer.ITEMS[0]).toMatchObject({ UP_COUNTRY: expect.any(String), UP_TM: expect.any(String), MULTIPLICITY: expect.any(Number) });
  });

  it('finds a product by its 6-digit code and by part of its name', async () => {
    const product = await t.database.db
      .selectFrom('catalog_products')
      .select(['id', 'up_code_1c', 'name'])
      .where('active', '=', true)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const byCode = await page(`query=${product.up_code_1c}`);
    expect(byCode.ITEMS.map((p: CatalogProduct) => p.ID)).toContain(product.id);
    const word = product.name.split(' ')[0].slice(0, 5).toLowerCase();
    const byName = await page(`query=${encodeURIComponent(word.toUpperCase())}&limit=48`);
    expect(byName.ITEMS.length).toBeGreaterThan(0);
    expect(byName.ITEMS.every((p: CatalogProduct) => p.NAME.toLowerCase().includes(word))).toBe(true);
    expect((await page('query=%25%25%25')).ITEMS).toEqual([]);
  });

  it("searches part of a name in the shop's name index: the database's pages and counts, as the catalogue is now", async () => {
    const db = t.database.db;
    const repo = shopCatalogRepo(db);
    const row = (await repo.scope(pid))!;
    const scope = { ...row, hiddenSections: await repo.hiddenSections(pid, row.baseListId) };
    const counts = buildShopCounts(await repo.sections(), await repo.sectionCounts(scope));
    const top = counts.sections.find((s) => Number(s.depth) === 1)!;
    const named = await db.selectFrom('catalog_products').select(['name', 'brand_id']).where('active', '=', true).orderBy('id').limit(3).execute();
    // Wildcards of LIKE are letters like any other to both; the longest text the contract lets through.
    const words = ['а', 'ка', ...named.map((p) => p.name.split(' ')[0].slice(0, 4).toLowerCase()), 'нет-такого-слова', '%', '_', 'а'.repeat(100)];
    const brandId = Number(named.find((p) => p.brand_id !== null)!.brand_id);
    for (const word of words) {
      for (const [limit, offset] of [
        [24, 0],
        [24, 24],
        [12, 3],
      ]) {
        const filters: { section?: number; brand?: number }[] = [{}, { section: Number(top.id) }, { brand: brandId }];
        for (const f of filters) {
          const query = new URLSearchParams({ query: word.toUpperCase(), limit: String(limit), offset: String(offset) });
          if (f.section !== undefined) query.set('section_id', String(f.section));
          if (f.brand !== undefined) query.set('brand_id', String(f.brand));
          const answer = await page(query.toString());
          const sectionIds = f.section !== undefined ? counts.subtree(f.section) : undefined;
          const filter = { query: word, sectionIds, brandId: f.brand };
          const inDb = await repo.countedPage(scope, filter, limit, offset);
          const why = `${word} ${JSON.stringify(f)} ${limit}/${offset}`;
          expect(
            answer.ITEMS.map((p: CatalogProduct) => p.ID),
            why,
          ).toEqual(inDb.rows.map((r) => Number(r.id)));
          expect(answer.NAV.CNT, why).toBe(inDb.total ?? (offset > 0 ? await repo.count(scope, filter) : 0));
        }
      }
    }
    // A product renamed is found by its new name at once (the catalogue's version moved: the index is read again).
    const product = await db.selectFrom('catalog_products').select(['id', 'name']).where('active', '=', true).orderBy('id').executeTakeFirstOrThrow();
    try {
      expect((await page('query=зюзяка')).NAV.CNT).toBe(0);
      await db
        .updateTable('catalog_products')
        .set({ name: `${product.name} зюзяка` })
        .where('id', '=', product.id)
        .execute();
      expect((await page('query=ЗЮЗЯК')).ITEMS.map((p: CatalogProduct) => p.ID)).toEqual([product.id]);
    } finally {
      await db.updateTable('catalog_products').set({ name: product.name }).where('id', '=', product.id).execute();
    }
    expect((await page('query=зюзяка')).NAV.CNT).toBe(0);
  });

  it('hides the sections the shop hides, with their products, and shows stock only when the shop does', async () => {
    await setShop({ show_stock: false });
    const sections = (await get('/v3/api/catalog/sections/')).json().ITEMS;
    const top = sections.find((s: { DEPTH: number }) => s.DEPTH === 1);
    const inTop = await page(`section_id=${top.ID}&limit=12`);
    expect(inTop.NAV.CNT).toBe(top.PRODUCTS_CNT);
    expect(inTop.ITEMS[0].STOCK).toBeNull();
    await post(`/v3/api/partner/section/${top.ID}/`, { show: 'N' }, owner);
    expect((await get('/v3/api/catalog/sections/')).json().ITEMS.some((s: { ID: number }) => s.ID === top.ID)).toBe(false);
    expect((await page(`query=${inTop.ITEMS[0].UP_CODE_1C}`)).ITEMS).toEqual([]);
    await post(`/v3/api/partner/section/${top.ID}/`, { show: 'Y' }, owner);
    await setShop({ show_stock: true });
    expect((await page('limit=12')).ITEMS[0].STOCK).toEqual(expect.any(Number));
    await setShop({ show_stock: false });
  });

  it('hides every section below a hidden one, at any depth, and only those', async () => {
    const repo = shopCatalogRepo(t.database.db);
    const { baseListId } = (await repo.scope(pid))!;
    const sections = await repo.sections();
    const middle = sections.find((s) => s.depth === 2 && sections.some((c) => c.parent_id === s.id))!;
    const below = buildShopCounts(sections, []).subtree(Number(middle.id));
    expect(below.length).toBeGreaterThan(1);
    const before = await repo.hiddenSections(pid, baseListId);
    // A product of a section below the middle one, as the shop shows it (its pages kept under the versions).
    const inside = (await page(`section_id=${middle.id}&limit=1`)).ITEMS[0] as CatalogProduct;
    const outside = (await page('limit=48')).ITEMS.find((p: CatalogProduct) => !below.includes(Number(p.SECTION_ID))) as CatalogProduct;
    expect(below).toContain(Number(inside.SECTION_ID));
    await post(`/v3/api/partner/section/${middle.id}/`, { show: 'N' }, owner);
    const hidden = await repo.hiddenSections(pid, baseListId);
    const whileHidden = { inside: (await page(`query=${inside.UP_CODE_1C}`)).ITEMS, outside: (await page(`query=${outside.UP_CODE_1C}`)).ITEMS };
    await post(`/v3/api/partner/section/${middle.id}/`, { show: 'Y' }, owner);
    expect(hidden).toEqual([...new Set([...before, ...below])].sort((a, b) => a - b));
    expect(whileHidden.inside).toEqual([]);
    expect(whileHidden.outside.map((p: CatalogProduct) => p.ID)).toContain(outside.ID);
    expect(await repo.hiddenSections(pid, baseListId)).toEqual(before);
    expect((await page(`query=${inside.UP_CODE_1C}`)).ITEMS.map((p: CatalogProduct) => p.ID)).toContain(inside.ID);
  });

  it("reads a section's pages across its subsections: the same rows as sorting all of its products", async () => {
    const repo = shopCatalogRepo(t.database.db);
    const row = (await repo.scope(pid))!;
    const scope = { ...row, hiddenSections: await repo.hiddenSections(pid, row.baseListId) };
    const sections = await repo.sections();
    const top = sections.find((s) => s.parent_id === null && s.depth === 1)!;
    const ids = buildShopCounts(sections, []).subtree(Number(top.id));
    expect(ids.length).toBeGreaterThan(1);
    const n = await repo.count(scope, { sectionIds: ids });
    expect(n).toBeGreaterThan(30);
    for (const offset of [0, 12, n - 5, n + 2]) {
      const walked = await repo.sectionsPage(scope, ids, 12, offset);
      const sorted = await repo.countedPage(scope, { sectionIds: ids }, 12, offset);
      expect(
        walked.rows.map((r) => r.id),
        `offset ${offset}`,
      ).toEqual(sorted.rows.map((r) => r.id));
      expect(walked.rows).toHaveLength(Math.max(0, Math.min(12, n - offset)));
    }
  });

  it('keeps its counts in step with what the shop sells: a product switched off, a section hidden, stock run out', async () => {
    const db = t.database.db;
    const sections = async () =>
      new Map<number, number>(
        (await get('/v3/api/catalog/sections/')).json().ITEMS.map((s: { ID: number; PRODUCTS_CNT: number }) => [s.ID, s.PRODUCTS_CNT]),
      );
    const counted = async (section: number) => {
      const [menu, answer] = [await sections(), await page(`section_id=${section}&limit=12`)];
      expect(answer.NAV.CNT).toBe(menu.get(section) ?? 0);
      return answer.NAV.CNT as number;
    };
    const product = await db
      .selectFrom('catalog_products as p')
      .innerJoin('catalog_sections as s1', 's1.id', 'p.section_id')
      .innerJoin('catalog_sections as s2', 's2.id', 's1.parent_id')
      .innerJoin('catalog_stock as st', 'st.product_id', 'p.id')
      .select(['p.id', 'p.section_id as leaf', 's2.parent_id as top', 'st.warehouse_id', 'st.quantity'])
      .where('p.active', '=', true)
      .where('st.quantity', '>', 0)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('partner_product_remains as r')
              .select('r.product_id')
              .whereRef('r.product_id', '=', 'p.id')
              .where('r.partner_id', '=', pid)
              .where('r.quantity', '>', 0),
          ),
        ),
      )
      .where('st.warehouse_id', '=', db.selectFrom('catalog_warehouses').select('id').orderBy('sort').orderBy('id').limit(1))
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    const top = Number(product.top);
    const before = await counted(top);
    const inLeaf = await counted(product.leaf);

    await db.updateTable('catalog_products').set({ active: false }).where('id', '=', product.id).execute();
    expect(await counted(top)).toBe(before - 1);
    await db.updateTable('catalog_products').set({ active: true }).where('id', '=', product.id).execute();
    await post(`/v3/api/partner/section/${product.leaf}/`, { show: 'N' }, owner);
    expect(await counted(top)).toBe(before - inLeaf);
    await post(`/v3/api/partner/section/${product.leaf}/`, { show: 'Y' }, owner);
    expect(await counted(top)).toBe(before);

    // The corporate assortment sells what is in stock: the product's last unit gone, it leaves the count.
    await setShop({ assortment: 'BASE' });
    try {
      const inStock = await counted(top);
      await db
        .updateTable('catalog_stock')
        .set({ quantity: 0 })
        .where('product_id', '=', product.id)
        .where('warehouse_id', '=', product.warehouse_id)
        .execute();
      expect(await counted(top)).toBe(inStock - 1);
      await db
        .updateTable('catalog_stock')
        .set({ quantity: product.quantity })
        .where('product_id', '=', product.id)
        .where('warehouse_id', '=', product.warehouse_id)
        .execute();
      expect(await counted(top)).toBe(inStock);
    } finally {
      await setShop({ assortment: 'EXTENDED' });
    }
  });

  it("serves a section's and a search's kept first pages as the catalogue is now: a product renamed, its brand renamed, the partner's remains", async () => {
    const db = t.database.db;
    await setShop({ show_stock: true });
    const top = (await get('/v3/api/catalog/sections/')).json().ITEMS.find((s: { DEPTH: number }) => s.DEPTH === 1);
    const url = `section_id=${top.ID}&limit=12`;
    const first: CatalogProduct = (await page(url)).ITEMS[0];
    const product = await db.selectFrom('catalog_products').select(['name', 'brand_id']).where('id', '=', first.ID).executeTakeFirstOrThrow();
    const brand = await db.selectFrom('catalog_brands').select('name').where('id', '=', product.brand_id!).executeTakeFirstOrThrow();
    const remains = await db
      .selectFrom('partner_product_remains')
      .selectAll()
      .where('partner_id', '=', pid)
      .where('product_id', '=', first.ID)
      .executeTakeFirst();
    const shown = async () => ((await page(url)).ITEMS as CatalogProduct[]).find((p) => p.ID === first.ID);
    const found = async () => ((await page(`query=${first.UP_CODE_1C}`)).ITEMS as CatalogProduct[]).find((p) => p.ID === first.ID);
    try {
      expect(await shown()).toEqual(first);
      expect(await found()).toEqual(first);
      await db.updateTable('catalog_brands').set({ name: 'Марка для проверки' }).where('id', '=', product.brand_id!).execute();
      expect((await shown())?.UP_TM).toBe('Марка для проверки');
      expect((await found())?.UP_TM).toBe('Марка для проверки');
      // The suffix keeps the product where it was in the name order.
      await db
        .updateTable('catalog_products')
        .set({ name: `${product.name} !` })
        .where('id', '=', first.ID)
        .execute();
      expect((await shown())?.NAME).toBe(`${product.name} !`);
      await db
        .insertInto('partner_product_remains')
        .values({ partner_id: pid, product_id: first.ID, quantity: 777 })
        .onConflict((oc) => oc.columns(['partner_id', 'product_id']).doUpdateSet({ quantity: 777 }))
        .execute();
      expect((await shown())?.STOCK).toBe(777);
    } finally {
      await db.deleteFrom('partner_product_remains').where('partner_id', '=', pid).where('product_id', '=', first.ID).execute();
      if (remains) await db.insertInto('partner_product_remains').values(remains).execute();
      await db.updateTable('catalog_products').set({ name: product.name }).where('id', '=', first.ID).execute();
      await db.updateTable('catalog_brands').set({ name: brand.name }).where('id', '=', product.brand_id!).execute();
      await setShop({ show_stock: false });
    }
  });

  it('prices a page anew as soon as what prices the buyer changes: its list, its group, the list, the shop', async () => {
    const db = t.database.db;
    const url = 'limit=12';
    // A new engine keeps nothing: what the buyer must see after each change.
    const expected = async (ids: number[]) => (await priceEngine(db).prices(pid, { clientId }, ids))!.map((p) => p.price);
    const seen = async () => {
      const items = (await page(url)).ITEMS as CatalogProduct[];
      expect(items.map((p) => p.PRICE)).toEqual(await expected(items.map((p) => p.ID)));
      return items.map((p) => p.PRICE).join();
    };
    const client = await db.selectFrom('clients').select(['price_list_id', 'price_column_id']).where('id', '=', clientId).executeTakeFirstOrThrow();
    const shop = await db.selectFrom('shops').select(['tax_type']).where('partner_id', '=', pid).executeTakeFirstOrThrow();
    const group = await db.insertInto('client_groups').values({ partner_id: pid, name: 'Проверка цен' }).returning('id').executeTakeFirstOrThrow();
    const list = await db
      .insertInto('price_lists')
      .values({ partner_id: pid, kind: 'PRICELIST', name: 'Наценка 37', section_rate: '37', rounding: 'TWO_DECIMAL' })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      await db.updateTable('clients').set({ price_list_id: null, price_column_id: null }).where('id', '=', clientId).execute();
      const before = await seen();
      await db.insertInto('client_group_members').values({ partner_id: pid, group_id: group.id, client_id: clientId }).execute();
      await db.updateTable('client_groups').set({ price_list_id: list.id }).where('id', '=', group.id).execute();
      const byGroup = await seen();
      expect(byGroup).not.toBe(before);
      await db.updateTable('price_lists').set({ rounding: 'NO_DECIMAL' }).where('id', '=', list.id).execute();
      expect(await seen()).not.toBe(byGroup);
      await db.deleteFrom('client_group_members').where('group_id', '=', group.id).execute();
      expect(await seen()).toBe(before);
      await db.updateTable('clients').set({ price_list_id: list.id }).where('id', '=', clientId).execute();
      const byList = await seen();
      expect(byList).not.toBe(before);
      await db
        .updateTable('shops')
        .set({ tax_type: shop.tax_type === 'WO_VAT' ? 'WITH_VAT' : 'WO_VAT' })
        .where('partner_id', '=', pid)
        .execute();
      expect(await seen()).not.toBe(byList);
    } finally {
      await db.updateTable('shops').set({ tax_type: shop.tax_type }).where('partner_id', '=', pid).execute();
      await db.updateTable('clients').set(client).where('id', '=', clientId).execute();
      await db.deleteFrom('client_groups').where('id', '=', group.id).execute();
      await db.deleteFrom('price_lists').where('id', '=', list.id).execute();
    }
  });

  it('opens a product card with its quick view properties, and lists brands', async () => {
    const first = (await page('limit=12')).ITEMS[0];
    const card = (await get(`/v3/api/catalog/product/${first.ID}/`)).json();
    expect(card).toMatchObject({ ID: first.ID, PRICE: first.PRICE, PROPERTIES: { UP_TM: { ID: 'UP_TM', VALUE: first.UP_TM } }, IN_BASKET: 0 });
    const brands = (await get('/v3/api/catalog/brands/')).json().ITEMS;
    expect(brands.find((b: { NAME: string }) => b.NAME === first.UP_TM).CNT).toBeGreaterThan(0);
  });

  it("is a buyer's: staff only look a product up by code, a visitor signs in", async () => {
    const product = (await page('limit=12')).ITEMS[0];
    expect((await get(`/v3/api/catalog/product/?code1c=${product.UP_CODE_1C}`, owner)).json()).toEqual({
      SUCCESS: 'Y',
      ID: product.ID,
      NAME: product.NAME,
      UP_CODE_1C: product.UP_CODE_1C,
    });
    expect((await get('/v3/api/catalog/product/?code1c=999999', owner)).json().SUCCESS).toBe('N');
    expect((await get('/v3/api/catalog/product/', owner)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/v3/api/catalog/product/' })).statusCode).toBe(401);
    expect((await get('/v3/api/client/basket/', owner)).statusCode).toBe(403);
  });
});

describe('the basket and checkout', () => {
  /** A product whose step is more than one, and its step. */
  const packed = async () => {
    const all = (await page('limit=48')).ITEMS as CatalogProduct[];
    return all.find((p) => p.MULTIPLICITY > 1) ?? all[0];
  };

  it('keeps quantities to the multiplicity and sums the lines at the buyer prices', async () => {
    const p = await packed();
    if (p.MULTIPLICITY > 1) {
      expect((await post('/v3/api/client/basket/', { product_id: String(p.ID), quantity: String(p.MULTIPLICITY + 1) })).json()).toEqual({
        SUCCESS: 'N',
        errors: { quantity: STOREFRONT_MSG.multiplicity(p.MULTIPLICITY) },
      });
    }
    const saved = (await post('/v3/api/client/basket/', { product_id: String(p.ID), quantity: String(p.MULTIPLICITY * 3) })).json();
    expect(saved.BASKET).toMatchObject({ CNT: 1, SUM: new Decimal(p.PRICE).mul(p.MULTIPLICITY * 3).toFixed(2), CAN_ORDER: 'Y' });
    await post('/v3/api/client/basket/', { product_id: String(p.ID), quantity: String(p.MULTIPLICITY), add: 'Y' });
    expect((await get('/v3/api/client/basket/')).json().ITEMS[0].QUANTITY).toBe(p.MULTIPLICITY * 4);
    await post('/v3/api/client/basket/', { product_id: String(p.ID), quantity: '0' });
    expect((await get('/v3/api/client/basket/')).json()).toMatchObject({ CNT: 0, CAN_ORDER: 'N', MESSAGE: STOREFRONT_MSG.basketEmpty });
  });

  it('places the basket as a NEW order the partner sees with the same sums, empties it and sends the mails', async () => {
    await setShop({ notify_checkbox: true, notify_emails: ['orders@kancler.example'] });
    const lines = ((await page('limit=12')).ITEMS as CatalogProduct[]).slice(0, 3);
    for (const p of lines) await post('/v3/api/client/basket/', { product_id: String(p.ID), quantity: String(p.MULTIPLICITY * 2) });
    const basket = (await get('/v3/api/client/basket/')).json();
    const options = (await get('/v3/api/client/checkout/')).json();
    expect(options.CONTACT.EMAIL).toBe('buyer@client.demo');
    const tradepoint = options.TRADEPOINTS[0].ID;
    const placed = (
      await post('/v3/api/client/order/', {
        delivery: 'PICKUP',
        tradepoint_id: String(tradepoint),
        payment_type: options.PAYMENT_TYPES[0].ID,
        contact_name: 'Анна Петрова',
        contact_phone: '+7 916 123-45-67',
        comment: 'Позвонить перед выдачей',
      })
    ).json();
    expect(placed).toMatchObject({ SUCCESS: 'Y', ORDER_ID: expect.any(Number), ORDER_NUMBER: expect.stringMatching(/^\S+-\d+$/) });
    expect((await get('/v3/api/client/basket/')).json().CNT).toBe(0);

    const card = (await get(`/v3/api/partner/order/${placed.ORDER_ID}/`, owner)).json();
    expect(JSON.stringify(card)).toContain(placed.ORDER_NUMBER);
    const order = await t.database.db.selectFrom('orders').selectAll().where('id', '=', placed.ORDER_ID).executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      status: 'NEW',
      client_id: clientId,
      position_count: 3,
      tradepoint_id: tradepoint,
      comment: 'Позвонить перед выдачей',
    });
    expect(new Decimal(order.position_sum).toFixed(2)).toBe(basket.SUM);
    const items = await t.database.db
      .selectFrom('order_items')
      .select(['price', 'buying_price', 'quantity'])
      .where('order_id', '=', placed.ORDER_ID)
      .execute();
    expect(items.every((i) => new Decimal(i.buying_price).gt(0))).toBe(true);
    expect(new Decimal(order.position_margin).toFixed(2)).toBe(new Decimal(order.position_sum).minus(order.purchase_sum).toFixed(2));
    const list = (await get('/v3/api/partner/orderlist/?status=NEW', owner)).json();
    expect(list.ITEMS[0].ORDER_NUMBER).toBe(placed.ORDER_NUMBER);

    await t.app.services.jobs.runUntilIdle();
    const outbox = fs.readdirSync(path.join(t.dataDir, 'outbox'));
    expect(outbox.some((f) => f.includes('order.placed'))).toBe(true);
    expect(outbox.some((f) => f.includes('order.received'))).toBe(true);

    // The buyer follows it as the partner changes it, and repeats it into the basket.
    const mine = (await get('/v3/api/client/order/')).json();
    expect(mine.ITEMS[0]).toMatchObject({ ID: placed.ORDER_ID, STATUS: { ID: 'NEW', NAME: 'Новый' }, POSITION_SUM: basket.SUM });
    await t.database.db.updateTable('orders').set({ status: 'COMPLETED' }).where('id', '=', placed.ORDER_ID).execute();
    expect((await get(`/v3/api/client/order/${placed.ORDER_ID}/`)).json()).toMatchObject({ STATUS: { ID: 'COMPLETED' }, ITEMS: expect.any(Array) });
    const repeated = (await post(`/v3/api/client/order/${placed.ORDER_ID}/repeat/`, {})).json();
    expect(repeated).toMatchObject({ SUCCESS: 'Y', BASKET: { CNT: 3, SUM: basket.SUM } });
  });

  it('refuses a basket under the minimum order sum unless the shop exempts it, and a delivery without an address', async () => {
    const p = (await page('limit=12')).ITEMS[0] as CatalogProduct;
    await post('/v3/api/client/basket/', { product_id: String(p.ID), quantity: String(p.MULTIPLICITY) });
    await setShop({ min_order_sum: '100000000', no_check_order_sum: false });
    const basket = (await get('/v3/api/client/basket/')).json();
    expect(basket).toMatchObject({ CAN_ORDER: 'N', MESSAGE: STOREFRONT_MSG.minOrderSum(moneyText('100000000.00')) });
    const zone = String(basket.DELIVERY_ZONES[0].ID);
    const order = {
      delivery: 'DELIVERY',
      address: 'Москва, ул. Ленина, 1',
      delivery_zone_id: zone,
      payment_type: 'CASH',
      contact_name: 'Анна',
      contact_phone: '79161234567',
    };
    expect((await post('/v3/api/client/order/', order)).json()).toEqual({
      SUCCESS: 'N',
      errors: { basket: STOREFRONT_MSG.minOrderSum(moneyText('100000000.00')) },
    });
    await setShop({ no_check_order_sum: true, selfdelivery_only: false });
    expect((await post('/v3/api/client/order/', { ...order, address: '' })).json()).toEqual({
      SUCCESS: 'N',
      errors: { address: STOREFRONT_MSG.addressRequired },
    });
    const placed = (await post('/v3/api/client/order/', order)).json();
    expect(placed.SUCCESS).toBe('Y');
    await setShop({ min_order_sum: null, no_check_order_sum: false });
  });

  it('keeps the basket to its line limit however many products are added at once, and checks the contact e-mail', async () => {
    const sold = ((await page('limit=48&offset=600')).ITEMS as CatalogProduct[]).slice(0, 30);
    const others = await t.database.db
      .selectFrom('catalog_products')
      .select('id')
      .where('active', '=', true)
      .where(
        'id',
        'not in',
        sold.map((p) => p.ID),
      )
      .orderBy('id')
      .limit(LIMITS.basketLinesMax - 2)
      .execute();
    await t.database.db
      .insertInto('shop_baskets')
      .values(others.map((p) => ({ partner_id: pid, client_id: clientId, product_id: p.id, quantity: 1 })))
      .execute();
    const answers = await Promise.all(
      sold.map((p) => post('/v3/api/client/basket/', { product_id: String(p.ID), quantity: String(p.MULTIPLICITY) })),
    );
    const refused = answers.map((a) => a.json()).filter((a) => a.SUCCESS === 'N');
    expect(refused).toHaveLength(sold.length - 2);
    expect(refused[0]).toEqual({ SUCCESS: 'N', errors: { product_id: STOREFRONT_MSG.basketLinesMax(LIMITS.basketLinesMax) } });
    const stored = await t.database.db
      .selectFrom('shop_baskets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client_id', '=', clientId)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(LIMITS.basketLinesMax);

    const order = { delivery: 'PICKUP', payment_type: 'CASH', contact_name: 'Анна', contact_phone: '79161234567', contact_email: 'not-an-address' };
    expect((await post('/v3/api/client/order/', order)).json()).toEqual({ SUCCESS: 'N', errors: { contact_email: MSG.employeeEmailInvalid } });
  });

  it('places one order however many times it is sent at once', async () => {
    const p = (await page('limit=12')).ITEMS[1] as CatalogProduct;
    await post('/v3/api/client/basket/', { product_id: String(p.ID), quantity: String(p.MULTIPLICITY) });
    const options = (await get('/v3/api/client/checkout/')).json();
    const body = {
      delivery: 'PICKUP',
      tradepoint_id: String(options.TRADEPOINTS[0].ID),
      payment_type: 'CASH',
      contact_name: 'Анна',
      contact_phone: '79161234567',
    };
    const answers = (await Promise.all(Array.from({ length: 10 }, () => post('/v3/api/client/order/', body)))).map((r) => r.json());
    expect(answers.filter((a) => a.SUCCESS === 'Y')).toHaveLength(1);
    expect(answers.find((a) => a.SUCCESS === 'N')).toEqual({ SUCCESS: 'N', errors: { basket: STOREFRONT_MSG.basketEmpty } });
  });

  it('refuses a blacklisted buyer with a clear message', async () => {
    const p = (await page('limit=12')).ITEMS[0] as CatalogProduct;
    await post('/v3/api/client/basket/', { product_id: String(p.ID), quantity: String(p.MULTIPLICITY) });
    await t.database.db.updateTable('clients').set({ blacklisted: true }).where('id', '=', clientId).execute();
    const res = await post('/v3/api/client/order/', {
      delivery: 'DELIVERY',
      address: 'Москва',
      payment_type: 'CASH',
      contact_name: 'Анна',
      contact_phone: '79161234567',
    });
    expect(res.json()).toEqual({ SUCCESS: 'N', errors: { order: ORDER_MSG.clientBlacklisted } });
    await t.database.db.updateTable('clients').set({ blacklisted: false }).where('id', '=', clientId).execute();
  });

  it("never shows another partner's orders", async () => {
    const foreign = await t.database.db
      .selectFrom('orders')
      .select('id')
      .where('partner_id', '=', await partnerIdOf(t.database.db, 'owner@second.demo'))
      .executeTakeFirstOrThrow();
    expect((await get(`/v3/api/client/order/${foreign.id}/`)).statusCode).toBe(404);
    expect((await post(`/v3/api/client/order/${foreign.id}/repeat/`, {})).statusCode).toBe(404);
    expect((await get('/v3/api/client/order/', second)).statusCode).toBe(403);
  });
});

describe("the buyer's account", () => {
  it('tells the buyer who it is, which shop it buys in and where else its e-mail is a buyer', async () => {
    const info = (await get('/v3/api/personal/info/')).json();
    expect(info).toMatchObject({
      USER: { EMAIL: 'buyer@client.demo', HAS_PASSWORD: 'Y' },
      CLIENT: { ID: clientId },
      SHOP: { ID: pid, SHOP_LINK: 'kancler' },
    });
    expect(info.SHOPS.map((s: { ID: number }) => s.ID)).toContain(pid);
    expect((await post('/v3/api/client/info/', { selected_shop: String(pid) })).json()).toMatchObject({ SUCCESS: 'Y', SHOP_LINK: 'kancler' });
    const other = await partnerIdOf(t.database.db, 'owner@second.demo');
    expect((await post('/v3/api/client/info/', { selected_shop: String(other) })).json()).toEqual({
      SUCCESS: 'N',
      errors: { selected_shop: BUYER_MSG.shopNotYours },
    });
  });

  it('sends a review: stored for the partner, listed for its staff, mailed to the shop', async () => {
    await setShop({ notify_emails: ['orders@kancler.example'] });
    expect((await post('/v1/personal/review', { text: '' })).json()).toEqual({ SUCCESS: 'N', errors: { text: BUYER_MSG.reviewEmpty } });
    expect((await post('/v1/personal/review', { text: 'Быстро привезли, спасибо!' })).json()).toMatchObject({
      SUCCESS: 'Y',
      MESSAGE: BUYER_MSG.reviewSent,
    });
    const list = (await get('/v3/api/partner/review/', owner)).json();
    expect(list.ITEMS[0]).toMatchObject({ TEXT: 'Быстро привезли, спасибо!', CLIENT: { ID: clientId } });
    expect((await get('/v3/api/partner/review/', second)).json().ITEMS.some((r: { TEXT: string }) => r.TEXT === 'Быстро привезли, спасибо!')).toBe(
      false,
    );
    await t.app.services.jobs.runUntilIdle();
    expect(fs.readdirSync(path.join(t.dataDir, 'outbox')).some((f) => f.includes('client.review'))).toBe(true);
  });
});

describe('the commercial offer', () => {
  /** The document's title: an object holding a literal string in UTF-16BE after its byte order mark. */
  const titleOf = (pdf: string) => {
    const ref = /\/Title (\d+) 0 R/.exec(pdf)![1];
    const literal = new RegExp(`\\n${ref} 0 obj\\n\\(([\\s\\S]*?)\\)\\nendobj`).exec(pdf)![1].replace(/\\([\\s\\S])/g, '$1');
    return Buffer.from(literal.slice(2), 'latin1').swap16().toString('utf16le');
  };

  it("downloads the basket as a PDF with the partner's requisites, an embedded Cyrillic font and every page", async () => {
    expect((await get('/v3/api/client/basket/offer/')).statusCode).toBe(400);
    const lines = ((await page('limit=12')).ITEMS as CatalogProduct[]).slice(0, 2);
    for (const p of lines) await post('/v3/api/client/basket/', { product_id: String(p.ID), quantity: String(p.MULTIPLICITY) });
    const res = await get('/v3/api/client/basket/offer/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload.toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pdf).toMatch(/\/FontFile2/);
    expect(pdf.match(/\/Type \/Page\b/g)?.length).toBeGreaterThanOrEqual(1);
    const settings = await t.database.db.selectFrom('commercial_offer_settings').select('org_name').where('partner_id', '=', pid).executeTakeFirst();
    expect(titleOf(pdf)).toBe(`Коммерческое предложение ${settings?.org_name ?? ''}`.trim());
  });
});

describe('photos and content pages', () => {
  it("draws a product's photo for any visitor's <img>, and knows no photo of a product that is not sold", async () => {
    const first = (await page('limit=12')).ITEMS[0];
    expect(first.PREVIEW_PICTURE_PATH).toBe(`/v3/api/catalog/product/${first.ID}/photo/`);
    const photo = await t.app.inject({ method: 'GET', url: first.PREVIEW_PICTURE_PATH });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await t.app.inject({ method: 'GET', url: '/v3/api/catalog/product/999999999/photo/' })).statusCode).toBe(404);
  });

  it('serves a content page by its id or code, with the pages of its type; an empty one is flagged', async () => {
    const help = (await t.app.inject({ method: 'GET', url: '/v3/api/info/help/' })).json();
    expect(help.ITEM).toMatchObject({ TYPE: 'help', CODE: 'orders', TITLE: 'Как работать с заказами', EMPTY: 'N' });
    expect(JSON.parse(help.ITEM.BODY).blocks.length).toBeGreaterThan(0);
    expect(help.ITEMS.map((p: { CODE: string }) => p.CODE)).toEqual(['orders', 'prices']);
    const byId = (await t.app.inject({ method: 'GET', url: `/v3/api/info/help/?id=${help.ITEMS[1].ID}` })).json();
    expect(byId.ITEM.CODE).toBe('prices');
    expect((await t.app.inject({ method: 'GET', url: '/v3/api/info/news/?id=welcome' })).json().ITEM).toMatchObject({ EMPTY: 'Y', BODY: '' });
    expect((await t.app.inject({ method: 'GET', url: '/v3/api/info/help/?id=nothing' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/v3/api/info/NOT%20A%20TYPE/' })).statusCode).toBe(404);
  });
});
