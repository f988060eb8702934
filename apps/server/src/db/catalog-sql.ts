import { sql, type RawBuilder } from 'kysely';

/** The ids of a section of the catalogue and of every section under it (sections are at most three deep), as an array. */
export const sectionTreeIds = (sectionId: number) => sql<number[]>`array(
  select c.id from catalog_sections c
  where c.id = ${sectionId} or c.parent_id = ${sectionId}
    or c.parent_id in (select c2.id from catalog_sections c2 where c2.parent_id = ${sectionId}))`;

/**
 * Products (as `p`) under a section of the catalogue at any depth: the subtree's section ids are listed first, so the
 * products are found through their section index rather than by a scan.
 */
export const inSectionTree = (sectionId: number) => sql<boolean>`p.section_id = any(${sectionTreeIds(sectionId)})`;

/**
 * A page by name (then id) of products `p` spread over several sections, without sorting them all: each section
 * gives its first `offset + limit` rows along its (section_id, name, id) index, and only those are sorted. `rows` is
 * the select of one section's products (`p`, with `id` and `name` among its columns, its `from` and a `where`),
 * narrowed here to the section; a top section holds thousands of products, a page needs 24.
 */
export const pageAcrossSections = (sectionIds: RawBuilder<number[]> | number[], rows: RawBuilder<unknown>, limit: number, offset: number) => sql`
  select h.* from unnest(${sectionIds}::bigint[]) as t(section_id)
  cross join lateral (${rows} and p.section_id = t.section_id order by p.name, p.id limit ${limit + offset}) h
  order by h.name, h.id limit ${limit} offset ${offset}`;
