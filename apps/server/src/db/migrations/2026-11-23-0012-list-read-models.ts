import { sql, type Kysely } from 'kysely';

/*
 * Lists at a large supplier's size (issue 11): 1,000,000 orders, 100,000 clients.
 *
 * - Orders carry their client's name (kept current by triggers) and a search text, so that the list searches,
 *   sorts and pages on one table: trigram indexes serve `like '%…%'`, a (partner_id, sort key, id) index each sort.
 * - order_counts: the partner's orders per Moscow calendar day and status. The list's CNT_ALL, NEW_CNT and the
 *   count of a status/date filter read a few hundred rows instead of counting the partner's whole history.
 * - client_order_stats: each client's order count, sum, average and last order, kept current as orders change, so
 *   that the client list sorts by them without aggregating every order.
 * - client_counts: the partner's clients per Moscow registration day and black-list flag, for the client list's CNT
 *   and CNT_ALL (100,000 clients are not counted on every page).
 * They are maintained by statement-level triggers with transition tables: one aggregate per statement, so a bulk
 * insert of a million orders costs one upsert per (day, status) and per client, not one per row.
 */

const MONEY = 'numeric(18,4)';

/** The AFTER INSERT/UPDATE/DELETE statement triggers `{name}_insert|update|delete` on `table` running `{name}_apply()`. */
function statementTriggers(name: string, table: string): string[] {
  const tables = { insert: 'new table as new_rows', update: 'old table as old_rows new table as new_rows', delete: 'old table as old_rows' };
  return Object.entries(tables).map(
    ([op, transition]) => `
    create trigger ${name}_${op} after ${op} on ${table} referencing ${transition}
    for each statement execute function ${name}_apply()`,
  );
}

/**
 * A counts read model `model` (partner_id, keys…, n) over `source`: the function adding each statement's rows per
 * key (minus the rows it removed), its three triggers, and the counts of the rows already there. Each key is a
 * column name of the model and the expression over a source row that gives it.
 */
function countsModel(model: string, source: string, keys: [name: string, expr: string][]): string[] {
  const columns = ['partner_id', ...keys.map(([name]) => name)].join(', ');
  const exprs = ['partner_id', ...keys.map(([, expr]) => expr)].join(', ');
  const groups = ['1', ...keys.map((_k, i) => String(i + 2))].join(', ');
  const upsert = (select: string) => `
        insert into ${model} (${columns}, n) ${select}
        on conflict (${columns}) do update set n = ${model}.n + excluded.n;`;
  const apply = `
    create function ${model}_apply() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        ${upsert(`select ${exprs}, count(*) from new_rows group by ${groups} order by ${groups}`)}
      elsif tg_op = 'DELETE' then
        ${upsert(`select ${exprs}, -count(*) from old_rows group by ${groups} order by ${groups}`)}
      else
        ${upsert(`select ${columns}, sum(d) from (
            select ${exprs}, -1 from old_rows union all select ${exprs}, 1 from new_rows
          ) moved(${columns}, d) group by ${groups} having sum(d) <> 0 order by ${groups}`)}
      end if;
      return null;
    end $$`;
  const existing = `insert into ${model} (${columns}, n) select ${exprs}, count(*) from ${source} group by ${groups}`;
  return [apply, ...statementTriggers(model, source), existing];
}

export async function up(db: Kysely<any>): Promise<void> {
  const ddl = (s: string) => sql.raw(s).execute(db);

  await ddl(`create extension if not exists pg_trgm`);

  // ---------- orders: the client's name, search columns, sort keys ----------
  await ddl(`alter table orders add column client_name text not null default ''`);
  await ddl(`
    update orders o set client_name = c.name
    from clients c where c.partner_id = o.partner_id and c.id = o.client_id`);
  await ddl(`
    create function orders_set_client_name() returns trigger language plpgsql as $$
    begin
      select c.name into new.client_name from clients c where c.partner_id = new.partner_id and c.id = new.client_id;
      return new;
    end $$`);
  await ddl(`
    create trigger orders_client_name before insert or update of client_id on orders
    for each row execute function orders_set_client_name()`);
  await ddl(`
    create function clients_rename_orders() returns trigger language plpgsql as $$
    begin
      update orders set client_name = new.name where partner_id = new.partner_id and client_id = new.id;
      return null;
    end $$`);
  await ddl(`
    create trigger clients_rename_orders after update of name on clients
    for each row when (old.name is distinct from new.name) execute function clients_rename_orders()`);

  // Fields joined by U+0001 (never in a search query: the filter strips control characters), so that a pattern
  // matches inside one field as before: the number, the client's name, the contact e-mail.
  await ddl(`
    alter table orders add column search_text text generated always as
      (lower(order_number || chr(1) || client_name || chr(1) || coalesce(contact_email, ''))) stored`);
  await ddl(`
    alter table orders add column phone_digits text generated always as
      (regexp_replace(coalesce(contact_phone, ''), '[^0-9]', '', 'g')) stored`);
  await ddl(`
    alter table orders add column status_rank smallint generated always as
      (case status when 'NEW' then 1 when 'VIEWED' then 2 when 'IN_BASKET' then 3 when 'COMPLETED' then 4 else 5 end) stored`);
  await ddl(`create index orders_search_trgm on orders using gin (search_text gin_trgm_ops)`);
  await ddl(`create index orders_phone_trgm on orders using gin (phone_digits gin_trgm_ops)`);

  await ddl(`drop index orders_list_idx`);
  await ddl(`drop index orders_status_idx`);
  await ddl(`drop index orders_client_idx`);
  await ddl(`create index orders_list_idx on orders (partner_id, created_at desc, id desc)`);
  await ddl(`create index orders_status_idx on orders (partner_id, status, created_at desc, id desc)`);
  await ddl(`create index orders_client_idx on orders (partner_id, client_id, created_at desc, id desc)`);
  await ddl(`create index orders_status_rank_idx on orders (partner_id, status_rank, id)`);
  await ddl(`create index orders_client_name_idx on orders (partner_id, lower(client_name), id)`);
  await ddl(`create index orders_position_count_idx on orders (partner_id, position_count, id)`);
  await ddl(`create index orders_position_sum_idx on orders (partner_id, position_sum, id)`);

  // ---------- order_counts ----------
  await ddl(`
    create table order_counts (
      partner_id bigint not null references partners(id),
      day date not null,
      status text not null,
      n integer not null,
      primary key (partner_id, day, status)
    )`);
  for (const statement of countsModel('order_counts', 'orders', [
    ['day', `(created_at at time zone 'Europe/Moscow')::date`],
    ['status', 'status'],
  ])) {
    await ddl(statement);
  }

  // ---------- client_counts ----------
  await ddl(`
    create table client_counts (
      partner_id bigint not null references partners(id),
      day date not null,
      blacklisted boolean not null,
      n integer not null,
      primary key (partner_id, day, blacklisted)
    )`);
  for (const statement of countsModel('client_counts', 'clients', [
    ['day', `(registered_at at time zone 'Europe/Moscow')::date`],
    ['blacklisted', 'blacklisted'],
  ])) {
    await ddl(statement);
  }
  // The default sort (registration date) and the black list walk this index.
  await ddl(`create index clients_registered_idx on clients (partner_id, registered_at, id)`);

  // ---------- client_order_stats ----------
  // Orders count toward the count, sum and average unless CANCELED; the last order is the latest of any status.
  await ddl(`
    create table client_order_stats (
      partner_id bigint not null,
      client_id bigint not null,
      orders_count integer not null default 0,
      orders_sum ${MONEY} not null default 0,
      orders_average ${MONEY} generated always as (coalesce(round(orders_sum / nullif(orders_count, 0), 2), 0)) stored,
      last_order_id bigint,
      last_order_at timestamptz,
      primary key (partner_id, client_id),
      foreign key (partner_id, client_id) references clients(partner_id, id) on delete cascade
    )`);
  await ddl(`create index client_order_stats_sum_idx on client_order_stats (partner_id, orders_sum, client_id)`);
  await ddl(`create index client_order_stats_count_idx on client_order_stats (partner_id, orders_count, client_id)`);
  await ddl(`create index client_order_stats_average_idx on client_order_stats (partner_id, orders_average, client_id)`);
  await ddl(`create index client_order_stats_last_idx on client_order_stats (partner_id, last_order_at, client_id)`);
  await ddl(`
    create function client_order_stats_new_clients() returns trigger language plpgsql as $$
    begin
      insert into client_order_stats (partner_id, client_id) select partner_id, id from new_rows order by 1, 2;
      return null;
    end $$`);
  await ddl(`
    create trigger client_order_stats_new_clients after insert on clients referencing new table as new_rows
    for each statement execute function client_order_stats_new_clients()`);
  // Transition tables exist only for their operation (a statement naming old_rows fails in an insert trigger):
  // one branch per operation, each built from the same pieces.
  const fromNew = `select partner_id, client_id, 1 as sign, status, position_sum from new_rows`;
  const fromOld = `select partner_id, client_id, -1 as sign, status, position_sum from old_rows`;
  const addDelta = (moved: string) => `
      update client_order_stats s set orders_count = s.orders_count + d.cnt, orders_sum = s.orders_sum + d.total
      from (
        select partner_id, client_id,
          sum(case when status <> 'CANCELED' then sign else 0 end)::int as cnt,
          sum(case when status <> 'CANCELED' then sign * position_sum else 0 end) as total
        from (${moved}) moved group by 1, 2 order by 1, 2
      ) d
      where s.partner_id = d.partner_id and s.client_id = d.client_id and (d.cnt <> 0 or d.total <> 0);`;
  const lookUpLast = (clients: string) => `
      update client_order_stats s set last_order_id = lo.id, last_order_at = lo.created_at
      from (${clients}) t
      left join lateral (
        select id, created_at from orders x where x.partner_id = t.partner_id and x.client_id = t.client_id
        order by created_at desc, id desc limit 1
      ) lo on true
      where s.partner_id = t.partner_id and s.client_id = t.client_id;`;
  const movedOrders = `
        select o.partner_id, o.client_id, n.client_id as new_client_id from old_rows o
        join new_rows n on n.partner_id = o.partner_id and n.id = o.id
        where n.client_id <> o.client_id or n.created_at <> o.created_at`;
  await ddl(`
    create function client_order_stats_apply() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        ${addDelta(fromNew)}
        -- A newer order becomes the client's last one.
        update client_order_stats s set last_order_id = n.id, last_order_at = n.created_at
        from (
          select distinct on (partner_id, client_id) partner_id, client_id, id, created_at from new_rows
          order by partner_id, client_id, created_at desc, id desc
        ) n
        where s.partner_id = n.partner_id and s.client_id = n.client_id
          and (s.last_order_at is null or (n.created_at, n.id) > (s.last_order_at, s.last_order_id));
      elsif tg_op = 'DELETE' then
        ${addDelta(fromOld)}
        ${lookUpLast('select distinct partner_id, client_id from old_rows')}
      else
        ${addDelta(`${fromNew} union all ${fromOld}`)}
        -- An order moved to another client or date: both clients' last orders are looked up again.
        ${lookUpLast(`select partner_id, client_id from (${movedOrders}) m union select partner_id, new_client_id from (${movedOrders}) m`)}
      end if;
      return null;
    end $$`);
  for (const statement of statementTriggers('client_order_stats', 'orders')) await ddl(statement);
  await ddl(`
    insert into client_order_stats (partner_id, client_id, orders_count, orders_sum, last_order_id, last_order_at)
    select c.partner_id, c.id,
      coalesce(agg.cnt, 0), coalesce(agg.total, 0), lo.id, lo.created_at
    from clients c
    left join lateral (
      select count(*) as cnt, sum(position_sum) as total from orders o
      where o.partner_id = c.partner_id and o.client_id = c.id and o.status <> 'CANCELED'
    ) agg on true
    left join lateral (
      select id, created_at from orders o where o.partner_id = c.partner_id and o.client_id = c.id
      order by created_at desc, id desc limit 1
    ) lo on true`);
}

export async function down(db: Kysely<any>): Promise<void> {
  const ddl = (s: string) => sql.raw(s).execute(db);
  await ddl(`drop table if exists client_order_stats`);
  await ddl(`drop table if exists client_counts`);
  await ddl(`drop function if exists client_counts_apply cascade`);
  await ddl(`drop index if exists clients_registered_idx`);
  await ddl(`drop function if exists client_order_stats_apply cascade`);
  await ddl(`drop function if exists client_order_stats_new_clients cascade`);
  await ddl(`drop table if exists order_counts`);
  await ddl(`drop function if exists order_counts_apply cascade`);
  await ddl(`drop function if exists clients_rename_orders cascade`);
  await ddl(`drop function if exists orders_set_client_name cascade`);
  for (const idx of ['orders_status_rank_idx', 'orders_client_name_idx', 'orders_position_count_idx', 'orders_position_sum_idx']) {
    await ddl(`drop index if exists ${idx}`);
  }
  await ddl(
    `alter table orders drop column if exists search_text, drop column if exists phone_digits, drop column if exists status_rank, drop column if exists client_name`,
  );
}
