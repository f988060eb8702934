import { sql, type Kysely } from 'kysely';

/*
 * Issue 39 §1: the distributor's manager routes an order to another partner. partner_id is the distribution column
 * and never changes: the order is COPIED to the target partner (a new row there, `routed_from_*` naming where it came
 * from) and the source row becomes a tombstone, CANCELED (every report and read model already leaves CANCELED orders
 * out of sales) and marked `routed_to_*`. No foreign key crosses partners: the ids are plain numbers.
 *
 * The source's staff no longer see a tombstone, so the read models that count a partner's orders leave it out:
 * - order_counts (0012) and order_status_counts (0036): a routed row is not counted under any status (the list's
 *   CNT, CNT_ALL, NEW_CNT and the status counts are those of the orders the list shows).
 * - client_order_stats (0012): its LAST_ORDER is the latest order of any status that is not a tombstone; an order
 *   that becomes one makes its client's last order looked up again.
 * - report_partner_day (0019/0041): its `canceled` column counts orders canceled by the partner, not orders routed
 *   away (a routed order is counted once, at the target, as its new order).
 * The trigger functions are replaced whole (frozen here), except report_orders_apply, whose one condition is rewritten
 * in its stored text (0041's definition: a copy would freeze 60 lines to change one), checked to have changed.
 *
 * clients.origin_note: how a client came to be when nobody registered it (a client created by a routing:
 * «Получен от менеджера …»).
 */

const NOT_ROUTED = 'routed_to_order_id is null';

/** 0012's statement triggers' function for a counts model over orders, counting only rows that are not tombstones. */
function countsApply(model: string, columns: string, exprs: string, groups: string): string {
  const upsert = (select: string) => `
        insert into ${model} (${columns}, n) ${select}
        on conflict (${columns}) do update set n = ${model}.n + excluded.n;`;
  return `
    create or replace function ${model}_apply() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        ${upsert(`select ${exprs}, count(*) from new_rows where ${NOT_ROUTED} group by ${groups} order by ${groups}`)}
      elsif tg_op = 'DELETE' then
        ${upsert(`select ${exprs}, -count(*) from old_rows where ${NOT_ROUTED} group by ${groups} order by ${groups}`)}
      else
        ${upsert(`select ${columns}, sum(d) from (
            select ${exprs}, -1 from old_rows where ${NOT_ROUTED} union all select ${exprs}, 1 from new_rows where ${NOT_ROUTED}
          ) moved(${columns}, d) group by ${groups} having sum(d) <> 0 order by ${groups}`)}
      end if;
      return null;
    end $$`;
}

/** 0012's client_order_stats_apply, its last order leaving tombstones out (see the file's comment). */
function clientOrderStatsApply(routed: boolean): string {
  const notRouted = routed ? NOT_ROUTED : 'true';
  const lastOf = `select id, created_at from orders x where x.partner_id = t.partner_id and x.client_id = t.client_id
        and ${routed ? 'x.routed_to_order_id is null' : 'true'} order by created_at desc, id desc limit 1`;
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
      left join lateral (${lastOf}) lo on true
      where s.partner_id = t.partner_id and s.client_id = t.client_id;`;
  // An order moved to another client or date, or routed away: its clients' last orders are looked up again.
  const changed = `
        select o.partner_id, o.client_id, n.client_id as new_client_id from old_rows o
        join new_rows n on n.partner_id = o.partner_id and n.id = o.id
        where n.client_id <> o.client_id or n.created_at <> o.created_at
          ${routed ? 'or (n.routed_to_order_id is not null and o.routed_to_order_id is null)' : ''}`;
  return `
    create or replace function client_order_stats_apply() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        ${addDelta(fromNew)}
        update client_order_stats s set last_order_id = n.id, last_order_at = n.created_at
        from (
          select distinct on (partner_id, client_id) partner_id, client_id, id, created_at from new_rows
          where ${notRouted}
          order by partner_id, client_id, created_at desc, id desc
        ) n
        where s.partner_id = n.partner_id and s.client_id = n.client_id
          and (s.last_order_at is null or (n.created_at, n.id) > (s.last_order_at, s.last_order_id));
      elsif tg_op = 'DELETE' then
        ${addDelta(fromOld)}
        ${lookUpLast('select distinct partner_id, client_id from old_rows')}
      else
        ${addDelta(`${fromNew} union all ${fromOld}`)}
        ${lookUpLast(`select partner_id, client_id from (${changed}) m union select partner_id, new_client_id from (${changed}) m`)}
      end if;
      return null;
    end $$`;
}

const MOSCOW_DAY = `(created_at at time zone 'Europe/Moscow')::date`;

/** report_orders_apply's canceled count, as 0041 wrote it and as it is from here. */
const CANCELED_COUNT = `count(*) filter (where o.status = 'CANCELED')`;
const CANCELED_NOT_ROUTED = `count(*) filter (where o.status = 'CANCELED' and o.routed_to_order_id is null)`;

/** Rewrites one text in a function's stored definition; fails when the text is not there (the definition moved on). */
const rewriteFunction = (name: string, from: string, to: string) => `
  do $do$
  declare src text;
  begin
    select pg_get_functiondef('${name}'::regproc) into src;
    if position($t$${from}$t$ in src) = 0 then
      raise exception '${name}: the text to rewrite is not in its definition';
    end if;
    execute replace(src, $t$${from}$t$, $t$${to}$t$);
  end $do$`;

export async function up(db: Kysely<any>): Promise<void> {
  const ddl = (s: string) => sql.raw(s).execute(db);
  await ddl(`
    alter table orders
      add column routed_to_partner_id bigint,
      add column routed_to_order_id bigint,
      add column routed_at timestamptz,
      add column routed_by bigint,
      add column routed_from_partner_id bigint,
      add column routed_from_order_id bigint`);
  await ddl(`alter table orders add constraint orders_routed_ck check (
    (routed_to_order_id is null) = (routed_to_partner_id is null) and (routed_to_order_id is null or status = 'CANCELED')
    and (routed_from_order_id is null) = (routed_from_partner_id is null))`);
  await ddl(`alter table clients add column origin_note text`);
  await ddl(countsApply('order_status_counts', 'partner_id, status', 'partner_id, status', '1, 2'));
  await ddl(countsApply('order_counts', 'partner_id, day, status', `partner_id, ${MOSCOW_DAY}, status`, '1, 2, 3'));
  await ddl(clientOrderStatsApply(true));
  await ddl(rewriteFunction('report_orders_apply', CANCELED_COUNT, CANCELED_NOT_ROUTED));
}

export async function down(db: Kysely<any>): Promise<void> {
  const ddl = (s: string) => sql.raw(s).execute(db);
  await ddl(rewriteFunction('report_orders_apply', CANCELED_NOT_ROUTED, CANCELED_COUNT));
  await ddl(clientOrderStatsApply(false));
  // 0012's and 0036's functions counted every row: the same functions with a condition every row passes.
  await ddl(countsApply('order_status_counts', 'partner_id, status', 'partner_id, status', '1, 2').replaceAll(NOT_ROUTED, 'true'));
  await ddl(countsApply('order_counts', 'partner_id, day, status', `partner_id, ${MOSCOW_DAY}, status`, '1, 2, 3').replaceAll(NOT_ROUTED, 'true'));
  await ddl(`alter table clients drop column origin_note`);
  await ddl(`alter table orders drop constraint orders_routed_ck`);
  await ddl(`alter table orders drop column routed_to_partner_id, drop column routed_to_order_id, drop column routed_at,
    drop column routed_by, drop column routed_from_partner_id, drop column routed_from_order_id`);
}
