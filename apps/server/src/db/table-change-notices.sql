-- A statement that updates, deletes or truncates `users` or `auth_tokens` sends a notice on the channel
-- `table_changes` (NOTICE_CHANNEL of migration 0035) with the table's name, delivered when its transaction commits:
-- each server process forgets the signed-in sessions it kept (db/change-feed.ts, modules/auth/session-cache.ts).

create or replace function notify_table_change() returns trigger language plpgsql as $$
begin
  perform pg_notify('table_changes', tg_table_name);
  return null;
end
$$;

drop trigger if exists auth_tokens_change_notice on auth_tokens;
create trigger auth_tokens_change_notice after delete or update or truncate on auth_tokens
  for each statement execute function notify_table_change();

drop trigger if exists users_change_notice on users;
create trigger users_change_notice after delete or update or truncate on users
  for each statement execute function notify_table_change();
