import { sql, type Kysely } from 'kysely';

/*
 * Quantities and money within sane bounds (issue 37.4): the database's CHECKs are the last guard behind the
 * contracts' number schemas. A basket (and an order) line holds 1 … 99,999 pieces; an order's total (its goods and
 * delivery) stays within 0 … 999,999,999.99; prices, gift thresholds and statuses' thresholds within 0 … that cap;
 * percents within what a form accepts (-99.99 … 999.99), loyalty multipliers 0 … 1000 %, points percents 0 … 100 %.
 * The values are written out here (frozen): limits.ts holds the same ones for the application.
 *
 * A buyer's basket is a draft: a line past the cap (from before this migration) is taken out. Any other row that
 * breaks its new CHECK is kept as it is (the books are not rewritten by a migration): its CHECK is then added
 * NOT VALID, so it holds for every row written from now on, and is validated by a later migration once the rows
 * are mended.
 */

const CAP = '999999999.99';

const CHECKS: { table: string; name: string; check: string }[] = [
  { table: 'shop_baskets', name: 'shop_baskets_quantity_range', check: 'quantity between 1 and 99999' },
  { table: 'order_items', name: 'order_items_quantity_range', check: 'quantity between 1 and 99999' },
  { table: 'order_items', name: 'order_items_price_range', check: `price between 0 and ${CAP} and buying_price between 0 and ${CAP}` },
  {
    table: 'orders',
    name: 'orders_total_range',
    check: `position_sum >= 0 and delivery_price >= 0 and position_sum + delivery_price <= ${CAP}`,
  },
  { table: 'client_prices', name: 'client_prices_price_range', check: `price <= ${CAP}` },
  {
    table: 'price_list_products',
    name: 'price_list_products_range',
    check: `(site_price is null or site_price between 0 and ${CAP}) and (percent is null or percent between -99.99 and 999.99)`,
  },
  { table: 'price_section_rates', name: 'price_section_rates_percent_range', check: 'percent is null or percent between -99.99 and 999.99' },
  { table: 'price_product_rates', name: 'price_product_rates_percent_range', check: 'percent between -99.99 and 999.99' },
  { table: 'offer_presents', name: 'offer_presents_sum_range', check: `sum > 0 and sum <= ${CAP}` },
  { table: 'offers', name: 'offers_counts_range', check: '(limit_count is null or limit_count >= 1) and used_count >= 0' },
  { table: 'loyalty_statuses', name: 'loyalty_statuses_range', check: `multiplier between 0 and 1000 and threshold between 0 and ${CAP}` },
  { table: 'loyalty_brand_coefficients', name: 'loyalty_brand_coefficients_range', check: 'multiplier between 0 and 1000' },
  { table: 'loyalty_scoring_rules', name: 'loyalty_scoring_rules_range', check: 'points_pct between 0 and 100' },
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`delete from shop_baskets where quantity > 99999`.execute(db);
  for (const { table, name, check } of CHECKS) {
    await sql.raw(`alter table ${table} add constraint ${name} check (${check}) not valid`).execute(db);
    const broken = await sql.raw<{ one: number }>(`select 1 as one from ${table} where not (${check}) limit 1`).execute(db);
    if (!broken.rows.length) await sql.raw(`alter table ${table} validate constraint ${name}`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { table, name } of [...CHECKS].reverse()) await sql.raw(`alter table ${table} drop constraint ${name}`).execute(db);
}
