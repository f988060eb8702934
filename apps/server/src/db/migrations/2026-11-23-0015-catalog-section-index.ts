import { sql, type Kysely } from 'kysely';

/**
 * A section's products by name (issue 12.10, the pricing page and the shop's catalogue): a leaf section's page is a
 * range of this index instead of a sort of the section's products.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index catalog_products_section_name_idx on catalog_products (section_id, name, id) where active`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index catalog_products_section_name_idx`.execute(db);
}
