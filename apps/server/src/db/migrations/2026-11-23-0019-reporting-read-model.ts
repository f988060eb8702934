import { sql, type Kysely } from 'kysely';

/*
 * The reporting read model (issue 16): the manager's reports read sales from these tables only, never by joining a
 * million orders with their items on each request. An order counts as a sale unless it is CANCELED; it is counted on
 * its Moscow calendar day, ISO week and month, so that a period reads whole months, then whole weeks, then days.
 * Money is kept exact in ten-thousandths of a rouble as bigint (summing integers is several times faster than
 * NUMERIC over the hundreds of thousands of rows of a long period).
 *
 * - report_sales_{day,week,month}: per partner, period and product: orders, quantity, revenue_e4 and cost_e4;
 * - report_clients_{day,week,month}: per partner, period and client: orders and revenue_e4;
 * - report_partner_day: per partner and day: orders, revenue, cost, and the canceled orders.
 *
 * Statement-level triggers with transition tables keep them current (one aggregate per statement): items added to an
 * order add to its day; an order that becomes CANCELED (or stops being so) moves its contribution out (or in); a
 * change of an order's sums or client moves its contribution. Orders are never deleted (their items follow them).
 */

const MONEY = 'numeric(18,4)';

const GRAINS = ['day', 'week', 'month'] as const;
const start = (grain: string, alias: string) =>
  grain === 'day'
    ? `(${alias}.created_at at time zone 'Europe/Moscow')::date`
    : `date_trunc('${grain}', ${alias}.created_at at time zone 'Europe/Moscow')::date`;
const day = (alias: string) => start('day', alias);
const e4 = (money: string) => `(${money} * 10000)::bigint`;

/** Upserts rows of (keys…, values…) into a table whose primary key is the keys, adding the values. */
function upsert(table: string, keys: string[], values: string[], select: string): string {
  const columns = [...keys, ...values].join(', ');
  const adds = values.map((v) => `${v} = ${table}.${v} + excluded.${v}`).join(', ');
  return `insert into ${table} (${columns}) ${select} on conflict (${keys.join(', ')}) do update set ${adds};`;
}

/** The sales of items `items` (with their orders `o`) added with sign `sign`, per day and per month. */
function salesUpsert(items: string, orders: string, sign: string): string {
  return GRAINS.map((grain) =>
    upsert(
      `report_sales_${grain}`,
      ['partner_id', grain, 'product_id'],
      ['orders', 'quantity', 'revenue_e4', 'cost_e4'],
      `select i.partner_id, ${start(grain, 'o')}, i.product_id, ${sign} * count(*), ${sign} * sum(i.quantity), ${sign} * sum(${e4('i.price * i.quantity')}), ${sign} * sum(${e4('i.buying_price * i.quantity')})
         from ${items} i join ${orders} o on o.partner_id = i.partner_id and o.id = i.order_id
         where o.status <> 'CANCELED'
         group by 1, 2, 3 order by 1, 2, 3`,
    ),
  ).join('\n');
}

/** The orders `rows` added with sign `sign` to the clients' and partners' tables. */
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

export async function up(db: Kysely<any>): Promise<void> {
  const ddl = (s: string) => sql.raw(s).execute(db);
  for (const grain of GRAINS) {
    await ddl(`
      create table report_sales_${grain} (
        partner_id bigint not null references partners(id),
        ${grain} date not null,
        product_id bigint not null,
        orders integer not null,
        quantity bigint not null,
        revenue_e4 bigint not null,
        cost_e4 bigint not null,
        primary key (partner_id, ${grain}, product_id)
      )`);
    await ddl(`
      create table report_clients_${grain} (
        partner_id bigint not null references partners(id),
        ${grain} date not null,
        client_id bigint not null,
        orders integer not null,
        revenue_e4 bigint not null,
        primary key (partner_id, ${grain}, client_id)
      )`);
    // The platform-wide reports read by period first.
    await ddl(`create index report_sales_${grain}_period_idx on report_sales_${grain} (${grain})`);
    await ddl(`create index report_clients_${grain}_period_idx on report_clients_${grain} (${grain})`);
  }
  await ddl(`
    create table report_partner_day (
      partner_id bigint not null references partners(id),
      day date not null,
      orders integer not null,
      revenue ${MONEY} not null,
      cost ${MONEY} not null,
      canceled integer not null,
      primary key (partner_id, day)
    )`);
  await ddl(`create index orders_canceled_idx on orders (created_at) where status = 'CANCELED'`);

  await ddl(`
    create function report_items_apply() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        ${salesUpsert('new_rows', 'orders', '1')}
      end if;
      return null;
    end $$`);
  await ddl(`
    create trigger report_items_insert after insert on order_items referencing new table as new_rows
    for each statement execute function report_items_apply()`);

  await ddl(`
    create function report_orders_apply() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        ${ordersUpsert('new_rows', '1')}
      elsif tg_op = 'UPDATE' then
        ${ordersUpsert('old_rows', '-1')}
        ${ordersUpsert('new_rows', '1')}
        -- Items of orders that became CANCELED leave the sales; those of orders restored come back.
        ${salesUpsert(`(select i.* from order_items i join old_rows x on x.partner_id = i.partner_id and x.id = i.order_id join new_rows y on y.partner_id = x.partner_id and y.id = x.id where x.status <> 'CANCELED' and y.status = 'CANCELED')`, 'old_rows', '-1')}
        ${salesUpsert(`(select i.* from order_items i join old_rows x on x.partner_id = i.partner_id and x.id = i.order_id join new_rows y on y.partner_id = x.partner_id and y.id = x.id where x.status = 'CANCELED' and y.status <> 'CANCELED')`, 'new_rows', '1')}
      end if;
      return null;
    end $$`);
  await ddl(`
    create trigger report_orders_insert after insert on orders referencing new table as new_rows
    for each statement execute function report_orders_apply()`);
  await ddl(`
    create trigger report_orders_update after update on orders referencing old table as old_rows new table as new_rows
    for each statement execute function report_orders_apply()`);

  // The orders and items already there (one statement at a time: a prepared query holds one).
  for (const statement of [salesUpsert('order_items', 'orders', '1'), ordersUpsert('orders', '1')].join('\n').split(';\n')) {
    if (statement.trim()) await ddl(statement.replace(/;\s*$/, ''));
  }
  for (const grain of GRAINS) await ddl(`analyze report_sales_${grain}, report_clients_${grain}`);
}

export async function down(db: Kysely<any>): Promise<void> {
  const ddl = (s: string) => sql.raw(s).execute(db);
  await ddl(`drop trigger report_orders_update on orders`);
  await ddl(`drop trigger report_orders_insert on orders`);
  await ddl(`drop trigger report_items_insert on order_items`);
  await ddl(`drop function report_orders_apply()`);
  await ddl(`drop function report_items_apply()`);
  await ddl(`drop index orders_canceled_idx`);
  await ddl(`drop table report_partner_day`);
  for (const grain of GRAINS) await ddl(`drop table report_clients_${grain}, report_sales_${grain}`);
}
