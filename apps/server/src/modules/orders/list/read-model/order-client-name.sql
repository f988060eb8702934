-- Each order carries its client's name (orders.client_name), so that the order list searches and sorts by it on
-- one table: set when an order is written or moves to another client, rewritten when the client is renamed.

create or replace function orders_set_client_name() returns trigger language plpgsql as $$
begin
  select c.name into new.client_name from clients c where c.partner_id = new.partner_id and c.id = new.client_id;
  return new;
end
$$;

create or replace function clients_rename_orders() returns trigger language plpgsql as $$
begin
  update orders set client_name = new.name where partner_id = new.partner_id and client_id = new.id;
  return null;
end
$$;

drop trigger if exists orders_client_name on orders;
create trigger orders_client_name before insert or update of client_id on orders
  for each row execute function orders_set_client_name();

drop trigger if exists clients_rename_orders on clients;
create trigger clients_rename_orders after update of name on clients
  for each row when (old.name is distinct from new.name) execute function clients_rename_orders();
