import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogAnswer } from '@b2b/contracts/storefront';
import { buildShopCounts } from './shop-catalog-counts';
import { isProductCode, shopCatalogRepo } from './shop-catalog.repo';
import { bearer, createTestApp, shopToken, type TestApp } from '@/test/test-app';
import { partnerIdOf } from '../clients/clients-test-fixtures';
import { referenceShopCatalog } from './shop-catalog.reference';

/*
 * Issue 40 §3: the buyer's catalogue page as the service answers it (the kept section counts and first pages, a page
 * across sections, the name index's search, a code's or a brand's page counted with it, the count asked apart past
 * the last match, the whole catalogue's count of a section's search) equals the plain reference query over the base
 * tables: the same products in the same order, the same NAV and section. The demo catalogue gets generated products
 * (names with equal words, LIKE's own characters, inactive ones), stock at the nearest and another warehouse, the
 * partner's remains, sections hidden in the base list; the shop's assortment flips between BASE and EXTENDED, and
 * between requests products are switched off and on, moved, restocked and sections shown or hidden (what is kept
 * under the shop's versions must follow).
 * Prices are the price engine's own tests'. CATALOG_SEED=<seed> replays a failure.
 */

let t: TestApp;
let buyer: string;
let pid: number;
let sectionIds: number[];
let hiddenIds: number[];
let brandIds: number[];
let texts: string[];
let generatedIds: number[];
let nearest: number;
let baseListId: number;

const SEED = process.env.CATALOG_SEED ? Number(process.env.CATALOG_SEED) : 400_013;
const sample = <T>(arb: fc.Arbitrary<T>, n: number, seed = SEED) => fc.sample(arb, { seed, numRuns: n });

const WORDS = ['Ручка', 'ручка', 'Бумага', 'Ёлка', 'клей-карандаш', '100%', 'под_черк', 'a\\b', 'A4', 'Степлер'];
/** Broad texts, LIKE's own characters, one letter, none. */
const BROAD = ['а', 'ру', '%', '_', 'a\\b', 'ё', 'a4', 'нет-такого'];

beforeAll(async () => {
  t = await createTestApp();
  buyer = await shopToken(t);
  const db = t.database.db;
  pid = await partnerIdOf(db, 'owner@partner.demo');

  const sections = await db.selectFrom('catalog_sections').select(['id', 'parent_id']).orderBy('id').execute();
  sectionIds = sections.map((s) => Number(s.id));
  brandIds = (await db.selectFrom('catalog_brands').select('id').orderBy('id').execute()).map((b) => Number(b.id));
  const warehouses = (await db.selectFrom('catalog_warehouses').select('id').orderBy('sort').orderBy('id').execute()).map((w) => Number(w.id));

  const product = fc.record({
    words: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }),
    section: fc.constantFrom(...sectionIds),
    brand: fc.option(fc.constantFrom(...brandIds), { nil: null }),
    active: fc.nat(9).map((n) => n > 0),
    stock: fc.option(fc.tuple(fc.constantFrom(...warehouses), fc.integer({ min: 0, max: 3 })), { nil: null }),
    remains: fc.option(fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }), { nil: undefined }),
  });
  const generated = sample(product, 240, SEED + 1);
  const inserted = await db
    .insertInto('catalog_products')
    .values(
      generated.map((p, i) => ({
        up_code_1c: String(990_000 + i),
        name: p.words.join(' '),
        section_id: p.section,
        brand_id: p.brand,
        country_id: null,
        manufacturer_id: null,
        line_id: null,
        preview_picture: null,
        detail_picture: null,
        pictures: JSON.stringify([]),
        purchase_price: '100.00',
        rrc: '150.00',
        active: p.active,
      })),
    )
    .returning('id')
    .execute();
  const ids = inserted.map((r) => Number(r.id));
  generatedIds = ids;
  nearest = warehouses[0];
  const stock = generated.flatMap((p, i) => (p.stock ? [{ product_id: ids[i], warehouse_id: p.stock[0], quantity: p.stock[1] }] : []));
  if (stock.length) await db.insertInto('catalog_stock').values(stock).execute();
  const remains = generated.flatMap((p, i) =>
    p.remains === undefined ? [] : [{ partner_id: pid, product_id: ids[i], quantity: p.remains, multiplicity: null, upload_id: null }],
  );
  if (remains.length) await db.insertInto('partner_product_remains').values(remains).execute();

  // Sections hidden in the base list: a top one (its subsections with it) and two anywhere.
  const base = await db.selectFrom('price_lists').select('id').where('partner_id', '=', pid).where('is_base', '=', true).executeTakeFirstOrThrow();
  baseListId = Number(base.id);
  const tops = sections.filter((s) => s.parent_id === null).map((s) => Number(s.id));
  hiddenIds = [...new Set([tops[tops.length - 1], ...sample(fc.constantFrom(...sectionIds), 2, SEED + 2)])];
  await db
    .deleteFrom('price_section_rates')
    .where('partner_id', '=', pid)
    .where('price_list_id', '=', base.id)
    .where('section_id', 'in', hiddenIds)
    .execute();
  await db
    .insertInto('price_section_rates')
    .values(hiddenIds.map((id) => ({ partner_id: pid, price_list_id: base.id, section_id: id, percent: null, show: false })))
    .execute();

  const names = (await db.selectFrom('catalog_products').select(['name', 'up_code_1c']).orderBy('id').execute()).map((p) => p);
  texts = sample(fc.tuple(fc.constantFrom(...names), fc.nat(30), fc.integer({ min: 1, max: 8 }), fc.nat(3)), 120, SEED + 3).flatMap(
    ([p, from, length, code]) => {
      if (code === 0) return [p.up_code_1c];
      const part = p.name.slice(from % p.name.length, (from % p.name.length) + length).trim();
      return part ? [part] : [];
    },
  );
});
afterAll(() => t?.close());

/** `arb` in one case out of `oneIn`, else undefined. */
const sometimes = <T>(arb: fc.Arbitrary<T>, oneIn: number) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: oneIn - 1 }, { arbitrary: arb, weight: 1 });

const request = fc.record({
  assortment: fc.constantFrom('EXTENDED' as const, 'EXTENDED' as const, 'BASE' as const),
  // An index into the sections, or one of the hidden ones.
  section: sometimes(
    fc.oneof(
      fc.nat(),
      fc.nat().map((n) => -1 - n),
    ),
    2,
  ),
  brand: sometimes(fc.nat(), 4),
  // A slice of a product's name or its code (an index into `texts`), or a broad text.
  text: sometimes(fc.oneof(fc.nat(), fc.constantFrom(...BROAD)), 2),
  limit: fc.constantFrom(12, 24, 36, 48),
  // The first page, an offset near the start, a share of the filter's count (the last pages, past the end), or deep.
  at: fc.oneof(fc.constant(0), fc.nat(60), fc.double({ min: 0, max: 1.1, noNaN: true }), fc.integer({ min: 240, max: 700 })),
  // Before the request: a generated product switched off or on, moved, its stock at the nearest warehouse or the
  // partner's remains set, or a section's SHOW flipped in the base list.
  change: sometimes(fc.tuple(fc.constantFrom('active', 'move', 'stock', 'remains', 'show'), fc.nat(), fc.nat(), fc.integer({ min: 0, max: 2 })), 2),
});

/** Applies a generated change of what the shop sells (as the imports and the pricing page write it). */
async function change([what, p, s, n]: [string, number, number, number]) {
  const db = t.database.db;
  const id = generatedIds[p % generatedIds.length];
  const section = sectionIds[s % sectionIds.length];
  if (what === 'active')
    await db
      .updateTable('catalog_products')
      .set((eb) => ({ active: eb.not('active') }))
      .where('id', '=', id)
      .execute();
  if (what === 'move') await db.updateTable('catalog_products').set({ section_id: section }).where('id', '=', id).execute();
  if (what === 'stock') {
    await db.deleteFrom('catalog_stock').where('product_id', '=', id).where('warehouse_id', '=', nearest).execute();
    await db.insertInto('catalog_stock').values({ product_id: id, warehouse_id: nearest, quantity: n }).execute();
  }
  if (what === 'remains') {
    await db.deleteFrom('partner_product_remains').where('partner_id', '=', pid).where('product_id', '=', id).execute();
    await db
      .insertInto('partner_product_remains')
      .values({ partner_id: pid, product_id: id, quantity: n, multiplicity: null, upload_id: null })
      .execute();
  }
  if (what === 'show') {
    const show = !hiddenIds.includes(section);
    await db
      .insertInto('price_section_rates')
      .values({ partner_id: pid, price_list_id: baseListId, section_id: section, percent: null, show: !show })
      .onConflict((oc) => oc.columns(['partner_id', 'price_list_id', 'section_id']).doUpdateSet({ show: !show }))
      .execute();
    hiddenIds = show ? [...hiddenIds, section] : hiddenIds.filter((h) => h !== section);
  }
}

describe('the shop catalogue equals its reference query', () => {
  it('for random sections, brands, texts and offsets in both assortments: the same products in the same order, the same NAV', async () => {
    const db = t.database.db;
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        await db.updateTable('shops').set({ assortment: r.assortment }).where('partner_id', '=', pid).execute();
        if (r.change) await change(r.change);
        const q = {
          section_id:
            r.section === undefined
              ? undefined
              : r.section >= 0
                ? sectionIds[r.section % sectionIds.length]
                : hiddenIds[(-1 - r.section) % hiddenIds.length],
          brand_id: r.brand === undefined ? undefined : brandIds[r.brand % brandIds.length],
          query: typeof r.text === 'number' ? texts[r.text % texts.length] : r.text,
          limit: r.limit,
          offset: 0,
        };
        const { NAV } = await referenceShopCatalog(db, pid, q);
        q.offset = Number.isInteger(r.at) ? r.at : Math.floor(r.at * NAV.CNT);
        const expected = await referenceShopCatalog(db, pid, q);

        const params = new URLSearchParams();
        for (const [name, v] of Object.entries(q)) if (v !== undefined) params.set(name, String(v));
        const url = `/v3/api/catalog/product/?${params}`;
        const res = await t.app.inject({ url, headers: bearer(buyer) });
        expect(res.statusCode, url).toBe(200);
        const answer = res.json() as CatalogAnswer;
        expect(answer.NAV, url).toEqual(expected.NAV);
        expect(answer.ENTITIES.SECTION, url).toEqual(expected.SECTION);
        expect(
          answer.ITEMS.map((i) => i.ID),
          url,
        ).toEqual(expected.ids);

        const text = q.query?.trim().toLowerCase();
        const counted = Boolean(text) || q.brand_id !== undefined;
        if (!counted) seen.add(q.offset >= 240 ? 'section page, read each time' : 'section page, kept');
        if (text && !isProductCode(text) && expected.ids.length) seen.add('name index');
        if (text && isProductCode(text) && expected.ids.length) seen.add('code');
        if (!text && q.brand_id !== undefined && expected.ids.length) seen.add('brand');
        if (counted && (!text || isProductCode(text)) && q.offset > 0 && q.offset >= expected.NAV.CNT) seen.add('counted apart past the end');
        if (expected.NAV.CNT_CATALOG !== undefined && expected.NAV.CNT_CATALOG > expected.NAV.CNT) seen.add('catalogue count');
        if (q.section_id !== undefined && hiddenIds.includes(q.section_id)) seen.add('hidden section');
        if (r.assortment === 'BASE' && expected.ids.length) seen.add('BASE assortment');
        if (r.change && q.offset < 240) seen.add(`kept pages after a change: ${r.change[0]}`);
      }),
      { numRuns: 150, seed: SEED, verbose: 1 },
    );
    // Not vacuous: every variant was reached.
    expect([...seen].sort()).toEqual(
      [
        'BASE assortment',
        'brand',
        'catalogue count',
        'code',
        'counted apart past the end',
        'hidden section',
        'kept pages after a change: active',
        'kept pages after a change: move',
        'kept pages after a change: remains',
        'kept pages after a change: show',
        'kept pages after a change: stock',
        'name index',
        'section page, kept',
        'section page, read each time',
      ].sort(),
    );
  }, 300_000);

  it('in the database’s own name search (a catalogue past the name index’s size): the same products and counts', async () => {
    const db = t.database.db;
    await db.updateTable('shops').set({ assortment: 'BASE' }).where('partner_id', '=', pid).execute();
    const repo = shopCatalogRepo(db);
    const row = (await repo.scope(pid))!;
    const scope = { ...row, hiddenSections: await repo.hiddenSections(pid, row.baseListId) };
    const tree = buildShopCounts(await repo.sections(), []);
    let found = 0;
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const text = typeof r.text === 'number' ? texts[r.text % texts.length] : (r.text ?? 'ру');
        const q = {
          section_id: r.section === undefined ? undefined : sectionIds[Math.abs(r.section) % sectionIds.length],
          brand_id: r.brand === undefined ? undefined : brandIds[r.brand % brandIds.length],
          query: text.toLowerCase(),
          limit: r.limit,
          offset: Number.isInteger(r.at) ? r.at % 80 : 0,
        };
        const expected = await referenceShopCatalog(db, pid, q);
        const filter = { sectionIds: q.section_id === undefined ? undefined : tree.subtree(q.section_id), brandId: q.brand_id, query: q.query };
        const page = await repo.countedPage(scope, filter, q.limit, q.offset);
        expect(page.rows.map((p) => Number(p.id))).toEqual(expected.ids);
        expect(page.total ?? (await repo.count(scope, filter))).toBe(expected.NAV.CNT);
        if (!isProductCode(q.query) && expected.ids.length) found++;
      }),
      { numRuns: 60, seed: SEED + 10 },
    );
    expect(found).toBeGreaterThan(5);
  }, 300_000);
});
