-- order_counts: each partner's orders per Moscow calendar day and status, for the order list's counts (all orders,
-- the new ones, a status or date filter) without counting the partner's whole history. One aggregate per statement
-- (transition tables), so a bulk insert costs one upsert per (day, status). An order routed to another partner
-- (routed_to_order_id set: a tombstone) is counted at the target only.

create or replace function order_counts_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into order_counts (partner_id, day, status, n)
    select partner_id, (created_at at time zone 'Europe/Moscow')::date, status, count(*)
    from new_rows where routed_to_order_id is null
    group by 1, 2, 3 order by 1, 2, 3
    on conflict (partner_id, day, status) do update set n = order_counts.n + excluded.n;
  elsif tg_op = 'DELETE' then
    insert into order_counts (partner_id, day, status, n)
    select partner_id, (created_at at time zone 'Europe/Moscow')::date, status, -count(*)
    from old_rows where routed_to_order_id is null
    group by 1, 2, 3 order by 1, 2, 3
    on conflict (partner_id, day, status) do update set n = order_counts.n + excluded.n;
  else
    insert into order_counts (partner_id, day, status, n)
    select partner_id, day, status, sum(d) from (
      select partner_id, (created_at at time zone 'Europe/Moscow')::date, status, -1 from old_rows where routed_to_order_id is null
      union all
      select partner_id, (created_at at time zone 'Europe/Moscow')::date, status, 1 from new_rows where routed_to_order_id is null
    ) moved(partner_id, day, status, d)
    group by 1, 2, 3 having sum(d) <> 0 order by 1, 2, 3
    on conflict (partner_id, day, status) do update set n = order_counts.n + excluded.n;
  end if;
  return null;
end
$$;

drop trigger if exists order_counts_insert on orders;
create trigger order_counts_insert after insert on orders referencing new table as new_rows
  for each statement execute function order_counts_apply();
drop trigger if exists order_counts_update on orders;
create trigger order_counts_update after update on orders referencing old table as old_rows new table as new_rows
  for each statement execute function order_counts_apply();
drop trigger if exists order_counts_delete on orders;
create trigger order_counts_delete after delete on orders referencing old table as old_rows
  for each statement execute function order_counts_apply();
