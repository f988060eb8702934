-- catalog_section_counts: how many active products each catalogue section holds (its own, not its children's), for
-- the pricing page's section tree (it counted 100,000 products on every request). One upsert per section and
-- statement, so a catalogue load of thousands of rows costs a few.

create or replace function catalog_section_counts_apply() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    insert into catalog_section_counts (section_id, active_products)
    select section_id, - count(*) from old_rows where active group by section_id
    on conflict (section_id) do update set active_products = catalog_section_counts.active_products + excluded.active_products;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into catalog_section_counts (section_id, active_products)
    select section_id, count(*) from new_rows where active group by section_id
    on conflict (section_id) do update set active_products = catalog_section_counts.active_products + excluded.active_products;
  end if;
  return null;
end
$$;

drop trigger if exists catalog_section_counts_delete on catalog_products;
create trigger catalog_section_counts_delete after delete on catalog_products referencing old table as old_rows
  for each statement execute function catalog_section_counts_apply();
drop trigger if exists catalog_section_counts_insert on catalog_products;
create trigger catalog_section_counts_insert after insert on catalog_products referencing new table as new_rows
  for each statement execute function catalog_section_counts_apply();
drop trigger if exists catalog_section_counts_update on catalog_products;
create trigger catalog_section_counts_update after update on catalog_products referencing old table as old_rows new table as new_rows
  for each statement execute function catalog_section_counts_apply();
