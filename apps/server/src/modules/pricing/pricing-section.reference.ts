import { sql } from 'kysely';
import type { Db } from '@/db/database';

/**
 * Which products the pricing page lists for a section (`GET /v3/api/partner/pricing/section/{type}/{id}/{section}/`,
 * a list's, a column's or a client's alike) in one plain statement over the base tables, no section counts read
 * model, no page across sections: the oracle the tests hold pricing-sections.repo/service to — the same products in
 * the same order, the same counts. Prices are the price engine's own tests'.
 *
 * - The active products of the section and every section below it (any depth), whatever the shop shows.
 * - A text: anywhere in the lower-cased name, or the product's code.
 * - By name, then id; CNT = CNT_ALL the count; undefined for no such section.
 */
export async function referencePricingSection(db: Db, sectionId: number, q: { limit: number; offset: number; query?: string }) {
  const section = await db.selectFrom('catalog_sections').select(['id', 'name']).where('id', '=', sectionId).executeTakeFirst();
  if (!section) return undefined;
  const text = q.query?.trim();
  const matching = sql`
    with recursive under as (
      select id from catalog_sections where id = ${sectionId}
      union
      select c.id from catalog_sections c join under on c.parent_id = under.id)
    select p.id, p.name from catalog_products p
    where p.active and p.section_id in (select id from under)
      ${text ? sql`and (strpos(lower(p.name), lower(${text})) > 0 or p.up_code_1c = ${text})` : sql``}`;
  const rows = await sql<{ id: number }>`select m.id from (${matching}) m order by m.name, m.id limit ${q.limit} offset ${q.offset}`.execute(db);
  const { n } = (await sql<{ n: number }>`select count(*)::int as n from (${matching}) m`.execute(db)).rows[0];
  return {
    ids: rows.rows.map((r) => Number(r.id)),
    NAV: { CNT: Number(n), CNT_ALL: Number(n) },
    SECTION: { ID: Number(section.id), NAME: section.name },
  };
}
