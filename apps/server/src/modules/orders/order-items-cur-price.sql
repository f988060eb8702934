-- An order line written without cur_price (the price the buyer agreed to, in the order's currency) gets its price:
-- right for a rouble order; order placement, the only writer of other currencies, always gives it (migration 0045).

create or replace function order_items_cur_price_default() returns trigger language plpgsql as $$
begin
  new.cur_price := new.price;
  return new;
end
$$;

drop trigger if exists order_items_cur_price_default on order_items;
create trigger order_items_cur_price_default before insert on order_items
  for each row when (new.cur_price is null) execute function order_items_cur_price_default();
