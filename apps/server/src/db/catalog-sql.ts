import { sql } from 'kysely';

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
