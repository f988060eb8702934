import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogProduct } from '@b2b/contracts/storefront';
import { bearer, createTestApp, shopToken, type TestApp } from '@/test/test-app';
import { partnerIdOf } from '../clients/clients-test-fixtures';

/*
 * Issue 39 §4: a search in a section that finds nothing there (or fewer than the whole catalogue would) answers, with
 * the section's page, how many the same search finds in the whole catalogue (NAV.CNT_CATALOG), so the shop offers
 * «Искать во всём каталоге». The counts are checked against plain SQL over the products the shop sells.
 */

let t: TestApp;
let buyer: string;
let pid: number;

const page = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/v3/api/catalog/product/?${query}`, headers: bearer(buyer) });
  expect(res.statusCode).toBe(200);
  return res.json() as { ITEMS: CatalogProduct[]; NAV: { CNT: number; CNT_ALL: number; CNT_CATALOG?: number } };
};

/**
 * The oracle: active products of sections the shop does not hide (EXTENDED assortment: all of them), whose name holds
 * the text or whose code is it, under a top section when given (all its depths), of a brand when given.
 */
async function sold(f: { text: string; topSection?: number; brandId?: number }) {
  const { rows } = await sql<{ n: number }>`
    with recursive hidden as (
      select h.section_id as id from price_section_rates h join price_lists l on l.id = h.price_list_id and l.partner_id = h.partner_id
      where h.partner_id = ${pid} and l.is_base and not h.show
      union select c.id from catalog_sections c join hidden on c.parent_id = hidden.id),
    under as (
      select id from catalog_sections where id = ${f.topSection ?? 0}
      union select c.id from catalog_sections c join under on c.parent_id = under.id)
    select count(*)::int as n from catalog_products p
    where p.active and p.section_id not in (select id from hidden)
      and (lower(p.name) like ${`%${f.text}%`} or p.up_code_1c = ${f.text})
      ${f.topSection ? sql`and p.section_id in (select id from under)` : sql``}
      ${f.brandId ? sql`and p.brand_id = ${f.brandId}` : sql``}`.execute(t.database.db);
  return rows[0].n;
}

/** A product the shop sells, the top section it is under and another top section. */
async function productAndOtherSection() {
  const { rows } = await sql<{ id: number; code: string; name: string; brand_id: number | null; top: number; other: number }>`
    with recursive up as (
      select p.id, p.up_code_1c as code, p.name, p.brand_id, s.id as section, s.parent_id from catalog_products p join catalog_sections s on s.id = p.section_id
      where p.active and p.id = (select min(id) from catalog_products where active)
      union all select up.id, up.code, up.name, up.brand_id, s.id, s.parent_id from up join catalog_sections s on s.id = up.parent_id)
    select up.id, up.code, up.name, up.brand_id, up.section as top,
      (select min(o.id) from catalog_sections o where o.parent_id is null and o.id <> up.section) as other
    from up where up.parent_id is null`.execute(t.database.db);
  return rows[0];
}

beforeAll(async () => {
  t = await createTestApp();
  buyer = await shopToken(t);
  pid = await partnerIdOf(t.database.db, 'owner@partner.demo');
  await t.database.db.updateTable('shops').set({ assortment: 'EXTENDED' }).where('partner_id', '=', pid).execute();
});
afterAll(() => t.close());

describe('a search in a section', () => {
  it("answers the whole catalogue's count beside the section's: a product of another section by code and by name", async () => {
    const p = await productAndOtherSection();
    expect(p.other).toBeTruthy();
    // By its 6-digit code in the other section: none there, one in the whole catalogue — the page the link opens.
    const miss = await page(`section_id=${p.other}&query=${p.code}`);
    expect(miss.ITEMS).toEqual([]);
    expect(miss.NAV).toMatchObject({ CNT: 0, CNT_CATALOG: await sold({ text: p.code }) });
    expect(miss.NAV.CNT_CATALOG).toBeGreaterThanOrEqual(1);
    const everywhere = await page(`query=${p.code}`);
    expect(everywhere.ITEMS.map((i) => i.ID)).toContain(Number(p.id));
    expect(everywhere.NAV.CNT).toBe(miss.NAV.CNT_CATALOG);
    expect(everywhere.NAV.CNT_CATALOG).toBeUndefined();

    // By part of its name (the name index), in both sections: each section's count and the catalogue's, as SQL has them.
    const word = p.name.toLowerCase().split(' ')[0].slice(0, 4);
    const whole = await sold({ text: word });
    for (const section of [p.other, p.top]) {
      const found = await page(`section_id=${section}&query=${encodeURIComponent(word.toUpperCase())}`);
      expect(found.NAV).toEqual({ CNT: await sold({ text: word, topSection: section }), CNT_ALL: found.NAV.CNT, CNT_CATALOG: whole });
    }
    expect((await page(`query=${encodeURIComponent(word)}`)).NAV.CNT).toBe(whole);
    // A brand chosen stays chosen: the catalogue's count is of that brand.
    if (p.brand_id !== null) {
      const branded = await page(`section_id=${p.other}&brand_id=${p.brand_id}&query=${encodeURIComponent(word)}`);
      expect(branded.NAV.CNT_CATALOG).toBe(await sold({ text: word, brandId: Number(p.brand_id) }));
    }
  });

  it('answers no catalogue count without a search or without a section; a search finding nothing anywhere counts 0', async () => {
    const p = await productAndOtherSection();
    expect((await page(`section_id=${p.other}`)).NAV.CNT_CATALOG).toBeUndefined();
    expect((await page('query=a')).NAV.CNT_CATALOG).toBeUndefined();
    expect((await page(`section_id=${p.other}&query=${encodeURIComponent('нет-такого-товара')}`)).NAV).toEqual({
      CNT: 0,
      CNT_ALL: 0,
      CNT_CATALOG: 0,
    });
  });
});
