import { sql, type Kysely } from 'kysely';

/**
 * Offers that change the shop (issue 14): the database itself refuses an offer used past its limit (checkouts claim
 * under a row lock; the check is the last guard), a gift's sum is positive, and the price engine finds a product's
 * running promo prices through an index that leads with the partner and the product.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ddl = (text: string) => sql.raw(text).execute(db);
  await ddl(`alter table offers add constraint offers_limit_ck check (limit_count is null or (limit_count > 0 and used_count <= limit_count))`);
  await ddl(`alter table offers add constraint offers_period_ck check (date_end is null or date_end > date_start)`);
  await ddl(`alter table offer_presents add constraint offer_presents_sum_ck check (sum > 0)`);
  await ddl(`create index offer_products_product_idx on offer_products (partner_id, product_id)`);
  await ddl(`create index offers_running_idx on offers (partner_id, date_start) where active`);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index offers_running_idx`.execute(db);
  await sql`drop index offer_products_product_idx`.execute(db);
  await sql`alter table offer_presents drop constraint offer_presents_sum_ck`.execute(db);
  await sql`alter table offers drop constraint offers_period_ck`.execute(db);
  await sql`alter table offers drop constraint offers_limit_ck`.execute(db);
}
