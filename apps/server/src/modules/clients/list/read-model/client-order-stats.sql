-- client_order_stats: each client's order count, sum and average (orders not CANCELED) and last order (any status,
-- not a routed order's tombstone), so that the client list sorts by them without aggregating every order. A new
-- client gets its row at once; orders move the figures by each statement's difference (transition tables).

create or replace function client_order_stats_new_clients() returns trigger language plpgsql as $$
begin
  insert into client_order_stats (partner_id, client_id) select partner_id, id from new_rows order by 1, 2;
  return null;
end
$$;

create or replace function client_order_stats_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    update client_order_stats s set orders_count = s.orders_count + d.cnt, orders_sum = s.orders_sum + d.total
    from (
      select partner_id, client_id,
        sum(case when status <> 'CANCELED' then sign else 0 end)::int as cnt,
        sum(case when status <> 'CANCELED' then sign * position_sum else 0 end) as total
      from (select partner_id, client_id, 1 as sign, status, position_sum from new_rows) moved
      group by 1, 2 order by 1, 2
    ) d
    where s.partner_id = d.partner_id and s.client_id = d.client_id and (d.cnt <> 0 or d.total <> 0);
    -- A newer order becomes the client's last one.
    update client_order_stats s set last_order_id = n.id, last_order_at = n.created_at
    from (
      select distinct on (partner_id, client_id) partner_id, client_id, id, created_at from new_rows
      where routed_to_order_id is null
      order by partner_id, client_id, created_at desc, id desc
    ) n
    where s.partner_id = n.partner_id and s.client_id = n.client_id
      and (s.last_order_at is null or (n.created_at, n.id) > (s.last_order_at, s.last_order_id));
  elsif tg_op = 'DELETE' then
    update client_order_stats s set orders_count = s.orders_count + d.cnt, orders_sum = s.orders_sum + d.total
    from (
      select partner_id, client_id,
        sum(case when status <> 'CANCELED' then sign else 0 end)::int as cnt,
        sum(case when status <> 'CANCELED' then sign * position_sum else 0 end) as total
      from (select partner_id, client_id, -1 as sign, status, position_sum from old_rows) moved
      group by 1, 2 order by 1, 2
    ) d
    where s.partner_id = d.partner_id and s.client_id = d.client_id and (d.cnt <> 0 or d.total <> 0);
    update client_order_stats s set last_order_id = lo.id, last_order_at = lo.created_at
    from (select distinct partner_id, client_id from old_rows) t
    left join lateral (
      select id, created_at from orders x
      where x.partner_id = t.partner_id and x.client_id = t.client_id and x.routed_to_order_id is null
      order by created_at desc, id desc limit 1
    ) lo on true
    where s.partner_id = t.partner_id and s.client_id = t.client_id;
  else
    update client_order_stats s set orders_count = s.orders_count + d.cnt, orders_sum = s.orders_sum + d.total
    from (
      select partner_id, client_id,
        sum(case when status <> 'CANCELED' then sign else 0 end)::int as cnt,
        sum(case when status <> 'CANCELED' then sign * position_sum else 0 end) as total
      from (
        select partner_id, client_id, 1 as sign, status, position_sum from new_rows
        union all
        select partner_id, client_id, -1 as sign, status, position_sum from old_rows
      ) moved
      group by 1, 2 order by 1, 2
    ) d
    where s.partner_id = d.partner_id and s.client_id = d.client_id and (d.cnt <> 0 or d.total <> 0);
    -- An order moved to another client or date, or routed away: both clients' last orders are looked up again.
    update client_order_stats s set last_order_id = lo.id, last_order_at = lo.created_at
    from (
      select partner_id, client_id from (
        select o.partner_id, o.client_id, n.client_id as new_client_id from old_rows o
        join new_rows n on n.partner_id = o.partner_id and n.id = o.id
        where n.client_id <> o.client_id or n.created_at <> o.created_at
          or (n.routed_to_order_id is not null and o.routed_to_order_id is null)
      ) m
      union
      select partner_id, new_client_id from (
        select o.partner_id, o.client_id, n.client_id as new_client_id from old_rows o
        join new_rows n on n.partner_id = o.partner_id and n.id = o.id
        where n.client_id <> o.client_id or n.created_at <> o.created_at
          or (n.routed_to_order_id is not null and o.routed_to_order_id is null)
      ) m
    ) t
    left join lateral (
      select id, created_at from orders x
      where x.partner_id = t.partner_id and x.client_id = t.client_id and x.routed_to_order_id is null
      order by created_at desc, id desc limit 1
    ) lo on true
    where s.partner_id = t.partner_id and s.client_id = t.client_id;
  end if;
  return null;
end
$$;

drop trigger if exists client_order_stats_new_clients on clients;
create trigger client_order_stats_new_clients after insert on clients referencing new table as new_rows
  for each statement execute function client_order_stats_new_clients();

drop trigger if exists client_order_stats_insert on orders;
create trigger client_order_stats_insert after insert on orders referencing new table as new_rows
  for each statement execute function client_order_stats_apply();
drop trigger if exists client_order_stats_update on orders;
create trigger client_order_stats_update after update on orders referencing old table as old_rows new table as new_rows
  for each statement execute function client_order_stats_apply();
drop trigger if exists client_order_stats_delete on orders;
create trigger client_order_stats_delete after delete on orders referencing old table as old_rows
  for each statement execute function client_order_stats_apply();
