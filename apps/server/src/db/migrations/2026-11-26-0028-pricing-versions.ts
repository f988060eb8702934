import { sql, type Kysely } from 'kysely';

/**
 * Which lists price a client (its column, list, group's list, the base list) and how (the lists' rules, the shop's
 * price type, tax and currency) change only with these tables: pricing_versions holds a number per partner that
 * statement-level triggers move on every change of them, from one sequence (never given twice). The price engine
 * keeps a client's resolved chain under the number it was read with; the product facts (rates, Excel prices,
 * personal and promo prices) are still read for every page.
 */
const TABLES = ['price_lists', 'shops', 'clients', 'client_groups', 'client_group_members'];

export async function up(db: Kysely<any>): Promise<void> {
  const ddl = (s: string) => sql.raw(s).execute(db);
  await ddl(`create sequence pricing_version_seq`);
  await ddl(`create table pricing_versions (partner_id bigint primary key, version bigint not null)`);
  const bump = (rows: string) => `
    insert into pricing_versions (partner_id, version)
    select partner_id, nextval('pricing_version_seq') from (select distinct partner_id from ${rows}) changed
    on conflict (partner_id) do update set version = excluded.version;`;
  await ddl(`
    create function pricing_version_bump() returns trigger language plpgsql as $$
    begin
      if tg_op = 'TRUNCATE' then update pricing_versions set version = nextval('pricing_version_seq'); return null; end if;
      if tg_op in ('UPDATE', 'DELETE') then ${bump('old_rows')} end if;
      if tg_op in ('INSERT', 'UPDATE') then ${bump('new_rows')} end if;
      return null;
    end $$`);
  for (const table of TABLES) {
    await ddl(
      `create trigger ${table}_pricing_insert after insert on ${table} referencing new table as new_rows for each statement execute function pricing_version_bump()`,
    );
    await ddl(
      `create trigger ${table}_pricing_update after update on ${table} referencing old table as old_rows new table as new_rows for each statement execute function pricing_version_bump()`,
    );
    await ddl(
      `create trigger ${table}_pricing_delete after delete on ${table} referencing old table as old_rows for each statement execute function pricing_version_bump()`,
    );
    await ddl(`create trigger ${table}_pricing_truncate after truncate on ${table} for each statement execute function pricing_version_bump()`);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const ddl = (s: string) => sql.raw(s).execute(db);
  for (const table of TABLES) {
    for (const op of ['insert', 'update', 'delete', 'truncate']) await ddl(`drop trigger ${table}_pricing_${op} on ${table}`);
  }
  await ddl(`drop function pricing_version_bump()`);
  await ddl(`drop table pricing_versions`);
  await ddl(`drop sequence pricing_version_seq`);
}
