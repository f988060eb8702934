import { sql, type Kysely } from 'kysely';

/**
 * «Топ товаров» totals the distinct orders holding any of its rows' products (report_order_sets.products && keys).
 * Over the whole history that read every order's set (900,000 on the large set): 367 ms. On this index the orders
 * holding one of the top products are found from their posting lists and only their rows read: 127 ms (in-process,
 * a busy machine). A short period still reads its days' rows (the planner's choice). No pending list, as every GIN index
 * here (migration 0032): an order's products are in the structure when its insert commits.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index report_order_sets_products_gin on report_order_sets using gin (products) with (fastupdate = off)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index report_order_sets_products_gin`.execute(db);
}
