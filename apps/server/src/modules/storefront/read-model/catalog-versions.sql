-- catalog_versions: a number per partner (0: the distributor's catalogue), moved (from one sequence, never given
-- twice, not even after the tables are emptied) by every change of what a shop sells: the distributor's products,
-- sections, warehouses and stock, or the partner's own remains and sections' rates. A server keeps each shop's
-- section counts under the two numbers it read them with and counts again only when one moved.

create or replace function catalog_version_bump() returns trigger language plpgsql as $$
begin
  insert into catalog_versions (partner_id, version)
  select partner_id, nextval('catalog_version_seq') from (select 0::bigint as partner_id) changed
  on conflict (partner_id) do update set version = excluded.version;
  return null;
end
$$;

create or replace function partner_catalog_version_bump() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    insert into catalog_versions (partner_id, version)
    select partner_id, nextval('catalog_version_seq') from (select distinct partner_id from old_rows) changed
    on conflict (partner_id) do update set version = excluded.version;
  end if;
  if tg_op = 'INSERT' then
    insert into catalog_versions (partner_id, version)
    select partner_id, nextval('catalog_version_seq') from (select distinct partner_id from new_rows) changed
    on conflict (partner_id) do update set version = excluded.version;
  end if;
  return null;
end
$$;

drop trigger if exists catalog_brands_version on catalog_brands;
create trigger catalog_brands_version after insert or delete or update or truncate on catalog_brands
  for each statement execute function catalog_version_bump();

drop trigger if exists catalog_countries_version on catalog_countries;
create trigger catalog_countries_version after insert or delete or update or truncate on catalog_countries
  for each statement execute function catalog_version_bump();

drop trigger if exists catalog_lines_version on catalog_lines;
create trigger catalog_lines_version after insert or delete or update or truncate on catalog_lines
  for each statement execute function catalog_version_bump();

drop trigger if exists catalog_manufacturers_version on catalog_manufacturers;
create trigger catalog_manufacturers_version after insert or delete or update or truncate on catalog_manufacturers
  for each statement execute function catalog_version_bump();

drop trigger if exists catalog_products_version on catalog_products;
create trigger catalog_products_version after insert or delete or update or truncate on catalog_products
  for each statement execute function catalog_version_bump();

drop trigger if exists catalog_sections_version on catalog_sections;
create trigger catalog_sections_version after insert or delete or update or truncate on catalog_sections
  for each statement execute function catalog_version_bump();

drop trigger if exists catalog_stock_version on catalog_stock;
create trigger catalog_stock_version after insert or delete or update or truncate on catalog_stock
  for each statement execute function catalog_version_bump();

drop trigger if exists catalog_warehouses_version on catalog_warehouses;
create trigger catalog_warehouses_version after insert or delete or update or truncate on catalog_warehouses
  for each statement execute function catalog_version_bump();

drop trigger if exists partner_product_remains_version_delete on partner_product_remains;
create trigger partner_product_remains_version_delete after delete on partner_product_remains referencing old table as old_rows
  for each statement execute function partner_catalog_version_bump();
drop trigger if exists partner_product_remains_version_insert on partner_product_remains;
create trigger partner_product_remains_version_insert after insert on partner_product_remains referencing new table as new_rows
  for each statement execute function partner_catalog_version_bump();
drop trigger if exists partner_product_remains_version_update on partner_product_remains;
create trigger partner_product_remains_version_update after update on partner_product_remains referencing old table as old_rows
  for each statement execute function partner_catalog_version_bump();

drop trigger if exists price_section_rates_version_delete on price_section_rates;
create trigger price_section_rates_version_delete after delete on price_section_rates referencing old table as old_rows
  for each statement execute function partner_catalog_version_bump();
drop trigger if exists price_section_rates_version_insert on price_section_rates;
create trigger price_section_rates_version_insert after insert on price_section_rates referencing new table as new_rows
  for each statement execute function partner_catalog_version_bump();
drop trigger if exists price_section_rates_version_update on price_section_rates;
create trigger price_section_rates_version_update after update on price_section_rates referencing old table as old_rows
  for each statement execute function partner_catalog_version_bump();
