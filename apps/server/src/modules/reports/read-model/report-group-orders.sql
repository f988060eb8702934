-- «Продажи по брендам» and «Продажи по разделам» count each group's DISTINCT orders (not CANCELED), per partner,
-- Moscow day / ISO week / month and group, in report_group_orders_{day,week,month}:
-- - kind 'brand': orders holding a line of a product of the brand (group_id 0: products with no brand);
-- - kind 'section': orders holding a line of a product under the top-level section group_id;
-- - kind 'all': orders holding any line (group_id 0).
-- report_order_sets: per order not CANCELED, its day and the sets of its brands and products (a top list's totals).
-- Items added to an order count it for a group only if none of its earlier items is of that group; an order canceled
-- (or restored) takes all its items out (in) at once. Groups follow today's catalogue: a change of a product's brand
-- or section, or of a section's parent, rebuilds the tables from the orders (report_group_orders_rebuild).

create or replace function report_group_orders_rebuild() returns void language plpgsql as $$
begin
  delete from report_group_orders_day;
  delete from report_group_orders_week;
  delete from report_group_orders_month;
  insert into report_group_orders_day (partner_id, day, kind, group_id, orders)
    select l.partner_id, (o.created_at at time zone 'Europe/Moscow')::date, l.kind, l.group_id, 1 * count(distinct l.order_id)
    from (select i.partner_id, i.order_id, g.kind, g.group_id
      from order_items i
      join catalog_products p on p.id = i.product_id
      join catalog_sections s1 on s1.id = p.section_id
      left join catalog_sections s2 on s2.id = s1.parent_id
      left join catalog_sections s3 on s3.id = s2.parent_id
      cross join lateral (values ('brand', coalesce(p.brand_id, 0)), ('section', coalesce(s3.id, s2.id, s1.id)), ('all', 0)) g(kind, group_id)) l
    join orders o on o.partner_id = l.partner_id and o.id = l.order_id
    where o.status <> 'CANCELED'
    group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (partner_id, kind, day, group_id) do update set
      orders = report_group_orders_day.orders + excluded.orders;
  insert into report_group_orders_week (partner_id, week, kind, group_id, orders)
    select l.partner_id, date_trunc('week', o.created_at at time zone 'Europe/Moscow')::date, l.kind, l.group_id, 1 * count(distinct l.order_id)
    from (select i.partner_id, i.order_id, g.kind, g.group_id
      from order_items i
      join catalog_products p on p.id = i.product_id
      join catalog_sections s1 on s1.id = p.section_id
      left join catalog_sections s2 on s2.id = s1.parent_id
      left join catalog_sections s3 on s3.id = s2.parent_id
      cross join lateral (values ('brand', coalesce(p.brand_id, 0)), ('section', coalesce(s3.id, s2.id, s1.id)), ('all', 0)) g(kind, group_id)) l
    join orders o on o.partner_id = l.partner_id and o.id = l.order_id
    where o.status <> 'CANCELED'
    group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (partner_id, kind, week, group_id) do update set
      orders = report_group_orders_week.orders + excluded.orders;
  insert into report_group_orders_month (partner_id, month, kind, group_id, orders)
    select l.partner_id, date_trunc('month', o.created_at at time zone 'Europe/Moscow')::date, l.kind, l.group_id, 1 * count(distinct l.order_id)
    from (select i.partner_id, i.order_id, g.kind, g.group_id
      from order_items i
      join catalog_products p on p.id = i.product_id
      join catalog_sections s1 on s1.id = p.section_id
      left join catalog_sections s2 on s2.id = s1.parent_id
      left join catalog_sections s3 on s3.id = s2.parent_id
      cross join lateral (values ('brand', coalesce(p.brand_id, 0)), ('section', coalesce(s3.id, s2.id, s1.id)), ('all', 0)) g(kind, group_id)) l
    join orders o on o.partner_id = l.partner_id and o.id = l.order_id
    where o.status <> 'CANCELED'
    group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (partner_id, kind, month, group_id) do update set
      orders = report_group_orders_month.orders + excluded.orders;
  delete from report_order_sets;
  insert into report_order_sets (partner_id, order_id, day, brands, products)
    select o.partner_id, o.id, (o.created_at at time zone 'Europe/Moscow')::date,
    array_agg(distinct coalesce(p.brand_id, 0) order by coalesce(p.brand_id, 0)), array_agg(distinct i.product_id order by i.product_id)
    from orders o join order_items i on i.partner_id = o.partner_id and i.order_id = o.id
    join catalog_products p on p.id = i.product_id
    where o.status <> 'CANCELED'
    group by 1, 2, 3
    on conflict (partner_id, order_id) do update set brands = excluded.brands, products = excluded.products;
end
$$;

create or replace function report_group_items_apply() returns trigger language plpgsql as $$
begin
  -- The new lines' groups less those an earlier line of the same order already counts, found once for the three
  -- grains. (An anti-join of each new line's groups against the order's earlier lines, per grain, was quadratic in
  -- the lines: a 50-line order's lines took 186 ms to insert on the large set, 3 × 45 ms of it here; now 20 ms.)
  with line_groups as materialized (
    select distinct i.partner_id, i.order_id, g.kind, g.group_id
    from new_rows i
    join catalog_products p on p.id = i.product_id
    join catalog_sections s1 on s1.id = p.section_id
    left join catalog_sections s2 on s2.id = s1.parent_id
    left join catalog_sections s3 on s3.id = s2.parent_id
    cross join lateral (values ('brand', coalesce(p.brand_id, 0)), ('section', coalesce(s3.id, s2.id, s1.id)), ('all', 0)) g(kind, group_id)
  ), earlier as materialized (
    select distinct j.partner_id, j.order_id, g.kind, g.group_id
    from order_items j
    join (select distinct partner_id, order_id from new_rows) n on n.partner_id = j.partner_id and n.order_id = j.order_id
    join catalog_products p on p.id = j.product_id
    join catalog_sections s1 on s1.id = p.section_id
    left join catalog_sections s2 on s2.id = s1.parent_id
    left join catalog_sections s3 on s3.id = s2.parent_id
    cross join lateral (values ('brand', coalesce(p.brand_id, 0)), ('section', coalesce(s3.id, s2.id, s1.id)), ('all', 0)) g(kind, group_id)
    where j.id not in (select id from new_rows)
  ), counted as materialized (
    select l.partner_id, l.order_id, o.created_at at time zone 'Europe/Moscow' as at, l.kind, l.group_id
    from line_groups l
    join orders o on o.partner_id = l.partner_id and o.id = l.order_id
    where o.status <> 'CANCELED'
      and not exists (select 1 from earlier e where e.partner_id = l.partner_id and e.order_id = l.order_id and e.kind = l.kind and e.group_id = l.group_id)
  ), by_day as (
    insert into report_group_orders_day (partner_id, day, kind, group_id, orders)
      select partner_id, at::date, kind, group_id, count(distinct order_id) from counted group by 1, 2, 3, 4 order by 1, 2, 3, 4
      on conflict (partner_id, kind, day, group_id) do update set orders = report_group_orders_day.orders + excluded.orders
  ), by_week as (
    insert into report_group_orders_week (partner_id, week, kind, group_id, orders)
      select partner_id, date_trunc('week', at)::date, kind, group_id, count(distinct order_id) from counted group by 1, 2, 3, 4 order by 1, 2, 3, 4
      on conflict (partner_id, kind, week, group_id) do update set orders = report_group_orders_week.orders + excluded.orders
  )
  insert into report_group_orders_month (partner_id, month, kind, group_id, orders)
    select partner_id, date_trunc('month', at)::date, kind, group_id, count(distinct order_id) from counted group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (partner_id, kind, month, group_id) do update set orders = report_group_orders_month.orders + excluded.orders;
  insert into report_order_sets (partner_id, order_id, day, brands, products)
    select o.partner_id, o.id, (o.created_at at time zone 'Europe/Moscow')::date,
    array_agg(distinct coalesce(p.brand_id, 0) order by coalesce(p.brand_id, 0)), array_agg(distinct i.product_id order by i.product_id)
    from (select * from orders x where exists (select 1 from new_rows n where n.partner_id = x.partner_id and n.order_id = x.id)) o join order_items i on i.partner_id = o.partner_id and i.order_id = o.id
    join catalog_products p on p.id = i.product_id
    where o.status <> 'CANCELED'
    group by 1, 2, 3
    on conflict (partner_id, order_id) do update set brands = excluded.brands, products = excluded.products;
  return null;
end
$$;

create or replace function report_group_orders_apply() returns trigger language plpgsql as $$
begin
  insert into report_group_orders_day (partner_id, day, kind, group_id, orders)
    select l.partner_id, (o.created_at at time zone 'Europe/Moscow')::date, l.kind, l.group_id, -1 * count(distinct l.order_id)
    from (select i.partner_id, i.order_id, g.kind, g.group_id
      from (select i.* from order_items i join old_rows x on x.partner_id = i.partner_id and x.id = i.order_id
        join new_rows y on y.partner_id = x.partner_id and y.id = x.id
        where x.status <> 'CANCELED' and y.status = 'CANCELED') i
      join catalog_products p on p.id = i.product_id
      join catalog_sections s1 on s1.id = p.section_id
      left join catalog_sections s2 on s2.id = s1.parent_id
      left join catalog_sections s3 on s3.id = s2.parent_id
      cross join lateral (values ('brand', coalesce(p.brand_id, 0)), ('section', coalesce(s3.id, s2.id, s1.id)), ('all', 0)) g(kind, group_id)) l
    join old_rows o on o.partner_id = l.partner_id and o.id = l.order_id
    where o.status <> 'CANCELED'
    group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (partner_id, kind, day, group_id) do update set
      orders = report_group_orders_day.orders + excluded.orders;
  insert into report_group_orders_week (partner_id, week, kind, group_id, orders)
    select l.partner_id, date_trunc('week', o.created_at at time zone 'Europe/Moscow')::date, l.kind, l.group_id, -1 * count(distinct l.order_id)
    from (select i.partner_id, i.order_id, g.kind, g.group_id
      from (select i.* from order_items i join old_rows x on x.partner_id = i.partner_id and x.id = i.order_id
        join new_rows y on y.partner_id = x.partner_id and y.id = x.id
        where x.status <> 'CANCELED' and y.status = 'CANCELED') i
      join catalog_products p on p.id = i.product_id
      join catalog_sections s1 on s1.id = p.section_id
      left join catalog_sections s2 on s2.id = s1.parent_id
      left join catalog_sections s3 on s3.id = s2.parent_id
      cross join lateral (values ('brand', coalesce(p.brand_id, 0)), ('section', coalesce(s3.id, s2.id, s1.id)), ('all', 0)) g(kind, group_id)) l
    join old_rows o on o.partner_id = l.partner_id and o.id = l.order_id
    where o.status <> 'CANCELED'
    group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (partner_id, kind, week, group_id) do update set
      orders = report_group_orders_week.orders + excluded.orders;
  insert into report_group_orders_month (partner_id, month, kind, group_id, orders)
    select l.partner_id, date_trunc('month', o.created_at at time zone 'Europe/Moscow')::date, l.kind, l.group_id, -1 * count(distinct l.order_id)
    from (select i.partner_id, i.order_id, g.kind, g.group_id
      from (select i.* from order_items i join old_rows x on x.partner_id = i.partner_id and x.id = i.order_id
        join new_rows y on y.partner_id = x.partner_id and y.id = x.id
        where x.status <> 'CANCELED' and y.status = 'CANCELED') i
      join catalog_products p on p.id = i.product_id
      join catalog_sections s1 on s1.id = p.section_id
      left join catalog_sections s2 on s2.id = s1.parent_id
      left join catalog_sections s3 on s3.id = s2.parent_id
      cross join lateral (values ('brand', coalesce(p.brand_id, 0)), ('section', coalesce(s3.id, s2.id, s1.id)), ('all', 0)) g(kind, group_id)) l
    join old_rows o on o.partner_id = l.partner_id and o.id = l.order_id
    where o.status <> 'CANCELED'
    group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (partner_id, kind, month, group_id) do update set
      orders = report_group_orders_month.orders + excluded.orders;
  insert into report_group_orders_day (partner_id, day, kind, group_id, orders)
    select l.partner_id, (o.created_at at time zone 'Europe/Moscow')::date, l.kind, l.group_id, 1 * count(distinct l.order_id)
    from (select i.partner_id, i.order_id, g.kind, g.group_id
      from (select i.* from order_items i join old_rows x on x.partner_id = i.partner_id and x.id = i.order_id
        join new_rows y on y.partner_id = x.partner_id and y.id = x.id
        where x.status = 'CANCELED' and y.status <> 'CANCELED') i
      join catalog_products p on p.id = i.product_id
      join catalog_sections s1 on s1.id = p.section_id
      left join catalog_sections s2 on s2.id = s1.parent_id
      left join catalog_sections s3 on s3.id = s2.parent_id
      cross join lateral (values ('brand', coalesce(p.brand_id, 0)), ('section', coalesce(s3.id, s2.id, s1.id)), ('all', 0)) g(kind, group_id)) l
    join new_rows o on o.partner_id = l.partner_id and o.id = l.order_id
    where o.status <> 'CANCELED'
    group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (partner_id, kind, day, group_id) do update set
      orders = report_group_orders_day.orders + excluded.orders;
  insert into report_group_orders_week (partner_id, week, kind, group_id, orders)
    select l.partner_id, date_trunc('week', o.created_at at time zone 'Europe/Moscow')::date, l.kind, l.group_id, 1 * count(distinct l.order_id)
    from (select i.partner_id, i.order_id, g.kind, g.group_id
      from (select i.* from order_items i join old_rows x on x.partner_id = i.partner_id and x.id = i.order_id
        join new_rows y on y.partner_id = x.partner_id and y.id = x.id
        where x.status = 'CANCELED' and y.status <> 'CANCELED') i
      join catalog_products p on p.id = i.product_id
      join catalog_sections s1 on s1.id = p.section_id
      left join catalog_sections s2 on s2.id = s1.parent_id
      left join catalog_sections s3 on s3.id = s2.parent_id
      cross join lateral (values ('brand', coalesce(p.brand_id, 0)), ('section', coalesce(s3.id, s2.id, s1.id)), ('all', 0)) g(kind, group_id)) l
    join new_rows o on o.partner_id = l.partner_id and o.id = l.order_id
    where o.status <> 'CANCELED'
    group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (partner_id, kind, week, group_id) do update set
      orders = report_group_orders_week.orders + excluded.orders;
  insert into report_group_orders_month (partner_id, month, kind, group_id, orders)
    select l.partner_id, date_trunc('month', o.created_at at time zone 'Europe/Moscow')::date, l.kind, l.group_id, 1 * count(distinct l.order_id)
    from (select i.partner_id, i.order_id, g.kind, g.group_id
      from (select i.* from order_items i join old_rows x on x.partner_id = i.partner_id and x.id = i.order_id
        join new_rows y on y.partner_id = x.partner_id and y.id = x.id
        where x.status = 'CANCELED' and y.status <> 'CANCELED') i
      join catalog_products p on p.id = i.product_id
      join catalog_sections s1 on s1.id = p.section_id
      left join catalog_sections s2 on s2.id = s1.parent_id
      left join catalog_sections s3 on s3.id = s2.parent_id
      cross join lateral (values ('brand', coalesce(p.brand_id, 0)), ('section', coalesce(s3.id, s2.id, s1.id)), ('all', 0)) g(kind, group_id)) l
    join new_rows o on o.partner_id = l.partner_id and o.id = l.order_id
    where o.status <> 'CANCELED'
    group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (partner_id, kind, month, group_id) do update set
      orders = report_group_orders_month.orders + excluded.orders;
  delete from report_order_sets s using new_rows y where s.partner_id = y.partner_id and s.order_id = y.id and y.status = 'CANCELED';
  insert into report_order_sets (partner_id, order_id, day, brands, products)
    select o.partner_id, o.id, (o.created_at at time zone 'Europe/Moscow')::date,
    array_agg(distinct coalesce(p.brand_id, 0) order by coalesce(p.brand_id, 0)), array_agg(distinct i.product_id order by i.product_id)
    from (select y.* from old_rows x join new_rows y on y.partner_id = x.partner_id and y.id = x.id where x.status = 'CANCELED' and y.status <> 'CANCELED') o join order_items i on i.partner_id = o.partner_id and i.order_id = o.id
    join catalog_products p on p.id = i.product_id
    where o.status <> 'CANCELED'
    group by 1, 2, 3
    on conflict (partner_id, order_id) do update set brands = excluded.brands, products = excluded.products;
  return null;
end
$$;

create or replace function report_group_catalog_apply() returns trigger language plpgsql as $$
begin
  perform report_group_orders_rebuild();
  return null;
end
$$;

drop trigger if exists report_group_products_update on catalog_products;
create trigger report_group_products_update after update of brand_id, section_id on catalog_products
  for each statement execute function report_group_catalog_apply();
drop trigger if exists report_group_sections_update on catalog_sections;
create trigger report_group_sections_update after update of parent_id on catalog_sections
  for each statement execute function report_group_catalog_apply();
drop trigger if exists report_group_items_insert on order_items;
create trigger report_group_items_insert after insert on order_items referencing new table as new_rows
  for each statement execute function report_group_items_apply();
drop trigger if exists report_group_orders_update on orders;
create trigger report_group_orders_update after update on orders referencing old table as old_rows new table as new_rows
  for each statement execute function report_group_orders_apply();
