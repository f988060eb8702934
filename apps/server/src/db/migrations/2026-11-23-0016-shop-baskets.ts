import { sql, type Kysely } from 'kysely';

/**
 * The shop (issue 13): each buyer's basket, kept on the server (it follows the buyer from device to device and the
 * commercial offer is built from it), and a trigram index for the catalogue's search by any part of a name.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ddl = (text: string) => sql.raw(text).execute(db);
  await ddl(`
    create table shop_baskets (
      partner_id bigint not null,
      client_id bigint not null,
      product_id bigint not null references catalog_products(id),
      quantity integer not null check (quantity > 0),
      added_at timestamptz not null default now(),
      primary key (partner_id, client_id, product_id),
      foreign key (partner_id, client_id) references clients(partner_id, id) on delete cascade
    )`);
  await ddl(`create index catalog_products_name_trgm_idx on catalog_products using gin (lower(name) gin_trgm_ops)`);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index catalog_products_name_trgm_idx`.execute(db);
  await sql`drop table shop_baskets`.execute(db);
}
