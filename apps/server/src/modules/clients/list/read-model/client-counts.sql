-- client_counts: each partner's clients per Moscow registration day and black-list flag, for the client list's
-- counts (100,000 clients are not counted on every page). One aggregate per statement (transition tables).

create or replace function client_counts_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into client_counts (partner_id, day, blacklisted, n)
    select partner_id, (registered_at at time zone 'Europe/Moscow')::date, blacklisted, count(*) from new_rows
    group by 1, 2, 3 order by 1, 2, 3
    on conflict (partner_id, day, blacklisted) do update set n = client_counts.n + excluded.n;
  elsif tg_op = 'DELETE' then
    insert into client_counts (partner_id, day, blacklisted, n)
    select partner_id, (registered_at at time zone 'Europe/Moscow')::date, blacklisted, -count(*) from old_rows
    group by 1, 2, 3 order by 1, 2, 3
    on conflict (partner_id, day, blacklisted) do update set n = client_counts.n + excluded.n;
  else
    insert into client_counts (partner_id, day, blacklisted, n)
    select partner_id, day, blacklisted, sum(d) from (
      select partner_id, (registered_at at time zone 'Europe/Moscow')::date, blacklisted, -1 from old_rows
      union all
      select partner_id, (registered_at at time zone 'Europe/Moscow')::date, blacklisted, 1 from new_rows
    ) moved(partner_id, day, blacklisted, d)
    group by 1, 2, 3 having sum(d) <> 0 order by 1, 2, 3
    on conflict (partner_id, day, blacklisted) do update set n = client_counts.n + excluded.n;
  end if;
  return null;
end
$$;

drop trigger if exists client_counts_insert on clients;
create trigger client_counts_insert after insert on clients referencing new table as new_rows
  for each statement execute function client_counts_apply();
drop trigger if exists client_counts_update on clients;
create trigger client_counts_update after update on clients referencing old table as old_rows new table as new_rows
  for each statement execute function client_counts_apply();
drop trigger if exists client_counts_delete on clients;
create trigger client_counts_delete after delete on clients referencing old table as old_rows
  for each statement execute function client_counts_apply();
