import { sql, type Kysely } from 'kysely';

/**
 * What a shop sells changes only when the distributor's catalogue does (products, sections, warehouses, stock) or the
 * partner's own part of it (its remains, its sections' SHOW): catalog_versions holds a number per partner (0: the
 * distributor's catalogue) that statement-level triggers move on every such change, from one sequence, so a number is
 * never given twice (not even after the tables are emptied). A server keeps each shop's section counts under the two
 * numbers it read them with and counts again only when one moved; the count of a top section read 2,700 products on
 * every catalogue page.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ddl = (s: string) => sql.raw(s).execute(db);
  await ddl(`create sequence catalog_version_seq`);
  await ddl(`create table catalog_versions (partner_id bigint primary key, version bigint not null)`);
  const bump = (partners: string) => `
    insert into catalog_versions (partner_id, version)
    select partner_id, nextval('catalog_version_seq') from (${partners}) changed
    on conflict (partner_id) do update set version = excluded.version;`;
  await ddl(`
    create function catalog_version_bump() returns trigger language plpgsql as $$
    begin
      ${bump('select 0::bigint as partner_id')}
      return null;
    end $$`);
  for (const table of ['catalog_products', 'catalog_sections', 'catalog_stock', 'catalog_warehouses']) {
    await ddl(`
      create trigger ${table}_version after insert or update or delete or truncate on ${table}
      for each statement execute function catalog_version_bump()`);
  }
  await ddl(`
    create function partner_catalog_version_bump() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then ${bump('select distinct partner_id from old_rows')} end if;
      if tg_op = 'INSERT' then ${bump('select distinct partner_id from new_rows')} end if;
      return null;
    end $$`);
  for (const table of ['partner_product_remains', 'price_section_rates']) {
    await ddl(`
      create trigger ${table}_version_insert after insert on ${table} referencing new table as new_rows
      for each statement execute function partner_catalog_version_bump()`);
    await ddl(`
      create trigger ${table}_version_update after update on ${table} referencing old table as old_rows
      for each statement execute function partner_catalog_version_bump()`);
    await ddl(`
      create trigger ${table}_version_delete after delete on ${table} referencing old table as old_rows
      for each statement execute function partner_catalog_version_bump()`);
  }
  await ddl(`insert into catalog_versions (partner_id, version) values (0, nextval('catalog_version_seq'))`);
}

export async function down(db: Kysely<any>): Promise<void> {
  const ddl = (s: string) => sql.raw(s).execute(db);
  for (const table of ['partner_product_remains', 'price_section_rates']) {
    for (const op of ['insert', 'update', 'delete']) await ddl(`drop trigger ${table}_version_${op} on ${table}`);
  }
  for (const table of ['catalog_products', 'catalog_sections', 'catalog_stock', 'catalog_warehouses'])
    await ddl(`drop trigger ${table}_version on ${table}`);
  await ddl(`drop function partner_catalog_version_bump()`);
  await ddl(`drop function catalog_version_bump()`);
  await ddl(`drop table catalog_versions`);
  await ddl(`drop sequence catalog_version_seq`);
}
