import { sql, type Kysely } from 'kysely';

/**
 * How many active products each catalogue section holds (its own, not its children's), kept current by
 * statement-level triggers on catalog_products (one aggregate per statement, so a catalogue load of thousands of rows
 * costs one upsert per section). The pricing page's section tree read it from 100,000 products on every request
 * (46 ms of its 47).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ddl = (s: string) => sql.raw(s).execute(db);
  await ddl(`
    create table catalog_section_counts (
      section_id bigint primary key references catalog_sections(id) on delete cascade,
      active_products integer not null
    )`);
  const apply = (rows: string, sign: string) => `
    insert into catalog_section_counts (section_id, active_products)
    select section_id, ${sign} count(*) from ${rows} where active group by section_id
    on conflict (section_id) do update set active_products = catalog_section_counts.active_products + excluded.active_products;`;
  await ddl(`
    create function catalog_section_counts_apply() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then ${apply('old_rows', '-')} end if;
      if tg_op in ('INSERT', 'UPDATE') then ${apply('new_rows', '')} end if;
      return null;
    end $$`);
  await ddl(`
    create trigger catalog_section_counts_insert after insert on catalog_products referencing new table as new_rows
    for each statement execute function catalog_section_counts_apply()`);
  await ddl(`
    create trigger catalog_section_counts_update after update on catalog_products referencing old table as old_rows new table as new_rows
    for each statement execute function catalog_section_counts_apply()`);
  await ddl(`
    create trigger catalog_section_counts_delete after delete on catalog_products referencing old table as old_rows
    for each statement execute function catalog_section_counts_apply()`);
  await ddl(`
    insert into catalog_section_counts (section_id, active_products)
    select section_id, count(*) from catalog_products where active group by section_id`);
}

export async function down(db: Kysely<any>): Promise<void> {
  const ddl = (s: string) => sql.raw(s).execute(db);
  for (const op of ['insert', 'update', 'delete']) await ddl(`drop trigger catalog_section_counts_${op} on catalog_products`);
  await ddl(`drop function catalog_section_counts_apply()`);
  await ddl(`drop table catalog_section_counts`);
}
