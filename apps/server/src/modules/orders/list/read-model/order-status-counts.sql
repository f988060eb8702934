-- order_status_counts: each partner's orders per status (any day), kept like order_counts, so that the list's
-- unfiltered counts read a handful of rows. A routed order's tombstone is counted at the target only.

create or replace function order_status_counts_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into order_status_counts (partner_id, status, n)
    select partner_id, status, count(*) from new_rows where routed_to_order_id is null
    group by 1, 2 order by 1, 2
    on conflict (partner_id, status) do update set n = order_status_counts.n + excluded.n;
  elsif tg_op = 'DELETE' then
    insert into order_status_counts (partner_id, status, n)
    select partner_id, status, -count(*) from old_rows where routed_to_order_id is null
    group by 1, 2 order by 1, 2
    on conflict (partner_id, status) do update set n = order_status_counts.n + excluded.n;
  else
    insert into order_status_counts (partner_id, status, n)
    select partner_id, status, sum(d) from (
      select partner_id, status, -1 from old_rows where routed_to_order_id is null
      union all
      select partner_id, status, 1 from new_rows where routed_to_order_id is null
    ) moved(partner_id, status, d)
    group by 1, 2 having sum(d) <> 0 order by 1, 2
    on conflict (partner_id, status) do update set n = order_status_counts.n + excluded.n;
  end if;
  return null;
end
$$;

drop trigger if exists order_status_counts_insert on orders;
create trigger order_status_counts_insert after insert on orders referencing new table as new_rows
  for each statement execute function order_status_counts_apply();
drop trigger if exists order_status_counts_update on orders;
create trigger order_status_counts_update after update on orders referencing old table as old_rows new table as new_rows
  for each statement execute function order_status_counts_apply();
drop trigger if exists order_status_counts_delete on orders;
create trigger order_status_counts_delete after delete on orders referencing old table as old_rows
  for each statement execute function order_status_counts_apply();
