import { sql, type Kysely } from 'kysely';

/*
 * Issue 38 §7, the one money rule: an order's stored figures are roubles, and each line also keeps the price the buyer
 * agreed to, as the shop showed it, in the order's currency: order_items.cur_price. For a rouble order it is the price;
 * for an order in another currency price = round4(cur_price × the order's rate). The buyer's pages and the card's CUR_*
 * figures sum quantity × cur_price, never roubles ÷ rate.
 *
 * Orders placed in another currency before this (a RATE list of a USD shop) stored the dollars in `price` (while the
 * purchase price was roubles): they are mended — cur_price keeps the dollars, price becomes roubles at the order's rate,
 * and the order's position_sum, purchase_sum and position_margin are summed again from its lines. The reporting read
 * model (migrations 0019/0041) follows: its per-product sales are fed by order_items INSERT triggers only, so their
 * revenue is moved here by the lines' difference (the same per-line rounding the triggers use); the per-client and
 * per-day figures and the clients' order stats (0012) follow the orders' UPDATE by their own triggers.
 *
 * A line written without cur_price (seeds, rouble orders written by hand) gets its price: that is right for a rouble
 * order, and the product's only writer of other currencies (order placement) always gives it.
 */

const GRAINS = ['day', 'week', 'month'] as const;
const start = (grain: string, alias: string) =>
  grain === 'day'
    ? `(${alias}.created_at at time zone 'Europe/Moscow')::date`
    : `date_trunc('${grain}', ${alias}.created_at at time zone 'Europe/Moscow')::date`;
const e4 = (money: string) => `(${money} * 10000)::bigint`;

/** The lines of orders in another currency whose price has not been put in roubles yet (cur_price still null). */
const FOREIGN_LINES = `
  from order_items i join orders o on o.partner_id = i.partner_id and o.id = i.order_id
  where i.cur_price is null and o.currency <> 'RUB' and o.currency_rate > 0 and o.currency_rate <> 1`;

export async function up(db: Kysely<any>): Promise<void> {
  const ddl = (s: string) => sql.raw(s).execute(db);
  await ddl(`alter table order_items add column cur_price numeric(18,4)`);

  // The reports' per-product revenue of the lines about to be mended (not canceled orders): + new − old, per line.
  for (const grain of GRAINS) {
    await ddl(`
      update report_sales_${grain} s set revenue_e4 = s.revenue_e4 + d.delta
      from (
        select i.partner_id, ${start(grain, 'o')} as period, i.product_id,
          sum(${e4('round(i.price * o.currency_rate, 4) * i.quantity')} - ${e4('i.price * i.quantity')}) as delta
        ${FOREIGN_LINES} and o.status <> 'CANCELED'
        group by 1, 2, 3
      ) d
      where s.partner_id = d.partner_id and s.${grain} = d.period and s.product_id = d.product_id`);
  }
  await ddl(`
    update order_items i set cur_price = i.price, price = round(i.price * o.currency_rate, 4)
    from orders o
    where o.partner_id = i.partner_id and o.id = i.order_id and i.cur_price is null
      and o.currency <> 'RUB' and o.currency_rate > 0 and o.currency_rate <> 1`);
  // Their orders' sums from their lines (the orders' UPDATE triggers move the reports' and clients' figures).
  await ddl(`
    update orders o set position_sum = x.sum, purchase_sum = x.purchase, position_margin = x.sum - x.purchase
    from (
      select i.partner_id, i.order_id, sum(i.quantity * i.price) as sum, sum(i.quantity * i.buying_price) as purchase
      from order_items i join orders o on o.partner_id = i.partner_id and o.id = i.order_id
      where o.currency <> 'RUB' and o.currency_rate > 0 and o.currency_rate <> 1
      group by 1, 2
    ) x
    where o.partner_id = x.partner_id and o.id = x.order_id
      and (o.position_sum <> x.sum or o.purchase_sum <> x.purchase or o.position_margin <> x.sum - x.purchase)`);
  await ddl(`update order_items set cur_price = price where cur_price is null`);
  await ddl(`alter table order_items alter column cur_price set not null`);
  await ddl(`alter table order_items add constraint order_items_cur_price_range check (cur_price between 0 and 999999999.99)`);

  await ddl(`
    create function order_items_cur_price_default() returns trigger language plpgsql as $$
    begin
      new.cur_price := new.price;
      return new;
    end $$`);
  // Called only for a line without cur_price (the condition is checked without entering the function).
  await ddl(`
    create trigger order_items_cur_price_default before insert on order_items
    for each row when (new.cur_price is null) execute function order_items_cur_price_default()`);
}

export async function down(db: Kysely<any>): Promise<void> {
  const ddl = (s: string) => sql.raw(s).execute(db);
  await ddl(`drop trigger order_items_cur_price_default on order_items`);
  await ddl(`drop function order_items_cur_price_default()`);
  await ddl(`alter table order_items drop column cur_price`);
}
