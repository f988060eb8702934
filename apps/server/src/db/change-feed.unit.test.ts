import { describe, expect, it } from 'vitest';
import { localChangeFeed, writtenTables } from './change-feed';

describe('change feed', () => {
  it('reads the tables a statement writes, as Kysely and hand-written SQL spell them', () => {
    expect(writtenTables('update "users" set "active" = $1 where "id" = $2')).toEqual(['users']);
    expect(writtenTables('delete from "auth_tokens" where "expires_at" < $1')).toEqual(['auth_tokens']);
    expect(writtenTables('UPDATE users SET name = $1')).toEqual(['users']);
    expect(writtenTables('truncate table only public.users, auth_tokens')).toEqual(['users']);
    expect(writtenTables('with x as (update "auth_tokens" set revoked_at = now() returning 1) select * from x')).toEqual(['auth_tokens']);
    // An insert changes no row read before, unless it updates on conflict.
    expect(writtenTables('insert into "auth_tokens" ("token_hash") values ($1)')).toEqual([]);
    expect(writtenTables('insert into "users" ("id") values ($1) on conflict ("id") do update set "name" = $2')).toEqual(['users']);
    // Reads, row locks and other tables are not writes of these.
    expect(writtenTables('select "id" from "users" where "id" = $1 for update of "users" skip locked')).toEqual([]);
    expect(writtenTables('select 1 from "users" for no key update')).toEqual([]);
    expect(writtenTables('update "users_archive" set x = 1')).toEqual(['users_archive']);
    expect(writtenTables('select * from "users" u join "auth_tokens" t on t.user_id = u.id')).toEqual([]);
  });

  it('tells the watchers of a table this process wrote, and no other', () => {
    const feed = localChangeFeed();
    const told: string[] = [];
    const stop = feed.watch(['users', 'auth_tokens'], () => told.push('sessions'));
    feed.watch(['orders'], () => told.push('orders'));
    feed.seen('select * from "users"');
    feed.seen('update "clients" set name = $1');
    expect(told).toEqual([]);
    feed.seen('update "users" set "active" = false where id = $1');
    feed.seen('delete from "orders" where id = $1');
    expect(told).toEqual(['sessions', 'orders']);
    stop();
    feed.seen('update "auth_tokens" set revoked_at = now()');
    expect(told).toEqual(['sessions', 'orders']);
    expect(feed.live()).toBe(true);
  });
});
