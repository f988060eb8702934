import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICING_MSG, type PricingProduct } from '@b2b/contracts/pricing';
import { sectionCountsDrift } from '@/test/read-model-drift';
import { countingStatements } from '@/test/statement-counter';
import { bearer, createTestApp, form, type TestApp } from '@/test/test-app';
import { insertClient, partnerIdOf, priceListsOf } from '../clients/clients-test-fixtures';
import { priceEngine } from './price-engine.service';
import { pricingSectionsService } from './pricing-sections.service';

let t: TestApp;
const tokens: Record<string, string> = {};
let pid: number;
let otherPid: number;
let wholesaleId: number;
let columnId: number;
/** A product, its leaf section, the leaf's parent and grandparent. */
let product: { id: number; purchase: string; rrc: string; up_code_1c: string };
let leaf: number;
let parent: number;
let top: number;

const STAFF = ['owner@partner.demo', 'price@partner.demo', 'clients@partner.demo', 'orders@partner.demo', 'owner@second.demo'];
const get = (url: string, who = 'price@partner.demo') => t.app.inject({ method: 'GET', url, headers: bearer(tokens[who]) });
const post = (url: string, data: Record<string, string>, who = 'price@partner.demo') =>
  t.app.inject({ method: 'POST', url, ...form(data), headers: { ...form(data).headers, ...bearer(tokens[who]) } });

const engine = () => priceEngine(t.database.db);
const counting = () => countingStatements(t.database.db);
const priceFor = async (target: { clientId: number } | { listId: number }) => (await engine().prices(pid, target, [product.id]))![0];
const pct = (value: string, percent: string) =>
  new Decimal(value).mul(new Decimal(100).plus(percent)).div(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

beforeAll(async () => {
  t = await createTestApp();
  for (const email of STAFF) tokens[email] = await t.login(email);
  pid = await partnerIdOf(t.database.db, 'owner@partner.demo');
  otherPid = await partnerIdOf(t.database.db, 'owner@second.demo');
  const lists = await priceListsOf(t.database.db, pid);
  wholesaleId = lists.find((l) => l.name === 'Оптовый прайс')!.id;
  columnId = lists.find((l) => l.kind === 'COLUMN')!.id;
  const row = await t.database.db
    .selectFrom('catalog_products as p')
    .innerJoin('catalog_sections as s1', 's1.id', 'p.section_id')
    .innerJoin('catalog_sections as s2', 's2.id', 's1.parent_id')
    .innerJoin('catalog_sections as s3', 's3.id', 's2.parent_id')
    .select(['p.id', 'p.purchase_price', 'p.rrc', 'p.up_code_1c', 's1.id as leaf', 's2.id as parent', 's3.id as top'])
    .where('p.active', '=', true)
    .orderBy('p.id')
    .executeTakeFirstOrThrow();
  product = { id: row.id, purchase: row.purchase_price, rrc: row.rrc, up_code_1c: row.up_code_1c };
  [leaf, parent, top] = [row.leaf, row.parent, row.top];
});
afterAll(() => t.close());

describe('the price engine on the database', () => {
  it("prices a client by its column over the column's parent, its list, its group's list, else the base list", async () => {
    const plain = await insertClient(t.database.db, pid, { name: 'Без прайса', registeredAt: new Date() });
    const wholesale = await insertClient(t.database.db, pid, { name: 'Оптовик', registeredAt: new Date(), priceListId: wholesaleId });
    const column = await insertClient(t.database.db, pid, { name: 'Колонка', registeredAt: new Date(), columnId });
    expect((await priceFor({ clientId: plain })).price).toBe(new Decimal(product.rrc).toFixed(2)); // base list: RRC
    expect((await priceFor({ clientId: wholesale })).price).toBe(pct(product.purchase, '15')); // PURCHASE + 15 %
    expect((await priceFor({ clientId: column })).price).toBe(pct(product.purchase, '10')); // the column: PURCHASE + 10 %

    const grouped = await insertClient(t.database.db, pid, { name: 'В группе', registeredAt: new Date() });
    const { id: groupId } = await t.database.db
      .insertInto('client_groups')
      .values({ partner_id: pid, name: 'Группа с прайсом', price_list_id: wholesaleId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db.insertInto('client_group_members').values({ partner_id: pid, group_id: groupId, client_id: grouped }).execute();
    expect((await priceFor({ clientId: grouped })).price).toBe(pct(product.purchase, '15'));
  });

  it("prices a page of products in a fixed number of queries, whatever the page's size", async () => {
    const ids = (await t.database.db.selectFrom('catalog_products').select('id').orderBy('id').limit(96).execute()).map((r) => r.id);
    const client = await insertClient(t.database.db, pid, { name: 'Считаем запросы', registeredAt: new Date(), columnId });
    const count = async (n: number) => {
      const { db, counter } = counting();
      const prices = await priceEngine(db).prices(pid, { clientId: client }, ids.slice(0, n));
      expect(prices).toHaveLength(n);
      return counter.n;
    };
    expect(await count(96)).toBe(await count(2));
    expect(await count(96)).toBeLessThanOrEqual(4);
  });

  it("knows nothing of another partner's clients and lists", async () => {
    const foreign = await insertClient(t.database.db, otherPid, { name: 'Чужой', registeredAt: new Date() });
    expect(await engine().prices(pid, { clientId: foreign }, [product.id])).toBeUndefined();
    expect(await engine().prices(otherPid, { listId: wholesaleId }, [product.id])).toBeUndefined();
  });
});

describe('section markups', () => {
  const sectionUrl = (section: number, type = 'pricelist', id: string | number = 'personal_price') =>
    `/v3/api/partner/pricing/section/${type}/${id}/${section}/`;

  it('shows the tree with percents and applies the nearest section rate up the tree, a product rate winning', async () => {
    const plain = await insertClient(t.database.db, pid, { name: 'Смотрит наценки', registeredAt: new Date() });
    expect(await post(sectionUrl(top), { section_rate: '10' })).toMatchObject({ statusCode: 200 });
    expect((await priceFor({ clientId: plain })).price).toBe(pct(product.rrc, '10'));
    const saved = (await post(sectionUrl(leaf), { section_rate: '-5,5' })).json();
    expect(saved).toMatchObject({ SUCCESS: 'Y', PERCENT: '-5.5', HAS_INDIVIDUAL: 'N', MESSAGE: PRICING_MSG.sectionSaved });
    expect((await priceFor({ clientId: plain })).price).toBe(pct(product.rrc, '-5.5'));

    const tree = (await get('/v3/api/partner/pricing/sections/pricelist/personal_price/')).json();
    expect(tree.ENTITIES.PRICE).toMatchObject({ TYPE: 'pricelist', ID: 'personal_price', NAME: 'Базовый прайс' });
    const byId = new Map(tree.ITEMS.map((s: { ID: number }) => [s.ID, s]));
    expect(byId.get(top)).toMatchObject({ PERCENT: '10.00', IBLOCK_SECTION_ID: null, DEPTH: 1, SHOW: 'Y' });
    expect(byId.get(leaf)).toMatchObject({ PERCENT: '-5.50', IBLOCK_SECTION_ID: parent });

    const rated = (await post(`/v3/api/partner/pricing/product/pricelist/personal_price/${product.id}/`, { percent: '20' })).json();
    expect(rated).toMatchObject({
      SUCCESS: 'Y',
      ITEM: { ID: product.id, PERCENT: '20.00', SOURCE: 'PRODUCT_RATE', INDIVIDUAL: 'Y', PRICE: pct(product.rrc, '20') },
    });
    expect((await priceFor({ clientId: plain })).price).toBe(pct(product.rrc, '20'));

    // Setting the parent's percent now warns that individual rates keep winning; delete_individual drops them.
    const warned = (await post(sectionUrl(parent), { section_rate: '3' })).json();
    expect(warned).toMatchObject({ SUCCESS: 'Y', HAS_INDIVIDUAL: 'Y', MESSAGE: PRICING_MSG.sectionHasIndividual });
    const tree2 = (await get('/v3/api/partner/pricing/sections/pricelist/personal_price/')).json();
    expect(
      tree2.ITEMS.filter((s: { HAS_INDIVIDUAL: string }) => s.HAS_INDIVIDUAL === 'Y')
        .map((s: { ID: number }) => s.ID)
        .sort(),
    ).toEqual([leaf, parent, top].sort());
    expect((await post(sectionUrl(top), { delete_individual: 'Y' })).json()).toMatchObject({ SUCCESS: 'Y', HAS_INDIVIDUAL: 'N' });
    expect((await priceFor({ clientId: plain })).price).toBe(pct(product.rrc, '-5.5'));
    await post(sectionUrl(leaf), { delete: 'Y' });
    expect((await priceFor({ clientId: plain })).price).toBe(pct(product.rrc, '3'));
    await post(sectionUrl(parent), { section_rate: '' });
    await post('/v3/api/partner/section/' + top + '/', { delete: 'Y' });
    expect((await priceFor({ clientId: plain })).price).toBe(new Decimal(product.rrc).toFixed(2));
  });

  it('action=total answers the totals of the tree: sections, products, hidden, with a percent, with individual rates (§7, issue 39 §3)', async () => {
    const oracle = async () => {
      const sections = await sql<{ n: string }>`select count(*) as n from catalog_sections`.execute(t.database.db);
      const products = await sql<{ n: string }>`select count(*) as n from catalog_products where active`.execute(t.database.db);
      return { sections: Number(sections.rows[0].n), products: Number(products.rows[0].n) };
    };
    const plainTree = (await get('/v3/api/partner/sections/')).json();
    expect(plainTree.TOTAL).toBeUndefined();

    await post(sectionUrl(top), { section_rate: '4' });
    await post(sectionUrl(leaf), { section_rate: '2' });
    await post(`/v3/api/partner/section/${parent}/`, { show: 'N' });
    await post(`/v3/api/partner/pricing/product/pricelist/personal_price/${product.id}/`, { percent: '9' });
    try {
      const { sections, products } = await oracle();
      const tree = (await get('/v3/api/partner/sections/?action=total')).json();
      expect(tree.TOTAL).toEqual({ SECTIONS: sections, PRODUCTS: products, HIDDEN: 1, WITH_PERCENT: 2, WITH_INDIVIDUAL: 1 });
      expect(tree.ITEMS).toHaveLength(sections);
      // The products of the top sections add up to the tree's.
      const tops = tree.ITEMS.filter((s: { IBLOCK_SECTION_ID: number | null }) => s.IBLOCK_SECTION_ID === null);
      expect(tops.reduce((sum: number, s: { PRODUCTS_CNT: number }) => sum + s.PRODUCTS_CNT, 0)).toBe(products);

      // Another price's tree counts its own percents; the wholesale list has none of these.
      const wholesale = (await get(`/v3/api/partner/pricing/sections/pricelist/${wholesaleId}/?action=total`)).json();
      expect(wholesale.TOTAL).toMatchObject({ SECTIONS: sections, PRODUCTS: products, WITH_INDIVIDUAL: 0 });
      const bad = await get('/v3/api/partner/sections/?action=sum');
      expect(bad.statusCode).toBe(400);
      expect(JSON.stringify(bad.json())).toContain(PRICING_MSG.sectionActionInvalid);
    } finally {
      await post(`/v3/api/partner/pricing/product/pricelist/personal_price/${product.id}/`, { delete: 'Y' });
      await post(`/v3/api/partner/section/${parent}/`, { show: 'Y' });
      await post(sectionUrl(leaf), { delete: 'Y' });
      await post(sectionUrl(top), { delete: 'Y' });
    }
    expect((await get('/v3/api/partner/sections/?action=total')).json().TOTAL).toMatchObject({ HIDDEN: 0, WITH_PERCENT: 0, WITH_INDIVIDUAL: 0 });
  });

  it("pages a top section's products by name across its subsections, with their count", async () => {
    const { rows: all } = await sql<{ id: number }>`
      select p.id from catalog_products p join catalog_sections s1 on s1.id = p.section_id
      left join catalog_sections s2 on s2.id = s1.parent_id
      where p.active and ${top} in (s1.id, s2.id, s2.parent_id) order by p.name, p.id`.execute(t.database.db);
    expect(all.length).toBeGreaterThan(30);
    for (const offset of [0, 12, all.length - 5, all.length + 3]) {
      const page = (await get(`${sectionUrl(top)}?limit=12&offset=${offset}`)).json();
      expect(page.NAV.CNT).toBe(all.length);
      expect(
        page.ITEMS.map((p: PricingProduct) => p.ID),
        `offset ${offset}`,
      ).toEqual(all.slice(offset, offset + 12).map((r) => Number(r.id)));
    }
    await post(sectionUrl(top), { section_rate: '7' });
    expect((await get(`${sectionUrl(top)}?limit=12`)).json().ENTITIES.SECTION).toMatchObject({ ID: top, PERCENT: '7.00' });
    await post(sectionUrl(top), { delete: 'Y' });
    const missing = await get(`${sectionUrl(999_999)}?limit=12`);
    expect(missing.statusCode).toBe(404);
    expect(JSON.stringify(missing.json())).toContain(PRICING_MSG.sectionNotFound);
  });

  it("counts each section's active products from the read model as the catalogue changes", async () => {
    const db = t.database.db;
    const counts = async () => {
      const tree = (await get('/v3/api/partner/pricing/sections/pricelist/personal_price/')).json();
      const byId = new Map<number, number>(tree.ITEMS.map((s: { ID: number; PRODUCTS_CNT: number }) => [s.ID, s.PRODUCTS_CNT]));
      return [leaf, parent, top].map((id) => byId.get(id));
    };
    const before = await counts();
    expect(before[0]).toBeGreaterThan(0);
    // A copy of the product (a catalogue load), one product switched off, then the copy deleted: one statement each.
    const { rows: columns } = await sql<{ name: string }>`
      select column_name as name from information_schema.columns
      where table_name = 'catalog_products' and column_name not in ('id', 'up_code_1c') and is_generated = 'NEVER' and identity_generation is null`.execute(
      db,
    );
    const list = sql.join(columns.map((c) => sql.ref(c.name)));
    await sql`insert into catalog_products (up_code_1c, ${list}) select '999001', ${list} from catalog_products where id = ${product.id}`.execute(db);
    expect(await counts()).toEqual(before.map((n) => n! + 1));
    const other = await db
      .selectFrom('catalog_products')
      .select('id')
      .where('section_id', '=', leaf)
      .where('active', '=', true)
      .where('id', '<>', product.id)
      .where('up_code_1c', '<>', '999001')
      .executeTakeFirstOrThrow();
    await db.updateTable('catalog_products').set({ active: false }).where('id', '=', other.id).execute();
    expect(await counts()).toEqual(before);
    await db.deleteFrom('catalog_products').where('up_code_1c', '=', '999001').execute();
    await db.updateTable('catalog_products').set({ active: true }).where('id', '=', other.id).execute();
    expect(await counts()).toEqual(before);
    expect(await sectionCountsDrift(db)).toEqual([]);
  });

  it("lists a section's products with the engine's prices, for a list and for a client", async () => {
    await post(sectionUrl(leaf, 'pricelist', wholesaleId), { section_rate: '30' });
    const page = (await get(`${sectionUrl(top, 'pricelist', wholesaleId)}?query=${product.up_code_1c}`)).json();
    const row = page.ITEMS.find((p: PricingProduct) => p.ID === product.id);
    expect(row).toMatchObject({
      BASE_PRICE: new Decimal(product.purchase).toFixed(2),
      PERCENT: '30.00',
      PRICE: pct(product.purchase, '30'),
      SOURCE: 'SECTION_RATE',
    });
    expect(page.NAV.CNT).toBeGreaterThanOrEqual(page.ITEMS.length);

    const client = await insertClient(t.database.db, pid, { name: 'Точечная цена', registeredAt: new Date(), priceListId: wholesaleId });
    const personal = await post(`/v3/api/partner/pricing/client/${client}/product/${product.id}/`, { price: '1,5' }, 'clients@partner.demo');
    expect(personal.json()).toMatchObject({
      SUCCESS: 'Y',
      ITEM: { PRICE: '1.50', SOURCE: 'PERSONAL', INDIVIDUAL: 'Y' },
      WARNING: PRICING_MSG.personalAbovePurchase,
    });
    const clientPage = (await get(`/v3/api/partner/pricing/section/client/${client}/${leaf}/?limit=100`, 'clients@partner.demo')).json();
    expect(clientPage.ITEMS.find((p: PricingProduct) => p.ID === product.id)).toMatchObject({ PRICE: '1.50' });
    await post(`/v3/api/partner/pricing/client/${client}/product/${product.id}/`, { delete: 'Y' }, 'clients@partner.demo');
    expect((await priceFor({ clientId: client })).price).toBe(pct(product.purchase, '30'));
  });

  it("reads a client's page again without resolving its chain, until a change of pricing moves the client to another list", async () => {
    const client = await insertClient(t.database.db, pid, { name: 'Цепочка сохранена', registeredAt: new Date(), columnId });
    const { db, counter } = counting();
    const service = pricingSectionsService(db, priceEngine(db));
    const page = async () => {
      counter.n = 0;
      const answer = await service.products(pid, { type: 'client', priceId: client }, leaf, { limit: 100, offset: 0 });
      return { price: answer.ITEMS.find((p) => p.ID === product.id)!.PRICE, statements: counter.n };
    };
    const first = await page();
    expect(first.price).toBe((await priceFor({ clientId: client })).price);
    expect(await page()).toEqual({ price: first.price, statements: first.statements - 1 });

    // Moved from the column to the wholesale list (another request, another process alike): priced by it at once.
    await t.database.db
      .updateTable('clients')
      .set({ price_column_id: null, price_list_id: wholesaleId })
      .where('partner_id', '=', pid)
      .where('id', '=', client)
      .execute();
    const moved = (await priceFor({ clientId: client })).price;
    expect(moved).not.toBe(first.price);
    expect((await page()).price).toBe(moved);
    expect(await page()).toEqual({ price: moved, statements: first.statements - 1 });
  });

  it('shows or hides a section in the shop on the base list only (the assortment)', async () => {
    const hidden = (await post(`/v3/api/partner/section/${parent}/`, { show: 'N' })).json();
    expect(hidden).toMatchObject({ SUCCESS: 'Y', SHOW: 'N', MESSAGE: PRICING_MSG.sectionHidden });
    const tree = (await get('/v3/api/partner/sections/')).json();
    expect(tree.ITEMS.find((x: { ID: number }) => x.ID === parent)).toMatchObject({ SHOW: 'N' });
    expect((await post(sectionUrl(parent, 'pricelist', wholesaleId), { show: 'N' })).json()).toEqual({
      SUCCESS: 'N',
      errors: { show: PRICING_MSG.showOnlyBase },
    });
    expect((await post(`/v3/api/partner/section/${parent}/`, { show: 'Y' })).json()).toMatchObject({ SHOW: 'Y', MESSAGE: PRICING_MSG.sectionShown });
    expect((await post(`/v3/api/partner/section/${parent}/`, { show: 'N' }, 'clients@partner.demo')).statusCode).toBe(403);
  });

  it('refuses a malformed percent with the Russian message and changes nothing', async () => {
    for (const bad of ['1000', '-100', '12.345', 'abc']) {
      const res = (await post(sectionUrl(leaf), { section_rate: bad })).json();
      expect(res).toEqual({ SUCCESS: 'N', errors: { section_rate: PRICING_MSG.percentInvalid } });
    }
  });

  it('guards by rights and tenant: CLIENTS reads, PRICE and ADMIN edit rates, CLIENTS edits point prices, ORDERS sees nothing', async () => {
    expect((await get('/v3/api/partner/pricing/sections/pricelist/personal_price/', 'clients@partner.demo')).statusCode).toBe(200);
    expect((await get('/v3/api/partner/pricing/sections/pricelist/personal_price/', 'orders@partner.demo')).statusCode).toBe(403);
    expect((await post(sectionUrl(leaf), { section_rate: '1' }, 'clients@partner.demo')).statusCode).toBe(403);
    expect((await post(sectionUrl(leaf), { section_rate: '1' }, 'owner@partner.demo')).statusCode).toBe(200);
    const client = await insertClient(t.database.db, pid, { name: 'Права', registeredAt: new Date() });
    expect((await post(`/v3/api/partner/pricing/client/${client}/product/${product.id}/`, { price: '10' }, 'price@partner.demo')).statusCode).toBe(
      403,
    );
    // Another partner's list, column or client is not found.
    expect((await get(`/v3/api/partner/pricing/sections/pricelist/${wholesaleId}/`, 'owner@second.demo')).statusCode).toBe(404);
    expect((await get(`/v3/api/partner/pricing/sections/column/${columnId}/`, 'owner@second.demo')).statusCode).toBe(404);
    expect((await get(`/v3/api/partner/pricing/sections/client/${client}/`, 'owner@second.demo')).statusCode).toBe(404);
    expect((await get(`/v3/api/partner/pricing/sections/column/${wholesaleId}/`)).statusCode).toBe(404);
    expect((await post(`/v3/api/partner/pricing/section/client/${client}/${leaf}/`, { section_rate: '1' })).statusCode).toBe(404);
  });
});
