import { sql, type Kysely } from 'kysely';

/*
 * Issue 38.2: report_sales_{day,week,month}.orders counted order LINES (count(*) of the items of a product), so
 * «Продажи по партнерам» summed 3 380 lines where the order list had 553 orders. From here a product's row counts the
 * DISTINCT orders that hold it: an order's items are written by one statement (order placement), so the orders
 * distinct within a statement's items are distinct for the product; an order that is canceled (or restored) takes all
 * its items out (in) at once the same way. The existing rows are counted again from the orders and their items.
 * Counts over a set of products (a brand, a section, the whole report) are not sums of these: the reports count
 * those orders themselves (modules/reports/reporting.ts).
 *
 * The trigger functions of migration 0019 are replaced whole (frozen here: this file imports nothing of 0019).
 */

const GRAINS = ['day', 'week', 'month'] as const;
const start = (grain: string, alias: string) =>
  grain === 'day'
    ? `(${alias}.created_at at time zone 'Europe/Moscow')::date`
    : `date_trunc('${grain}', ${alias}.created_at at time zone 'Europe/Moscow')::date`;
const day = (alias: string) => start('day', alias);
const e4 = (money: string) => `(${money} * 10000)::bigint`;

function upsert(table: string, keys: string[], values: string[], select: string): string {
  const columns = [...keys, ...values].join(', ');
  const adds = values.map((v) => `${v} = ${table}.${v} + excluded.${v}`).join(', ');
  return `insert into ${table} (${columns}) ${select} on conflict (${keys.join(', ')}) do update set ${adds};`;
}

/** As 0019's, but a product's orders are its distinct orders, not its lines. */
function salesUpsert(items: string, orders: string, sign: string, distinct: boolean): string {
  const count = distinct ? 'count(distinct i.order_id)' : 'count(*)';
  return GRAINS.map((grain) =>
    upsert(
      `report_sales_${grain}`,
      ['partner_id', grain, 'product_id'],
      ['orders', 'quantity', 'revenue_e4', 'cost_e4'],
      `select i.partner_id, ${start(grain, 'o')}, i.product_id, ${sign} * ${count}, ${sign} * sum(i.quantity), ${sign} * sum(${e4('i.price * i.quantity')}), ${sign} * sum(${e4('i.buying_price * i.quantity')})
       from ${items} i join ${orders} o on o.partner_id = i.partner_id and o.id = i.order_id
       where o.status <> 'CANCELED'
       group by 1, 2, 3 order by 1, 2, 3`,
    ),
  ).join('\n');
}

/** 0019's, unchanged: orders and revenue per client, and per partner and day. */
function ordersUpsert(rows: string, sign: string): string {
  const clients = GRAINS.map((grain) =>
    upsert(
      `report_clients_${grain}`,
      ['partner_id', grain, 'client_id'],
      ['orders', 'revenue_e4'],
      `select o.partner_id, ${start(grain, 'o')}, o.client_id, ${sign} * count(*), ${sign} * sum(${e4('o.position_sum')})
       from ${rows} o where o.status <> 'CANCELED' group by 1, 2, 3 order by 1, 2, 3`,
    ),
  );
  const partners = upsert(
    'report_partner_day',
    ['partner_id', 'day'],
    ['orders', 'revenue', 'cost', 'canceled'],
    `select o.partner_id, ${day('o')},
       ${sign} * count(*) filter (where o.status <> 'CANCELED'),
       ${sign} * coalesce(sum(o.position_sum) filter (where o.status <> 'CANCELED'), 0),
       ${sign} * coalesce(sum(o.purchase_sum) filter (where o.status <> 'CANCELED'), 0),
       ${sign} * count(*) filter (where o.status = 'CANCELED')
     from ${rows} o group by 1, 2 order by 1, 2`,
  );
  return [...clients, partners].join('\n');
}

async function replaceFunctions(db: Kysely<any>, distinct: boolean): Promise<void> {
  const ddl = (s: string) => sql.raw(s).execute(db);
  await ddl(`
    create or replace function report_items_apply() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        ${salesUpsert('new_rows', 'orders', '1', distinct)}
      end if;
      return null;
    end $$`);
  await ddl(`
    create or replace function report_orders_apply() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        ${ordersUpsert('new_rows', '1')}
      elsif tg_op = 'UPDATE' then
        ${ordersUpsert('old_rows', '-1')}
        ${ordersUpsert('new_rows', '1')}
        -- Items of orders that became CANCELED leave the sales; those of orders restored come back.
        ${salesUpsert(`(select i.* from order_items i join old_rows x on x.partner_id = i.partner_id and x.id = i.order_id join new_rows y on y.partner_id = x.partner_id and y.id = x.id where x.status <> 'CANCELED' and y.status = 'CANCELED')`, 'old_rows', '-1', distinct)}
        ${salesUpsert(`(select i.* from order_items i join old_rows x on x.partner_id = i.partner_id and x.id = i.order_id join new_rows y on y.partner_id = x.partner_id and y.id = x.id where x.status = 'CANCELED' and y.status <> 'CANCELED')`, 'new_rows', '1', distinct)}
      end if;
      return null;
    end $$`);
}

/** Every product row's orders counted again from the orders and their items (lines or distinct orders). */
async function recount(db: Kysely<any>, distinct: boolean): Promise<void> {
  const count = distinct ? 'count(distinct i.order_id)' : 'count(*)';
  for (const grain of GRAINS) {
    await sql
      .raw(
        `update report_sales_${grain} s set orders = x.n
         from (
           select i.partner_id, ${start(grain, 'o')} as period, i.product_id, ${count}::int as n
           from order_items i join orders o on o.partner_id = i.partner_id and o.id = i.order_id
           where o.status <> 'CANCELED'
           group by 1, 2, 3
         ) x
         where s.partner_id = x.partner_id and s.${grain} = x.period and s.product_id = x.product_id and s.orders <> x.n`,
      )
      .execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await replaceFunctions(db, true);
  await recount(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  await replaceFunctions(db, false);
  await recount(db, false);
}
