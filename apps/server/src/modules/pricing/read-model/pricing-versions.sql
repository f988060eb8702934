-- pricing_versions: a number per partner, moved (from one sequence, never given twice) by every change of what
-- decides a client's prices: its column, list or group's list, the lists' rules, the shop's price type, tax and
-- currency. The price engine keeps a client's resolved chain under the number it read it with.

create or replace function pricing_version_bump() returns trigger language plpgsql as $$
begin
  if tg_op = 'TRUNCATE' then
    update pricing_versions set version = nextval('pricing_version_seq');
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    insert into pricing_versions (partner_id, version)
    select partner_id, nextval('pricing_version_seq') from (select distinct partner_id from old_rows) changed
    on conflict (partner_id) do update set version = excluded.version;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into pricing_versions (partner_id, version)
    select partner_id, nextval('pricing_version_seq') from (select distinct partner_id from new_rows) changed
    on conflict (partner_id) do update set version = excluded.version;
  end if;
  return null;
end
$$;

drop trigger if exists client_group_members_pricing_delete on client_group_members;
create trigger client_group_members_pricing_delete after delete on client_group_members referencing old table as old_rows
  for each statement execute function pricing_version_bump();
drop trigger if exists client_group_members_pricing_insert on client_group_members;
create trigger client_group_members_pricing_insert after insert on client_group_members referencing new table as new_rows
  for each statement execute function pricing_version_bump();
drop trigger if exists client_group_members_pricing_truncate on client_group_members;
create trigger client_group_members_pricing_truncate after truncate on client_group_members
  for each statement execute function pricing_version_bump();
drop trigger if exists client_group_members_pricing_update on client_group_members;
create trigger client_group_members_pricing_update after update on client_group_members referencing old table as old_rows new table as new_rows
  for each statement execute function pricing_version_bump();

drop trigger if exists client_groups_pricing_delete on client_groups;
create trigger client_groups_pricing_delete after delete on client_groups referencing old table as old_rows
  for each statement execute function pricing_version_bump();
drop trigger if exists client_groups_pricing_insert on client_groups;
create trigger client_groups_pricing_insert after insert on client_groups referencing new table as new_rows
  for each statement execute function pricing_version_bump();
drop trigger if exists client_groups_pricing_truncate on client_groups;
create trigger client_groups_pricing_truncate after truncate on client_groups
  for each statement execute function pricing_version_bump();
drop trigger if exists client_groups_pricing_update on client_groups;
create trigger client_groups_pricing_update after update on client_groups referencing old table as old_rows new table as new_rows
  for each statement execute function pricing_version_bump();

drop trigger if exists clients_pricing_delete on clients;
create trigger clients_pricing_delete after delete on clients referencing old table as old_rows
  for each statement execute function pricing_version_bump();
drop trigger if exists clients_pricing_insert on clients;
create trigger clients_pricing_insert after insert on clients referencing new table as new_rows
  for each statement execute function pricing_version_bump();
drop trigger if exists clients_pricing_truncate on clients;
create trigger clients_pricing_truncate after truncate on clients
  for each statement execute function pricing_version_bump();
drop trigger if exists clients_pricing_update on clients;
create trigger clients_pricing_update after update on clients referencing old table as old_rows new table as new_rows
  for each statement execute function pricing_version_bump();

drop trigger if exists price_lists_pricing_delete on price_lists;
create trigger price_lists_pricing_delete after delete on price_lists referencing old table as old_rows
  for each statement execute function pricing_version_bump();
drop trigger if exists price_lists_pricing_insert on price_lists;
create trigger price_lists_pricing_insert after insert on price_lists referencing new table as new_rows
  for each statement execute function pricing_version_bump();
drop trigger if exists price_lists_pricing_truncate on price_lists;
create trigger price_lists_pricing_truncate after truncate on price_lists
  for each statement execute function pricing_version_bump();
drop trigger if exists price_lists_pricing_update on price_lists;
create trigger price_lists_pricing_update after update on price_lists referencing old table as old_rows new table as new_rows
  for each statement execute function pricing_version_bump();

drop trigger if exists shops_pricing_delete on shops;
create trigger shops_pricing_delete after delete on shops referencing old table as old_rows
  for each statement execute function pricing_version_bump();
drop trigger if exists shops_pricing_insert on shops;
create trigger shops_pricing_insert after insert on shops referencing new table as new_rows
  for each statement execute function pricing_version_bump();
drop trigger if exists shops_pricing_truncate on shops;
create trigger shops_pricing_truncate after truncate on shops
  for each statement execute function pricing_version_bump();
drop trigger if exists shops_pricing_update on shops;
create trigger shops_pricing_update after update on shops referencing old table as old_rows new table as new_rows
  for each statement execute function pricing_version_bump();
