import { sql, type RawBuilder } from 'kysely';
import type { Db } from '@/db/database';

/*
 * The reporting read model's queries (ARCHITECTURE §3: reports read through one place). Sales come from
 * report_sales_{day,week,month}, clients from report_clients_{day,week,month}, partners from report_partner_day
 * (migration 0019), cancellations from the canceled orders themselves (a partial index). A period reads whole months
 * from the monthly tables, whole weeks of what is left from the weekly ones, and single days only at its edges.
 *
 * «Заказов» is always a count of DISTINCT orders that are not CANCELED (never of lines, issue 38.2): a product's row
 * counts the orders that hold it (migration 0041), a partner's its orders of the period (report_partner_day). Orders
 * holding any product of a set (a brand, a section, the products a filter keeps, a report's rows together) are not a
 * sum of products' counts — one order holds several. A brand's, a top section's and all the lines' distinct orders are
 * kept per partner and period by report_group_orders_{day,week,month}, and the orders holding any of a top list's
 * brands or products by report_order_sets (each order's sets of brands and products, migration 0048); under a
 * product, brand or section filter they are counted from the orders and their items themselves (ordersOf), over the
 * period's index of orders.
 *
 * Borrowed read-only: partners, clients, orders and order_items (cancel reasons, distinct orders), catalog_products,
 * catalog_brands, catalog_sections (reference data).
 */

export interface ReportFilter {
  /** Moscow days, both included. */
  from: string;
  to: string;
  partnerId?: number;
  brandId?: number;
  productId?: number;
  sectionIds?: number[];
  limit: number;
}

const DAY_MS = 86400_000;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const isMonday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() === 1;
const isMonthStart = (day: string) => day.endsWith('-01');
function nextMonth(day: string): string {
  const d = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 10);
}

export type Grain = 'day' | 'week' | 'month';
/** Periods of one grain: [from, to) as their start days. */
export type Segment = { grain: Grain; from: string; to: string };

/**
 * A period of Moscow days [from, to] as few rows of the read model as possible: its whole months, then whole ISO weeks
 * (Monday to Sunday) in what is left, then single days. Consecutive periods of one grain are one segment.
 */
export function splitPeriod(from: string, to: string): Segment[] {
  const end = addDays(to, 1);
  const out: Segment[] = [];
  const push = (grain: Grain, a: string, b: string) => {
    const last = out[out.length - 1];
    if (last && last.grain === grain && last.to === a) last.to = b;
    else out.push({ grain, from: a, to: b });
  };
  // Whole months inside the period.
  let m1 = isMonthStart(from) ? from : nextMonth(from);
  let m2 = m1;
  while (nextMonth(m2) <= end) m2 = nextMonth(m2);
  if (m1 >= m2) m1 = m2 = end;
  const fill = (a: string, b: string) => {
    let cursor = a;
    while (cursor < b) {
      if (isMonday(cursor) && addDays(cursor, 7) <= b) {
        push('week', cursor, addDays(cursor, 7));
        cursor = addDays(cursor, 7);
      } else {
        push('day', cursor, addDays(cursor, 1));
        cursor = addDays(cursor, 1);
      }
    }
  };
  fill(from, m1);
  if (m1 < m2) push('month', m1, m2);
  fill(m2, end);
  return out;
}

/** Rows of a day/week/month table family over the period, each segment from its own grain's table. */
function overPeriod(table: 'report_sales' | 'report_clients', cols: string, f: ReportFilter): RawBuilder<unknown> {
  const partner = f.partnerId ? sql` and partner_id = ${f.partnerId}` : sql``;
  const product = f.productId && table === 'report_sales' ? sql` and product_id = ${f.productId}` : sql``;
  const c = sql.raw(cols);
  const parts = splitPeriod(f.from, f.to).map(
    (seg) =>
      sql`select ${c} from ${sql.table(`${table}_${seg.grain}`)} where ${sql.ref(seg.grain)} >= ${seg.from}::date and ${sql.ref(seg.grain)} < ${seg.to}::date${partner}${product}`,
  );
  return parts.length ? sql.join(parts, sql` union all `) : sql`select ${c} from ${sql.table(`${table}_day`)} where false`;
}

/** Products (alias p) that pass the brand and section filters. */
function productFilter(f: ReportFilter): RawBuilder<unknown> {
  const brand = f.brandId ? sql` and p.brand_id = ${f.brandId}` : sql``;
  const sections = f.sectionIds?.length
    ? sql` and p.section_id = any(array(
        select c.id from catalog_sections c where c.id = any(${f.sectionIds}::bigint[]) or c.parent_id = any(${f.sectionIds}::bigint[])
          or c.parent_id in (select c2.id from catalog_sections c2 where c2.parent_id = any(${f.sectionIds}::bigint[]))))`
    : sql``;
  return sql`${brand}${sections}`;
}

const needsProducts = (f: ReportFilter) => Boolean(f.brandId || f.sectionIds?.length);

export interface SalesRow {
  key: number | null;
  name: string | null;
  code?: string | null;
  orders: number;
  quantity: number;
  revenue: string;
  cost: string;
}

/** The Moscow days [from, to] as the instants orders' created_at falls between. */
const instants = (f: ReportFilter) => ({
  from: sql`(${f.from}::date::timestamp at time zone 'Europe/Moscow')`,
  to: sql`(${addDays(f.to, 1)}::date::timestamp at time zone 'Europe/Moscow')`,
});

/** A top-level section (a product's section is at most three deep), over products p. */
const TOP_SECTION = `join catalog_sections s1 on s1.id = p.section_id
  left join catalog_sections s2 on s2.id = s1.parent_id
  left join catalog_sections s3 on s3.id = s2.parent_id
  join catalog_sections top on top.id = coalesce(s3.id, s2.id, s1.id)`;

/**
 * How a sales report groups: its key (over s: sales, p: product, top: top section), computed with `keyJoins`, and its
 * name joined once the groups are summed (over g: the summed group, by g.key: pa partner, p product, b brand, top).
 */
interface Grouping {
  key: string;
  keyJoins: string;
  name: string;
  extra: string;
  nameJoins: string;
  /** The key over the orders' lines (o: order, i: item, p: product, top), for counting distinct orders. */
  lineKey: string;
  lineJoins: string;
  /** A product's row counts its own distinct orders in the read model; other groups count them from the lines. */
  ordersFromModel: boolean;
  /** Its groups' distinct orders in report_group_orders (migration 0048), when no filter is below the group. */
  groupKind?: 'brand' | 'section';
  /** Its keys' column in report_order_sets, for the orders holding any of a top list's groups. */
  sets?: 'brands' | 'products';
}

const GROUPINGS = {
  partner: {
    key: 's.partner_id',
    keyJoins: '',
    name: 'pa.name',
    extra: '',
    nameJoins: 'join partners pa on pa.id = g.key',
    lineKey: 'o.partner_id',
    lineJoins: '',
    ordersFromModel: false,
  },
  product: {
    key: 's.product_id',
    keyJoins: '',
    name: 'p.name',
    extra: ', p.up_code_1c as code',
    nameJoins: 'join catalog_products p on p.id = g.key',
    lineKey: 'i.product_id',
    lineJoins: '',
    ordersFromModel: true,
    sets: 'products',
  },
  brand: {
    key: 'p.brand_id',
    keyJoins: '',
    name: 'b.name',
    extra: '',
    nameJoins: 'left join catalog_brands b on b.id = g.key',
    lineKey: 'p.brand_id',
    lineJoins: '',
    ordersFromModel: false,
    groupKind: 'brand',
    sets: 'brands',
  },
  section: {
    key: 'top.id',
    keyJoins: TOP_SECTION,
    name: 'top.name',
    extra: '',
    nameJoins: 'join catalog_sections top on top.id = g.key',
    lineKey: 'top.id',
    lineJoins: TOP_SECTION,
    ordersFromModel: false,
    groupKind: 'section',
  },
} satisfies Record<string, Grouping>;

/** Whether a report's groups are whole in report_group_orders: filtered by partner at most (not by product, brand, section). */
const groupsWhole = (f: ReportFilter) => !f.productId && !needsProducts(f);

export function reporting(db: Db) {
  const SALES = 'partner_id, product_id, orders, quantity, revenue_e4, cost_e4';

  /**
   * Distinct orders (not CANCELED, created in the period) holding a line that passes the report's filters, per group
   * of `g`'s line key among `keys` (a brand's null key is 0), or all of them together.
   */
  async function ordersOf(f: ReportFilter, g: Grouping, keys: (number | null)[], together: boolean): Promise<Map<number, number>> {
    const { from, to } = instants(f);
    const joins = `${g.lineJoins}`;
    const products = needsProducts(f) || /\bp\./.test(`${g.lineKey} ${joins}`);
    const key = sql.raw(`coalesce(${g.lineKey}, 0)`);
    const ids = keys.map((k) => k ?? 0);
    const rows = await sql<{ key: number; orders: number }>`
      select ${together ? sql`0` : key} as key, count(distinct o.id)::int as orders
      from orders o
      join order_items i on i.partner_id = o.partner_id and i.order_id = o.id
      ${products ? sql`join catalog_products p on p.id = i.product_id` : sql``}
      ${sql.raw(joins)}
      where o.status <> 'CANCELED' and o.created_at >= ${from} and o.created_at < ${to}
        ${f.partnerId ? sql`and o.partner_id = ${f.partnerId}` : sql``}
        ${f.productId ? sql`and i.product_id = ${f.productId}` : sql``}
        ${products ? productFilter(f) : sql``}
        and ${key} = any(${ids}::bigint[])
      ${together ? sql`` : sql`group by 1`}`.execute(db);
    return new Map(rows.rows.map((r) => [Number(r.key), Number(r.orders)]));
  }

  /**
   * Distinct orders (not CANCELED, created in the period) per brand or top section (a brand's null key is 0), or holding
   * any line ('all', key 0), from report_group_orders: an order is in one period of each grain, so segments add up.
   */
  async function groupOrders(f: ReportFilter, kind: 'brand' | 'section' | 'all'): Promise<Map<number, number>> {
    const partner = f.partnerId ? sql` and partner_id = ${f.partnerId}` : sql``;
    const parts = splitPeriod(f.from, f.to).map(
      (seg) =>
        sql`select group_id, orders from ${sql.table(`report_group_orders_${seg.grain}`)}
          where kind = ${kind} and ${sql.ref(seg.grain)} >= ${seg.from}::date and ${sql.ref(seg.grain)} < ${seg.to}::date${partner}`,
    );
    if (!parts.length) return new Map();
    const rows = await sql<{ key: number; orders: number }>`
      select group_id as key, sum(orders)::int as orders from (${sql.join(parts, sql` union all `)}) x group by 1`.execute(db);
    return new Map(rows.rows.map((r) => [Number(r.key), Number(r.orders)]));
  }

  /** Orders (not CANCELED) of the period whose brands or products include one of `keys` (null: no brand, 0). */
  async function setOrders(f: ReportFilter, column: 'brands' | 'products', keys: (number | null)[]): Promise<number> {
    const rows = await sql<{ orders: number }>`
      select count(*)::int as orders from report_order_sets
      where day >= ${f.from}::date and day <= ${f.to}::date ${f.partnerId ? sql`and partner_id = ${f.partnerId}` : sql``}
        and ${sql.ref(column)} && ${keys.map((k) => k ?? 0)}::bigint[]`.execute(db);
    return Number(rows.rows[0]?.orders ?? 0);
  }

  /** Each partner's orders of the period that are not CANCELED (report_partner_day: one order, one day). */
  async function partnerOrders(f: ReportFilter): Promise<Map<number, number>> {
    const rows = await sql<{ key: number; orders: number }>`
      select partner_id as key, sum(orders)::int as orders from report_partner_day
      where day >= ${f.from}::date and day <= ${f.to}::date ${f.partnerId ? sql`and partner_id = ${f.partnerId}` : sql``}
      group by 1`.execute(db);
    return new Map(rows.rows.map((r) => [Number(r.key), Number(r.orders)]));
  }

  /** Sales grouped by `g` from the read model, each group's distinct orders, and the orders of all the rows together. */
  async function salesBy(f: ReportFilter, g: Grouping, limit: number | null): Promise<{ rows: SalesRow[]; orders: number }> {
    const products = needsProducts(f) || /\bp\./.test(`${g.key} ${g.keyJoins}`);
    // Summed by the key alone, named after the top rows are chosen (summing by key, name and code sorted 300,000
    // rows of the whole history on disk: top products 575 -> 262 ms on the large set, a busy machine).
    const { rows } = await sql<SalesRow>`
      select g.key, ${sql.raw(g.name)} as name${sql.raw(g.extra)}, g.orders, g.quantity, g.revenue_e4 / 10000 as revenue, g.cost_e4 / 10000 as cost
      from (
        select ${sql.raw(g.key)} as key, sum(s.orders)::int as orders, sum(s.quantity)::bigint as quantity,
          sum(s.revenue_e4) as revenue_e4, sum(s.cost_e4) as cost_e4
        from (${overPeriod('report_sales', SALES, f)}) s
        ${products ? sql`join catalog_products p on p.id = s.product_id` : sql``}
        ${sql.raw(g.keyJoins)}
        where true ${products ? productFilter(f) : sql``}
        group by 1
        order by sum(s.revenue_e4) desc, 1
        ${limit ? sql`limit ${limit}` : sql``}
      ) g
      ${sql.raw(g.nameJoins)}
      order by g.revenue_e4 desc, g.key`.execute(db);
    if (!rows.length) return { rows, orders: 0 };
    const keys = rows.map((r) => (r.key === null ? null : Number(r.key)));
    // A partner's rows are its orders: with no product filter they are all the partner's orders of the period.
    const byPartner = g === GROUPINGS.partner && !f.productId && !needsProducts(f);
    if (!g.ordersFromModel) {
      const counts = byPartner
        ? await partnerOrders(f)
        : g.groupKind && groupsWhole(f)
          ? await groupOrders(f, g.groupKind)
          : await ordersOf(f, g, keys, false);
      for (const r of rows) r.orders = counts.get(Number(r.key ?? 0)) ?? 0;
    }
    // Partners share no order: their rows add up. Products, brands and sections do share them: a list of every group
    // (no limit, or fewer rows than it) totals the orders holding any line; a top list that leaves groups out counts
    // the orders of its own rows.
    const everyGroup = limit === null || rows.length < limit;
    const orders =
      g === GROUPINGS.partner
        ? rows.reduce((n, r) => n + Number(r.orders), 0)
        : everyGroup && groupsWhole(f)
          ? ((await groupOrders(f, 'all')).get(0) ?? 0)
          : g.sets && groupsWhole(f)
            ? await setOrders(f, g.sets, keys)
            : ((await ordersOf(f, g, keys, true)).get(0) ?? 0);
    return { rows, orders };
  }

  return {
    salesByPartner: (f: ReportFilter) => salesBy(f, GROUPINGS.partner, null),
    topProducts: (f: ReportFilter) => salesBy(f, GROUPINGS.product, f.limit),
    salesByBrand: (f: ReportFilter) => salesBy(f, GROUPINGS.brand, f.limit),
    salesBySection: (f: ReportFilter) => salesBy(f, GROUPINGS.section, null),

    /** The clients with the most orders in the period, with their partner. */
    async clientActivity(f: ReportFilter) {
      const rows = await sql<{ key: number; name: string; partner: string; orders: number; revenue: string }>`
        select a.client_id as key, c.name, pa.name as partner, a.orders, a.revenue
        from (
          select partner_id, client_id, sum(orders)::int as orders, sum(revenue_e4) / 10000 as revenue
          from (${overPeriod('report_clients', 'partner_id, client_id, orders, revenue_e4', f)}) x
          group by 1, 2
          having sum(orders) > 0
          order by 3 desc, 4 desc, 2
          limit ${f.limit}
        ) a
        join clients c on c.partner_id = a.partner_id and c.id = a.client_id
        join partners pa on pa.id = a.partner_id
        order by a.orders desc, a.revenue desc, a.client_id`.execute(db);
      return rows.rows;
    },

    /** Each partner's orders, revenue, cost and canceled orders in the period. */
    async marginByPartner(f: ReportFilter) {
      const rows = await sql<{ key: number; name: string; orders: number; revenue: string; cost: string; canceled: number }>`
        select d.partner_id as key, pa.name, sum(d.orders)::int as orders, sum(d.revenue) as revenue, sum(d.cost) as cost, sum(d.canceled)::int as canceled
        from report_partner_day d join partners pa on pa.id = d.partner_id
        where d.day >= ${f.from}::date and d.day <= ${f.to}::date ${f.partnerId ? sql`and d.partner_id = ${f.partnerId}` : sql``}
        group by 1, 2
        order by sum(d.revenue) - sum(d.cost) desc, 1`.execute(db);
      return rows.rows;
    },

    /**
     * The reasons canceled orders were given, most frequent first (an empty reason is one group). An order the manager
     * routed to another partner left a CANCELED tombstone behind: no cancellation, it is counted at the target.
     */
    async cancelReasons(f: ReportFilter) {
      const { from, to } = instants(f);
      const rows = await sql<{ name: string | null; orders: number; revenue: string }>`
        select nullif(lower(btrim(o.cancel_comment)), '') as name, count(*)::int as orders, sum(o.position_sum) as revenue
        from orders o
        where o.status = 'CANCELED' and o.routed_to_order_id is null and o.created_at >= ${from} and o.created_at < ${to}
          ${f.partnerId ? sql`and o.partner_id = ${f.partnerId}` : sql``}
        group by 1
        order by 2 desc, 1
        limit ${f.limit}`.execute(db);
      return rows.rows;
    },
  };
}
