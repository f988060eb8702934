-- A price list's loaded rows (price_list_products, by the hundred thousand from one price file) have their product
-- and list checked once per statement, over all the rows it wrote, instead of two foreign keys checking each row; a
-- list's removal takes its rows along and a product with loaded prices is not removed, as the keys did. `offset 0`
-- keeps the product test a lookup per row: the planner knows nothing of a transition table's size.

create or replace function catalog_products_keep_loaded_prices() returns trigger language plpgsql as $$
begin
  if exists (select 1 from changed o join price_list_products x on x.product_id = o.id) then
    raise foreign_key_violation using message = 'catalog_products: a removed product has prices loaded in a price list';
  end if;
  return null;
end
$$;

create or replace function price_list_products_check_references() returns trigger language plpgsql as $$
begin
  if exists (select 1 from changed n where not exists (select 1 from catalog_products p where p.id = n.product_id offset 0)) then
    raise foreign_key_violation using message = 'price_list_products: a row names a product that does not exist';
  end if;
  if exists (
    select 1 from (select distinct partner_id, price_list_id from changed) n
    where not exists (select 1 from price_lists l where l.partner_id = n.partner_id and l.id = n.price_list_id)
  ) then
    raise foreign_key_violation using message = 'price_list_products: a row names a price list that does not exist';
  end if;
  return null;
end
$$;

create or replace function price_lists_delete_loaded_rows() returns trigger language plpgsql as $$
begin
  delete from price_list_products x using changed o where x.partner_id = o.partner_id and x.price_list_id = o.id;
  return null;
end
$$;

drop trigger if exists catalog_products_keep_loaded_prices_delete on catalog_products;
create trigger catalog_products_keep_loaded_prices_delete after delete on catalog_products referencing old table as changed
  for each statement execute function catalog_products_keep_loaded_prices();

drop trigger if exists price_list_products_check_references_insert on price_list_products;
create trigger price_list_products_check_references_insert after insert on price_list_products referencing new table as changed
  for each statement execute function price_list_products_check_references();
drop trigger if exists price_list_products_check_references_update on price_list_products;
create trigger price_list_products_check_references_update after update on price_list_products referencing new table as changed
  for each statement execute function price_list_products_check_references();

drop trigger if exists price_lists_delete_loaded_rows_delete on price_lists;
create trigger price_lists_delete_loaded_rows_delete after delete on price_lists referencing old table as changed
  for each statement execute function price_lists_delete_loaded_rows();
