-- The reporting read model the manager's reports read instead of joining a million orders with their items: an order
-- counts as a sale unless CANCELED, on its Moscow calendar day, ISO week and month; money in ten-thousandths of a
-- rouble as bigint (revenue_e4, cost_e4).
-- - report_sales_{day,week,month}: per partner, period and product: DISTINCT orders, quantity, revenue and cost;
-- - report_clients_{day,week,month}: per partner, period and client: orders and revenue;
-- - report_partner_day: per partner and day: orders, revenue, cost, and the canceled orders (a routed order's
--   tombstone is not one).
-- Items added to an order add to its periods; an order that becomes CANCELED (or stops being so) takes its items out
-- (in) at once; a change of an order's sums or client moves its contribution. Orders are never deleted. A product's
-- order is counted by the statement that adds its first line of that product (a later line of it adds no order).

create or replace function report_items_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into report_sales_day (partner_id, day, product_id, orders, quantity, revenue_e4, cost_e4)
      select i.partner_id, (o.created_at at time zone 'Europe/Moscow')::date, i.product_id,
        1 * count(distinct i.order_id) filter (where not exists (select 1 from order_items j where j.partner_id = i.partner_id
          and j.order_id = i.order_id and j.product_id = i.product_id and j.id not in (select n.id from new_rows n))),
        1 * sum(i.quantity),
        1 * sum((i.price * i.quantity * 10000)::bigint),
        1 * sum((i.buying_price * i.quantity * 10000)::bigint)
      from new_rows i join orders o on o.partner_id = i.partner_id and o.id = i.order_id
      where o.status <> 'CANCELED'
      group by 1, 2, 3 order by 1, 2, 3
      on conflict (partner_id, day, product_id) do update set
        orders = report_sales_day.orders + excluded.orders,
        quantity = report_sales_day.quantity + excluded.quantity,
        revenue_e4 = report_sales_day.revenue_e4 + excluded.revenue_e4,
        cost_e4 = report_sales_day.cost_e4 + excluded.cost_e4;
    insert into report_sales_week (partner_id, week, product_id, orders, quantity, revenue_e4, cost_e4)
      select i.partner_id, date_trunc('week', o.created_at at time zone 'Europe/Moscow')::date, i.product_id,
        1 * count(distinct i.order_id) filter (where not exists (select 1 from order_items j where j.partner_id = i.partner_id
          and j.order_id = i.order_id and j.product_id = i.product_id and j.id not in (select n.id from new_rows n))),
        1 * sum(i.quantity),
        1 * sum((i.price * i.quantity * 10000)::bigint),
        1 * sum((i.buying_price * i.quantity * 10000)::bigint)
      from new_rows i join orders o on o.partner_id = i.partner_id and o.id = i.order_id
      where o.status <> 'CANCELED'
      group by 1, 2, 3 order by 1, 2, 3
      on conflict (partner_id, week, product_id) do update set
        orders = report_sales_week.orders + excluded.orders,
        quantity = report_sales_week.quantity + excluded.quantity,
        revenue_e4 = report_sales_week.revenue_e4 + excluded.revenue_e4,
        cost_e4 = report_sales_week.cost_e4 + excluded.cost_e4;
    insert into report_sales_month (partner_id, month, product_id, orders, quantity, revenue_e4, cost_e4)
      select i.partner_id, date_trunc('month', o.created_at at time zone 'Europe/Moscow')::date, i.product_id,
        1 * count(distinct i.order_id) filter (where not exists (select 1 from order_items j where j.partner_id = i.partner_id
          and j.order_id = i.order_id and j.product_id = i.product_id and j.id not in (select n.id from new_rows n))),
        1 * sum(i.quantity),
        1 * sum((i.price * i.quantity * 10000)::bigint),
        1 * sum((i.buying_price * i.quantity * 10000)::bigint)
      from new_rows i join orders o on o.partner_id = i.partner_id and o.id = i.order_id
      where o.status <> 'CANCELED'
      group by 1, 2, 3 order by 1, 2, 3
      on conflict (partner_id, month, product_id) do update set
        orders = report_sales_month.orders + excluded.orders,
        quantity = report_sales_month.quantity + excluded.quantity,
        revenue_e4 = report_sales_month.revenue_e4 + excluded.revenue_e4,
        cost_e4 = report_sales_month.cost_e4 + excluded.cost_e4;
  end if;
  return null;
end
$$;

create or replace function report_orders_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into report_clients_day (partner_id, day, client_id, orders, revenue_e4)
      select o.partner_id, (o.created_at at time zone 'Europe/Moscow')::date, o.client_id, 1 * count(*), 1 * sum((o.position_sum * 10000)::bigint)
      from new_rows o
      where o.status <> 'CANCELED'
      group by 1, 2, 3 order by 1, 2, 3
      on conflict (partner_id, day, client_id) do update set
        orders = report_clients_day.orders + excluded.orders,
        revenue_e4 = report_clients_day.revenue_e4 + excluded.revenue_e4;
    insert into report_clients_week (partner_id, week, client_id, orders, revenue_e4)
      select o.partner_id, date_trunc('week', o.created_at at time zone 'Europe/Moscow')::date, o.client_id,
        1 * count(*),
        1 * sum((o.position_sum * 10000)::bigint)
      from new_rows o
      where o.status <> 'CANCELED'
      group by 1, 2, 3 order by 1, 2, 3
      on conflict (partner_id, week, client_id) do update set
        orders = report_clients_week.orders + excluded.orders,
        revenue_e4 = report_clients_week.revenue_e4 + excluded.revenue_e4;
    insert into report_clients_month (partner_id, month, client_id, orders, revenue_e4)
      select o.partner_id, date_trunc('month', o.created_at at time zone 'Europe/Moscow')::date, o.client_id,
        1 * count(*),
        1 * sum((o.position_sum * 10000)::bigint)
      from new_rows o
      where o.status <> 'CANCELED'
      group by 1, 2, 3 order by 1, 2, 3
      on conflict (partner_id, month, client_id) do update set
        orders = report_clients_month.orders + excluded.orders,
        revenue_e4 = report_clients_month.revenue_e4 + excluded.revenue_e4;
    insert into report_partner_day (partner_id, day, orders, revenue, cost, canceled)
      select o.partner_id, (o.created_at at time zone 'Europe/Moscow')::date,
        1 * count(*) filter (where o.status <> 'CANCELED'),
        1 * coalesce(sum(o.position_sum) filter (where o.status <> 'CANCELED'), 0),
        1 * coalesce(sum(o.purchase_sum) filter (where o.status <> 'CANCELED'), 0),
        1 * count(*) filter (where o.status = 'CANCELED' and o.routed_to_order_id is null)
      from new_rows o
      group by 1, 2 order by 1, 2
      on conflict (partner_id, day) do update set
        orders = report_partner_day.orders + excluded.orders,
        revenue = report_partner_day.revenue + excluded.revenue,
        cost = report_partner_day.cost + excluded.cost,
        canceled = report_partner_day.canceled + excluded.canceled;
  elsif tg_op = 'UPDATE' then
    insert into report_clients_day (partner_id, day, client_id, orders, revenue_e4)
      select o.partner_id, (o.created_at at time zone 'Europe/Moscow')::date, o.client_id, -1 * count(*), -1 * sum((o.position_sum * 10000)::bigint)
      from old_rows o
      where o.status <> 'CANCELED'
      group by 1, 2, 3 order by 1, 2, 3
      on conflict (partner_id, day, client_id) do update set
        orders = report_clients_day.orders + excluded.orders,
        revenue_e4 = report_clients_day.revenue_e4 + excluded.revenue_e4;
    insert into report_clients_week (partner_id, week, client_id, orders, revenue_e4)
      select o.partner_id, date_trunc('week', o.created_at at time zone 'Europe/Moscow')::date, o.client_id,
        -1 * count(*),
        -1 * sum((o.position_sum * 10000)::bigint)
      from old_rows o
      where o.status <> 'CANCELED'
      group by 1, 2, 3 order by 1, 2, 3
      on conflict (partner_id, week, client_id) do update set
        orders = report_clients_week.orders + excluded.orders,
        revenue_e4 = report_clients_week.revenue_e4 + excluded.revenue_e4;
    insert into report_clients_month (partner_id, month, client_id, orders, revenue_e4)
      select o.partner_id, date_trunc('month', o.created_at at time zone 'Europe/Moscow')::date, o.client_id,
        -1 * count(*),
        -1 * sum((o.position_sum * 10000)::bigint)
      from old_rows o
      where o.status <> 'CANCELED'
      group by 1, 2, 3 order by 1, 2, 3
      on conflict (partner_id, month, client_id) do update set
        orders = report_clients_month.orders + excluded.orders,
        revenue_e4 = report_clients_month.revenue_e4 + excluded.revenue_e4;
    insert into report_partner_day (partner_id, day, orders, revenue, cost, canceled)
      select o.partner_id, (o.created_at at time zone 'Europe/Moscow')::date,
        -1 * count(*) filter (where o.status <> 'CANCELED'),
        -1 * coalesce(sum(o.position_sum) filter (where o.status <> 'CANCELED'), 0),
        -1 * coalesce(sum(o.purchase_sum) filter (where o.status <> 'CANCELED'), 0),
        -1 * count(*) filter (where o.status = 'CANCELED' and o.routed_to_order_id is null)
      from old_rows o
      group by 1, 2 order by 1, 2
      on conflict (partner_id, day) do update set
        orders = report_partner_day.orders + excluded.orders,
        revenue = report_partner_day.revenue + excluded.revenue,
        cost = report_partner_day.cost + excluded.cost,
        canceled = report_partner_day.canceled + excluded.canceled;
    insert into report_clients_day (partner_id, day, client_id, orders, revenue_e4)
      select o.partner_id, (o.created_at at time zone 'Europe/Moscow')::date, o.client_id, 1 * count(*), 1 * sum((o.position_sum * 10000)::bigint)
      from new_rows o
      where o.status <> 'CANCELED'
      group by 1, 2, 3 order by 1, 2, 3
      on conflict (partner_id, day, client_id) do update set
        orders = report_clients_day.orders + excluded.orders,
        revenue_e4 = report_clients_day.revenue_e4 + excluded.revenue_e4;
    insert into report_clients_week (partner_id, week, client_id, orders, revenue_e4)
      select o.partner_id, date_trunc('week', o.created_at at time zone 'Europe/Moscow')::date, o.client_id,
        1 * count(*),
        1 * sum((o.position_sum * 10000)::bigint)
      from new_rows o
      where o.status <> 'CANCELED'
      group by 1, 2, 3 order by 1, 2, 3
      on conflict (partner_id, week, client_id) do update set
        orders = report_clients_week.orders + excluded.orders,
        revenue_e4 = report_clients_week.revenue_e4 + excluded.revenue_e4;
    insert into report_clients_month (partner_id, month, client_id, orders, revenue_e4)
      select o.partner_id, date_trunc('month', o.created_at at time zone 'Europe/Moscow')::date, o.client_id,
        1 * count(*),
        1 * sum((o.position_sum * 10000)::bigint)
      from new_rows o
      where o.status <> 'CANCELED'
      group by 1, 2, 3 order by 1, 2, 3
      on conflict (partner_id, month, client_id) do update set
        orders = report_clients_month.orders + excluded.orders,
        revenue_e4 = report_clients_month.revenue_e4 + excluded.revenue_e4;
    insert into report_partner_day (partner_id, day, orders, revenue, cost, canceled)
      select o.partner_id, (o.created_at at time zone 'Europe/Moscow')::date,
        1 * count(*) filter (where o.status <> 'CANCELED'),
        1 * coalesce(sum(o.position_sum) filter (where o.status <> 'CANCELED'), 0),
        1 * coalesce(sum(o.purchase_sum) filter (where o.status <> 'CANCELED'), 0),
        1 * count(*) filter (where o.status = 'CANCELED' and o.routed_to_order_id is null)
      from new_rows o
      group by 1, 2 order by 1, 2
      on conflict (partner_id, day) do update set
        orders = report_partner_day.orders + excluded.orders,
        revenue = report_partner_day.revenue + excluded.revenue,
        cost = report_partner_day.cost + excluded.cost,
        canceled = report_partner_day.canceled + excluded.canceled;
    -- Items of orders that became CANCELED leave the sales; those of orders restored come back.
    insert into report_sales_day (partner_id, day, product_id, orders, quantity, revenue_e4, cost_e4)
      select i.partner_id, (o.created_at at time zone 'Europe/Moscow')::date, i.product_id,
        -1 * count(distinct i.order_id),
        -1 * sum(i.quantity),
        -1 * sum((i.price * i.quantity * 10000)::bigint),
        -1 * sum((i.buying_price * i.quantity * 10000)::bigint)
      from (select i.* from order_items i join old_rows x on x.partner_id = i.partner_id and x.id = i.order_id join new_rows y on y.partner_id = x.partner_id and y.id = x.id where x.status <> 'CANCELED' and y.status = 'CANCELED') i join old_rows o on o.partner_id = i.partner_id and o.id = i.order_id
      where o.status <> 'CANCELED'
      group by 1, 2, 3 order by 1, 2, 3
      on conflict (partner_id, day, product_id) do update set
        orders = report_sales_day.orders + excluded.orders,
        quantity = report_sales_day.quantity + excluded.quantity,
        revenue_e4 = report_sales_day.revenue_e4 + excluded.revenue_e4,
        cost_e4 = report_sales_day.cost_e4 + excluded.cost_e4;
    insert into report_sales_week (partner_id, week, product_id, orders, quantity, revenue_e4, cost_e4)
      select i.partner_id, date_trunc('week', o.created_at at time zone 'Europe/Moscow')::date, i.product_id,
        -1 * count(distinct i.order_id),
        -1 * sum(i.quantity),
        -1 * sum((i.price * i.quantity * 10000)::bigint),
        -1 * sum((i.buying_price * i.quantity * 10000)::bigint)
      from (select i.* from order_items i join old_rows x on x.partner_id = i.partner_id and x.id = i.order_id join new_rows y on y.partner_id = x.partner_id and y.id = x.id where x.status <> 'CANCELED' and y.status = 'CANCELED') i join old_rows o on o.partner_id = i.partner_id and o.id = i.order_id
      where o.status <> 'CANCELED'
      group by 1, 2, 3 order by 1, 2, 3
      on conflict (partner_id, week, product_id) do update set
        orders = report_sales_week.orders + excluded.orders,
        quantity = report_sales_week.quantity + excluded.quantity,
        revenue_e4 = report_sales_week.revenue_e4 + excluded.revenue_e4,
        cost_e4 = report_sales_week.cost_e4 + excluded.cost_e4;
    insert into report_sales_month (partner_id, month, product_id, orders, quantity, revenue_e4, cost_e4)
      select i.partner_id, date_trunc('month', o.created_at at time zone 'Europe/Moscow')::date, i.product_id,
        -1 * count(distinct i.order_id),
        -1 * sum(i.quantity),
        -1 * sum((i.price * i.quantity * 10000)::bigint),
        -1 * sum((i.buying_price * i.quantity * 10000)::bigint)
      from (select i.* from order_items i join old_rows x on x.partner_id = i.partner_id and x.id = i.order_id join new_rows y on y.partner_id = x.partner_id and y.id = x.id where x.status <> 'CANCELED' and y.status = 'CANCELED') i join old_rows o on o.partner_id = i.partner_id and o.id = i.order_id
      where o.status <> 'CANCELED'
      group by 1, 2, 3 order by 1, 2, 3
      on conflict (partner_id, month, product_id) do update set
        orders = report_sales_month.orders + excluded.orders,
        quantity = report_sales_month.quantity + excluded.quantity,
        revenue_e4 = report_sales_month.revenue_e4 + excluded.revenue_e4,
        cost_e4 = report_sales_month.cost_e4 + excluded.cost_e4;
    insert into report_sales_day (partner_id, day, product_id, orders, quantity, revenue_e4, cost_e4)
      select i.partner_id, (o.created_at at time zone 'Europe/Moscow')::date, i.product_id,
        1 * count(distinct i.order_id),
        1 * sum(i.quantity),
        1 * sum((i.price * i.quantity * 10000)::bigint),
        1 * sum((i.buying_price * i.quantity * 10000)::bigint)
      from (select i.* from order_items i join old_rows x on x.partner_id = i.partner_id and x.id = i.order_id join new_rows y on y.partner_id = x.partner_id and y.id = x.id where x.status = 'CANCELED' and y.status <> 'CANCELED') i join new_rows o on o.partner_id = i.partner_id and o.id = i.order_id
      where o.status <> 'CANCELED'
      group by 1, 2, 3 order by 1, 2, 3
      on conflict (partner_id, day, product_id) do update set
        orders = report_sales_day.orders + excluded.orders,
        quantity = report_sales_day.quantity + excluded.quantity,
        revenue_e4 = report_sales_day.revenue_e4 + excluded.revenue_e4,
        cost_e4 = report_sales_day.cost_e4 + excluded.cost_e4;
    insert into report_sales_week (partner_id, week, product_id, orders, quantity, revenue_e4, cost_e4)
      select i.partner_id, date_trunc('week', o.created_at at time zone 'Europe/Moscow')::date, i.product_id,
        1 * count(distinct i.order_id),
        1 * sum(i.quantity),
        1 * sum((i.price * i.quantity * 10000)::bigint),
        1 * sum((i.buying_price * i.quantity * 10000)::bigint)
      from (select i.* from order_items i join old_rows x on x.partner_id = i.partner_id and x.id = i.order_id join new_rows y on y.partner_id = x.partner_id and y.id = x.id where x.status = 'CANCELED' and y.status <> 'CANCELED') i join new_rows o on o.partner_id = i.partner_id and o.id = i.order_id
      where o.status <> 'CANCELED'
      group by 1, 2, 3 order by 1, 2, 3
      on conflict (partner_id, week, product_id) do update set
        orders = report_sales_week.orders + excluded.orders,
        quantity = report_sales_week.quantity + excluded.quantity,
        revenue_e4 = report_sales_week.revenue_e4 + excluded.revenue_e4,
        cost_e4 = report_sales_week.cost_e4 + excluded.cost_e4;
    insert into report_sales_month (partner_id, month, product_id, orders, quantity, revenue_e4, cost_e4)
      select i.partner_id, date_trunc('month', o.created_at at time zone 'Europe/Moscow')::date, i.product_id,
        1 * count(distinct i.order_id),
        1 * sum(i.quantity),
        1 * sum((i.price * i.quantity * 10000)::bigint),
        1 * sum((i.buying_price * i.quantity * 10000)::bigint)
      from (select i.* from order_items i join old_rows x on x.partner_id = i.partner_id and x.id = i.order_id join new_rows y on y.partner_id = x.partner_id and y.id = x.id where x.status = 'CANCELED' and y.status <> 'CANCELED') i join new_rows o on o.partner_id = i.partner_id and o.id = i.order_id
      where o.status <> 'CANCELED'
      group by 1, 2, 3 order by 1, 2, 3
      on conflict (partner_id, month, product_id) do update set
        orders = report_sales_month.orders + excluded.orders,
        quantity = report_sales_month.quantity + excluded.quantity,
        revenue_e4 = report_sales_month.revenue_e4 + excluded.revenue_e4,
        cost_e4 = report_sales_month.cost_e4 + excluded.cost_e4;
  end if;
  return null;
end
$$;

drop trigger if exists report_items_insert on order_items;
create trigger report_items_insert after insert on order_items referencing new table as new_rows
  for each statement execute function report_items_apply();
drop trigger if exists report_orders_insert on orders;
create trigger report_orders_insert after insert on orders referencing new table as new_rows
  for each statement execute function report_orders_apply();
drop trigger if exists report_orders_update on orders;
create trigger report_orders_update after update on orders referencing old table as old_rows new table as new_rows
  for each statement execute function report_orders_apply();
