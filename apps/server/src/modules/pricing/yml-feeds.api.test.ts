import { spawnSync } from 'node:child_process';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPhotoPath } from '@b2b/contracts/routes/storefront';
import { TEST_CONFIG } from '@/test/test-config';
import { bearer, createTestApp, form, type TestApp } from '@/test/test-app';
import { insertClient, partnerIdOf, priceListsOf } from '../clients/clients-test-fixtures';
import { priceEngine, type PriceTarget } from './price-engine.service';

/*
 * Issue 38.6 and the YML part of 38.7: the feeds are read by feed readers (Yandex), so each kind (a price list's, a
 * column's, a client's personal one, and a RATE list's in a USD shop) is parsed by a real XML parser and checked
 * against the YML rules explicitly, then by xmllint. Before: pictures named /pictures/… (the web page), offers had
 * no <url>, a running offer's promo price was missing from a list's feed, and a RATE feed declared
 * <currency id="USD" rate="1"/> without RUR.
 * Oracles: the price engine's regular prices (no offer), the running offers' lowest promo price by a plain query,
 * the stock by a plain query of the shop's rule (the partner's remains, else the nearest warehouse's).
 */

interface Node {
  name: string;
  attrs: Record<string, string>;
  children: Node[];
  text: string;
}

/** The whole document as a tree, by the saxes XML parser (malformed XML throws). */
function parseTree(xml: string): Node {
  const parser = new SaxesParser({ xmlns: false, position: false });
  const root: Node = { name: '#document', attrs: {}, children: [], text: '' };
  const stack = [root];
  parser.on('opentag', (tag) => {
    const node: Node = { name: tag.name, attrs: tag.attributes as Record<string, string>, children: [], text: '' };
    stack[stack.length - 1].children.push(node);
    stack.push(node);
  });
  parser.on('closetag', () => void stack.pop());
  parser.on('text', (text) => void (stack[stack.length - 1].text += text));
  parser.write(xml).close();
  return root;
}
const child = (n: Node, name: string) => n.children.find((c) => c.name === name);
const children = (n: Node, name: string) => n.children.filter((c) => c.name === name);
const textOf = (n: Node, name: string) => child(n, name)?.text;

let t: TestApp;
let pid: number;
const tokens: Record<string, string> = {};
let wholesaleId: number;
let columnId: number;
let link: string;
const BASE = TEST_CONFIG.PUBLIC_URL;

const post = (url: string, data: Record<string, string>, who = 'price@partner.demo') =>
  t.app.inject({ method: 'POST', url, ...form(data), headers: { ...form(data).headers, ...bearer(tokens[who]) } });

/** A new live link of `path` (pricelist/{id}, column/{id}, client/{id}/catalog); the others are switched off first (limit 5). */
async function feedOf(path: string): Promise<{ body: string; tree: Node }> {
  await t.database.db.updateTable('yml_links').set({ active: false }).where('partner_id', '=', pid).execute();
  const who = path.startsWith('client/') ? 'clients@partner.demo' : 'price@partner.demo';
  const created = (await post(`/v3/api/partner/pricing/yml/${path}/`, { action: 'create' }, who)).json();
  expect(created.SUCCESS).toBe('Y');
  const res = await t.app.inject({ method: 'GET', url: created.ITEMS[0].URL });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
  return { body: res.body, tree: parseTree(res.body) };
}

/** xmllint (libxml2) reads the feed as well-formed XML: .ci/run installs it, so this never skips. */
function xmllint(body: string) {
  const run = spawnSync('xmllint', ['--noout', '-'], { input: body, encoding: 'utf8' });
  expect(run.error, 'xmllint must be installed (apt-get install libxml2-utils; .ci/run does it)').toBeUndefined();
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
}

interface Offer {
  id: string;
  url?: string;
  price?: string;
  oldprice?: string;
  currencyId?: string;
  categoryId?: string;
  name?: string;
  picture?: string;
  vendor?: string;
  vendorCode?: string;
  count?: string;
}

/**
 * The YML rules, checked one by one: the root and its date, the shop's name, company and url, the currencies (RUR at
 * rate 1, each offer's currency declared), the categories (unique, each parent declared), and each offer's required
 * fields (id, url, price, currencyId, categoryId, name) with its categoryId declared and <oldprice> above <price>.
 */
function checkYml(tree: Node) {
  expect(tree.children.map((c) => c.name)).toEqual(['yml_catalog']);
  const catalog = tree.children[0];
  // RFC 3339 to the minute with its zone, and fresh.
  expect(catalog.attrs.date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d(Z|[+-]\d\d:\d\d)$/);
  expect(Math.abs(Date.parse(catalog.attrs.date) - Date.now())).toBeLessThan(5 * 60_000);
  const shop = child(catalog, 'shop')!;
  expect(shop).toBeDefined();
  expect(textOf(shop, 'name')?.trim()).toBeTruthy();
  expect(textOf(shop, 'company')?.trim()).toBeTruthy();
  expect(textOf(shop, 'url')).toMatch(/^https?:\/\/\S+$/);
  // Currencies and categories come before the offers.
  const order = shop.children.map((c) => c.name);
  expect(order.indexOf('currencies')).toBeLessThan(order.indexOf('offers'));
  expect(order.indexOf('categories')).toBeLessThan(order.indexOf('offers'));

  const currencies = new Map(children(child(shop, 'currencies')!, 'currency').map((c) => [c.attrs.id, c.attrs.rate]));
  expect(currencies.get('RUR')).toBe('1');
  expect(children(child(shop, 'currencies')!, 'currency')).toHaveLength(currencies.size);
  for (const rate of currencies.values()) expect(new Decimal(rate).gt(0)).toBe(true);

  const categoryNodes = children(child(shop, 'categories')!, 'category');
  const categories = new Set(categoryNodes.map((c) => c.attrs.id));
  expect(categories.size).toBe(categoryNodes.length);
  for (const c of categoryNodes) {
    expect(c.attrs.id).toMatch(/^[1-9]\d*$/);
    expect(c.text.trim()).toBeTruthy();
    if (c.attrs.parentId !== undefined) expect(categories.has(c.attrs.parentId), `parent of ${c.attrs.id}`).toBe(true);
  }

  const offers: Offer[] = children(child(shop, 'offers')!, 'offer').map((o) => ({
    id: o.attrs.id,
    ...Object.fromEntries(o.children.map((c) => [c.name, c.text])),
  }));
  expect(offers.length).toBeGreaterThan(100);
  expect(new Set(offers.map((o) => o.id)).size).toBe(offers.length);
  for (const o of offers) {
    const what = `offer ${o.id}`;
    expect(o.id, what).toMatch(/^[1-9]\d*$/);
    expect(o.url, what).toMatch(/^https?:\/\/\S+$/);
    expect(o.price, what).toMatch(/^\d+(\.\d{1,2})?$/);
    expect(new Decimal(o.price!).gt(0), what).toBe(true);
    expect(currencies.has(o.currencyId!), what).toBe(true);
    expect(categories.has(o.categoryId!), what).toBe(true);
    expect(o.name?.trim(), what).toBeTruthy();
    if (o.oldprice !== undefined) expect(new Decimal(o.oldprice).gt(o.price!), what).toBe(true);
  }
  return { shop, currencies, offers: new Map(offers.map((o) => [o.id, o])) };
}

/** The running offers' lowest promo price of each product (plain query over offers and offer_products). */
async function runningPromos(): Promise<Map<string, string>> {
  const rows = await sql<{ product_id: string; price: string }>`
    select op.product_id::text, min(op.site_price)::text as price
    from offer_products op join offers o on o.partner_id = op.partner_id and o.id = op.offer_id
    where op.partner_id = ${pid} and op.site_price is not null and o.active and o.date_start <= now()
      and (o.date_end is null or o.date_end > now()) and (o.limit_count is null or o.used_count < o.limit_count)
    group by op.product_id`.execute(t.database.db);
  return new Map(rows.rows.map((r) => [r.product_id, r.price]));
}

/** The engine's regular prices (a list's prices come without offers) of the offers. */
async function regularPrices(target: PriceTarget, ids: string[]) {
  const prices = await priceEngine(t.database.db).prices(pid, target, ids.map(Number));
  return new Map(prices!.map((p) => [String(p.productId), p]));
}

/**
 * A list's feed has the price its buyers pay: the engine's regular price, or a running offer's promo price (shown
 * the list's way: ÷ the rate for a RATE list, rounded to the list's digits) when lower, the regular one then <oldprice>.
 */
async function expectListPrices(offers: Map<string, Offer>, listId: number, show: (promo: Decimal) => Decimal = (p) => p) {
  const regular = await regularPrices({ listId }, [...offers.keys()]);
  const promos = await runningPromos();
  const list = await t.database.db
    .selectFrom('price_lists')
    .select('rounding')
    .where('partner_id', '=', pid)
    .where('id', '=', listId)
    .executeTakeFirstOrThrow();
  const digits = { NO_DECIMAL: 0, ONE_DECIMAL: 1, TWO_DECIMAL: 2 }[list.rounding];
  let promoted = 0;
  let withPromo = 0;
  for (const [id, o] of offers) {
    const price = regular.get(id)!;
    if (promos.has(id)) withPromo++;
    const promo = promos.has(id) ? show(new Decimal(promos.get(id)!)).toDecimalPlaces(digits, Decimal.ROUND_HALF_UP) : undefined;
    if (promo && promo.lt(price.price)) {
      promoted++;
      expect(o.price, `offer ${id}`).toBe(promo.toFixed(digits));
      expect(o.oldprice, `offer ${id}`).toBe(price.price);
    } else {
      expect(o.price, `offer ${id}`).toBe(price.price);
      expect(o.oldprice, `offer ${id}`).toBeUndefined();
    }
  }
  return { promoted, withPromo };
}

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['price@partner.demo', 'clients@partner.demo']) tokens[who] = await t.login(who);
  pid = await partnerIdOf(t.database.db, 'price@partner.demo');
  const lists = await priceListsOf(t.database.db, pid);
  wholesaleId = lists.find((l) => l.name === 'Оптовый прайс')!.id;
  columnId = lists.find((l) => l.kind === 'COLUMN')!.id;
  const shop = await t.database.db.selectFrom('shops').select(['shop_link', 'domain_name']).where('partner_id', '=', pid).executeTakeFirstOrThrow();
  link = (shop.shop_link ?? shop.domain_name)!;
  // The promo oracle shows a promo price as it is (a WITH_VAT shop: no netting).
  expect((await t.database.db.selectFrom('shops').select('tax_type').where('partner_id', '=', pid).executeTakeFirstOrThrow()).tax_type).toBe(
    'WITH_VAT',
  );
});
afterAll(() => t.close());

describe('YML feeds as feed readers read them', () => {
  it("a price list's feed: the YML rules, the shop's product pages and photos, the running offer's promo price with the regular one as oldprice", async () => {
    const { body, tree } = await feedOf(`pricelist/${wholesaleId}`);
    xmllint(body);
    const { shop, currencies, offers } = checkYml(tree);
    expect(textOf(shop, 'url')).toBe(`${BASE}/shop/${encodeURIComponent(link)}/`);
    expect([...currencies]).toEqual([['RUR', '1']]);
    const products = await t.database.db
      .selectFrom('catalog_products as p')
      .leftJoin('catalog_brands as b', 'b.id', 'p.brand_id')
      .select(['p.id', 'p.up_code_1c', 'p.section_id', 'p.name', 'b.name as brand'])
      .where('p.id', 'in', [...offers.keys()].slice(0, 200).map(Number))
      .execute();
    for (const p of products) {
      const o = offers.get(String(p.id))!;
      expect(o.url).toBe(`${BASE}/shop/${encodeURIComponent(link)}/product/${p.id}`);
      expect(o.picture).toBe(`${BASE}${productPhotoPath(p.id)}`);
      expect(o).toMatchObject({ currencyId: 'RUR', categoryId: String(p.section_id), name: p.name, vendorCode: p.up_code_1c });
      expect(o.vendor).toBe(p.brand ?? undefined);
    }
    // The demo's running offer lowers some prices: the feed has them (issue 38.6: 630.78 instead of 536.16).
    expect((await expectListPrices(offers, wholesaleId)).promoted).toBeGreaterThan(0);

    // The picture a reader fetches is an image.
    const picture = await t.app.inject({ method: 'GET', url: offers.values().next().value!.picture!.slice(BASE.length) });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
  });

  it("a column's feed: the YML rules and the column's prices with the promo", async () => {
    const { body, tree } = await feedOf(`column/${columnId}`);
    xmllint(body);
    const { offers } = checkYml(tree);
    // The column's prices are below the offer's: its products with a promo were compared, and keep the column's price.
    expect((await expectListPrices(offers, columnId)).withPromo).toBeGreaterThan(0);
  });

  it("a client's personal feed: the client's prices as the engine answers them (personal price, promo), and the stock where the shop shows it", async () => {
    const client = await insertClient(t.database.db, pid, { name: 'ООО Фид по правилам YML', registeredAt: new Date() });
    const promos = await runningPromos();
    const before = checkYml((await feedOf(`client/${client}/catalog`)).tree);
    const personal = [...before.offers.keys()].find((id) => !promos.has(id))!;
    expect(
      (await post(`/v3/api/partner/pricing/client/${client}/product/${personal}/`, { price: '777,77' }, 'clients@partner.demo')).json().SUCCESS,
    ).toBe('Y');
    await t.database.db.updateTable('shops').set({ show_stock: true }).where('partner_id', '=', pid).execute();

    const { body, tree } = await feedOf(`client/${client}/catalog`);
    xmllint(body);
    const { offers } = checkYml(tree);
    const engine = await regularPrices({ clientId: client }, [...offers.keys()]);
    for (const [id, o] of offers) {
      expect(o.price, `offer ${id}`).toBe(engine.get(id)!.price);
      expect(o.oldprice, `offer ${id}`).toBe(engine.get(id)!.oldPrice ?? undefined);
    }
    expect(offers.get(personal)!.price).toBe('777.77');
    expect([...offers.values()].filter((o) => o.oldprice !== undefined).length).toBeGreaterThan(0);

    // <count>: the partner's own remains, else the nearest warehouse's (the shop's figure), for every offer.
    const stock = await sql<{ id: string; n: string }>`
      select p.id::text, coalesce(r.quantity, st.quantity, 0)::text as n
      from catalog_products p
      left join partner_product_remains r on r.partner_id = ${pid} and r.product_id = p.id
      left join catalog_stock st on st.product_id = p.id
        and st.warehouse_id = (select id from catalog_warehouses order by sort, id limit 1)
      where p.id = any(${[...offers.keys()].map(Number)}::bigint[])`.execute(t.database.db);
    expect(stock.rows).toHaveLength(offers.size);
    for (const r of stock.rows) expect(offers.get(r.id)!.count, `offer ${r.id}`).toBe(r.n);

    await t.database.db.updateTable('shops').set({ show_stock: false }).where('partner_id', '=', pid).execute();
    const hidden = checkYml((await feedOf(`client/${client}/catalog`)).tree);
    expect([...hidden.offers.values()].some((o) => o.count !== undefined)).toBe(false);
  });

  it("a RATE list's feed in a USD shop (rate 92.5) declares RUR at 1 and USD at 92.5, its offers in USD (issue 38.7)", async () => {
    await t.database.db.updateTable('shops').set({ currency: 'USD', currency_rate: '92.5' }).where('partner_id', '=', pid).execute();
    await t.database.db.updateTable('price_lists').set({ unit: 'RATE' }).where('partner_id', '=', pid).where('id', '=', wholesaleId).execute();
    try {
      const { body, tree } = await feedOf(`pricelist/${wholesaleId}`);
      xmllint(body);
      const { currencies, offers } = checkYml(tree);
      expect([...currencies]).toEqual([
        ['RUR', '1'],
        ['USD', '92.5'],
      ]);
      for (const o of offers.values()) expect(o.currencyId).toBe('USD');
      // The engine's USD prices; a promo price (roubles) is shown ÷ 92.5 the same way.
      expect((await expectListPrices(offers, wholesaleId, (promo) => promo.div('92.5'))).promoted).toBeGreaterThan(0);
      const regular = await regularPrices({ listId: wholesaleId }, [...offers.keys()].slice(0, 1));
      expect(regular.values().next().value!.currency).toBe('USD');

      // A RUB list of the same shop stays in roubles: RUR only.
      const rub = checkYml((await feedOf(`column/${columnId}`)).tree);
      expect([...rub.currencies]).toEqual([['RUR', '1']]);
      for (const o of rub.offers.values()) expect(o.currencyId).toBe('RUR');
    } finally {
      await t.database.db.updateTable('price_lists').set({ unit: 'RUB' }).where('partner_id', '=', pid).where('id', '=', wholesaleId).execute();
      await t.database.db.updateTable('shops').set({ currency: 'RUB', currency_rate: null }).where('partner_id', '=', pid).execute();
    }
  });
});
