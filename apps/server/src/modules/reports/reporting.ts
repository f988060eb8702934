import { sql, type RawBuilder } from 'kysely';
import type { Db } from '@/db/database';

/*
 * The reporting read model's queries (ARCHITECTURE §3: reports read through one place). Sales come from
 * report_sales_{day,week,month}, clients from report_clients_{day,week,month}, partners from report_partner_day
 * (migration 0019), cancellations from the canceled orders themselves (a partial index). A period reads whole months
 * from the monthly tables, whole weeks of what is left from the weekly ones, and single days only at its edges. Borrowed read-only: partners, clients, orders (cancel
 * reasons), catalog_products, catalog_brands, catalog_sections (reference data).
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

export function reporting(db: Db) {
  const SALES = 'partner_id, product_id, orders, quantity, revenue_e4, cost_e4';

  /** Sales grouped by `key` (an expression over s: sales, p: product, b: brand, pa: partner, top: top section). */
  async function salesBy(f: ReportFilter, key: string, name: string, extra: string, joins: string, limit: number | null) {
    const products = needsProducts(f) || /\bp\./.test(`${key} ${name} ${joins}`);
    const rows = await sql<SalesRow>`
      select ${sql.raw(key)} as key, ${sql.raw(name)} as name${sql.raw(extra)},
        sum(s.orders)::int as orders, sum(s.quantity)::bigint as quantity, sum(s.revenue_e4) / 10000 as revenue, sum(s.cost_e4) / 10000 as cost
      from (${overPeriod('report_sales', SALES, f)}) s
      ${products ? sql`join catalog_products p on p.id = s.product_id` : sql``}
      ${sql.raw(joins)}
      where true ${products ? productFilter(f) : sql``}
      group by 1, 2${sql.raw(extra ? ', 3' : '')}
      order by sum(s.revenue_e4) desc, 1
      ${limit ? sql`limit ${limit}` : sql``}`.execute(db);
    return rows.rows;
  }

  return {
    salesByPartner: (f: ReportFilter) => salesBy(f, 's.partner_id', 'pa.name', '', 'join partners pa on pa.id = s.partner_id', null),
    topProducts: (f: ReportFilter) => salesBy(f, 's.product_id', 'p.name', ', p.up_code_1c as code', '', f.limit),
    salesByBrand: (f: ReportFilter) => salesBy(f, 'p.brand_id', 'b.name', '', 'left join catalog_brands b on b.id = p.brand_id', f.limit),
    /** Sales by top-level section (a product's section is at most three deep). */
    salesBySection: (f: ReportFilter) =>
      salesBy(
        f,
        'top.id',
        'top.name',
        '',
        `join catalog_sections s1 on s1.id = p.section_id
         left join catalog_sections s2 on s2.id = s1.parent_id
         left join catalog_sections s3 on s3.id = s2.parent_id
         join catalog_sections top on top.id = coalesce(s3.id, s2.id, s1.id)`,
        null,
      ),

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

    /** The reasons canceled orders were given, most frequent first (an empty reason is one group). */
    async cancelReasons(f: ReportFilter) {
      const from = sql`(${f.from}::date::timestamp at time zone 'Europe/Moscow')`;
      const to = sql`(${addDays(f.to, 1)}::date::timestamp at time zone 'Europe/Moscow')`;
      const rows = await sql<{ name: string | null; orders: number; revenue: string }>`
        select nullif(lower(btrim(o.cancel_comment)), '') as name, count(*)::int as orders, sum(o.position_sum) as revenue
        from orders o
        where o.status = 'CANCELED' and o.created_at >= ${from} and o.created_at < ${to}
          ${f.partnerId ? sql`and o.partner_id = ${f.partnerId}` : sql``}
        group by 1
        order by 2 desc, 1
        limit ${f.limit}`.execute(db);
      const total = await sql<{ n: number }>`
        select count(*)::int as n from orders o
        where o.status = 'CANCELED' and o.created_at >= ${from} and o.created_at < ${to}
          ${f.partnerId ? sql`and o.partner_id = ${f.partnerId}` : sql``}`.execute(db);
      return { rows: rows.rows, total: Number(total.rows[0]?.n ?? 0) };
    },
  };
}

export type Reporting = ReturnType<typeof reporting>;
