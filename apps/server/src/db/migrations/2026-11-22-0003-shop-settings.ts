import { sql, type Kysely } from 'kysely';

/**
 * Shop settings: the default-text toggles of the delivery and payment texts are kept with the shop, and shop
 * links and domains are unique across partners whatever their letter case.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table shops add column about_delivery_default boolean not null default true`.execute(db);
  await sql`alter table shops add column about_payment_default boolean not null default true`.execute(db);
  await sql`create unique index shops_shop_link_lower_uq on shops (lower(shop_link))`.execute(db);
  await sql`create unique index shops_domain_name_lower_uq on shops (lower(domain_name))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index shops_domain_name_lower_uq`.execute(db);
  await sql`drop index shops_shop_link_lower_uq`.execute(db);
  await sql`alter table shops drop column about_payment_default`.execute(db);
  await sql`alter table shops drop column about_delivery_default`.execute(db);
}
