import { sql, type Kysely } from 'kysely';

/**
 * The shop's catalogue joins each product's stock at the shop's warehouse (the BASE assortment shows only what is in
 * stock): this index reads one warehouse's stock alone, with its quantity, instead of every warehouse's rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index catalog_stock_warehouse_idx on catalog_stock (warehouse_id, product_id) include (quantity)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index catalog_stock_warehouse_idx`.execute(db);
}
