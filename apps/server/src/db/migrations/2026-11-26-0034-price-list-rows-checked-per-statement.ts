import { sql, type Kysely } from 'kysely';

/**
 * A price list's loaded rows (price_list_products) come by the hundred thousand from one price file. Their two foreign
 * keys checked each row on its own — a lookup of the product and of the list, a lock on the product's row and its WAL
 * record: 1.9 s of the 2.6 s a 100,000-line file took to write on PostgreSQL. The same references are now checked
 * once per statement, over all the rows it wrote (one join each), and a list's or a product's removal does what the
 * keys did: a list takes its rows along, a product with loaded prices is not removed. Lists and products are only
 * ever retired here (deleted_at, active), never removed: the row locks the keys took against a removal running at the
 * same moment guarded nothing, and the removal triggers read the whole table, once per statement.
 */
/**
 * Statement triggers of one function: `events` of `table`, each seeing its rows as the transition table `changed`.
 * A row's product is found by key (`offset 0` keeps the test a lookup per row): the planner knows nothing of a
 * transition table's size and hashed the whole catalogue for a chunk of 2,000 rows (30–90 ms a chunk on PGlite).
 */
const TRIGGERS = [
  {
    fn: 'price_list_products_check_references',
    table: 'price_list_products',
    events: ['insert', 'update'],
    rows: 'new',
    body: `
      if exists (select 1 from changed n where not exists (select 1 from catalog_products p where p.id = n.product_id offset 0)) then
        raise foreign_key_violation using message = 'price_list_products: a row names a product that does not exist';
      end if;
      if exists (select 1 from (select distinct partner_id, price_list_id from changed) n
                 where not exists (select 1 from price_lists l where l.partner_id = n.partner_id and l.id = n.price_list_id)) then
        raise foreign_key_violation using message = 'price_list_products: a row names a price list that does not exist';
      end if;`,
  },
  {
    fn: 'price_lists_delete_loaded_rows',
    table: 'price_lists',
    events: ['delete'],
    rows: 'old',
    body: `delete from price_list_products x using changed o where x.partner_id = o.partner_id and x.price_list_id = o.id;`,
  },
  {
    fn: 'catalog_products_keep_loaded_prices',
    table: 'catalog_products',
    events: ['delete'],
    rows: 'old',
    body: `
      if exists (select 1 from changed o join price_list_products x on x.product_id = o.id) then
        raise foreign_key_violation using message = 'catalog_products: a removed product has prices loaded in a price list';
      end if;`,
  },
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table price_list_products drop constraint price_list_products_product_id_fkey`.execute(db);
  await sql`alter table price_list_products drop constraint price_list_products_partner_id_price_list_id_fkey`.execute(db);
  for (const t of TRIGGERS) {
    await sql`create function ${sql.raw(t.fn)}() returns trigger language plpgsql as $$ begin ${sql.raw(t.body)} return null; end $$`.execute(db);
    for (const event of t.events) {
      await sql`create trigger ${sql.raw(`${t.fn}_${event}`)} after ${sql.raw(event)} on ${sql.raw(t.table)}
        referencing ${sql.raw(t.rows)} table as changed for each statement execute function ${sql.raw(t.fn)}()`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of TRIGGERS) {
    for (const event of t.events) await sql`drop trigger ${sql.raw(`${t.fn}_${event}`)} on ${sql.raw(t.table)}`.execute(db);
    await sql`drop function ${sql.raw(t.fn)}()`.execute(db);
  }
  await sql`alter table price_list_products add foreign key (product_id) references catalog_products(id)`.execute(db);
  await sql`alter table price_list_products add foreign key (partner_id, price_list_id) references price_lists(partner_id, id) on delete cascade`.execute(
    db,
  );
}
