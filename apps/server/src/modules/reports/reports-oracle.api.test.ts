import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_CODES, REPORT_MSG, REPORTS, type ReportCode, type ReportResult, type ReportRow } from '@b2b/contracts/reports';
import { bearer, createTestApp, form, type TestApp } from '@/test/test-app';
import { partnerIdOf } from '../clients/clients-test-fixtures';

/*
 * The reports' oracle (issue 38 §1, §2): every figure of every report is computed again here by a plain reference
 * query over the base tables (orders, order_items, the catalogue) — never the read model — and compared with the API's
 * answer and with its .xlsx read back. Counts are distinct orders that are not CANCELED, sums are Σ quantity × price of
 * the lines of the same period (Moscow days), statuses and partner; shares add up to 100 %; the totals row's averages
 * and percentages are computed from its totals.
 *
 * The data that exposed the bugs is added in March 2015 (no demo order there): orders of several lines (one holding a
 * product twice, a gift at 0 ₽ and a paid line), of two partners and several clients, canceled ones (some canceled
 * after they were placed, one restored), and orders on both sides of the period's edges in Moscow time.
 */

let t: TestApp;
let manager: string;
let kancler: number;
let other: number;

type Filters = { date_from?: string; date_to?: string; shop_id?: number; tm_id?: number; product_id?: number; sections?: number[]; limit?: number };

const bodyOf = (f: Filters, extra: Record<string, string> = {}) => {
  const out: Record<string, string> = { ...extra };
  for (const [k, v] of Object.entries(f)) if (v !== undefined && k !== 'sections') out[k] = String(v);
  (f.sections ?? []).forEach((id, i) => (out[`sections[${i}]`] = String(id)));
  return out;
};
const post = (code: string, body: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/v3/api/manager/report/${code}/`, ...form(body), headers: { ...form(body).headers, ...bearer(manager) } });

async function apiReport(code: ReportCode, f: Filters): Promise<ReportResult> {
  const res = await post(code, bodyOf(f));
  expect(res.statusCode).toBe(200);
  return res.json() as ReportResult;
}

async function xlsxRows(code: ReportCode, f: Filters): Promise<(string | number | null)[][]> {
  const exported = (await post(code, bodyOf(f, { action: 'export' }))).json();
  const file = await t.app.inject({ method: 'GET', url: exported.FILE.URL, headers: bearer(manager) });
  expect(file.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  const out: (string | number | null)[][] = [];
  book.worksheets[0].eachRow((row) => out.push((row.values as (string | number | null)[]).slice(1)));
  return out;
}

/** One group of lines as the reference counts it. */
interface Ref {
  key: string | null;
  name: string | null;
  code?: string | null;
  partner?: string;
  orders: number;
  quantity: number;
  revenue: string;
  cost: string;
  canceled?: number;
}

/**
 * The reference: the lines of orders created in the period (Moscow days) with the given statuses, passing the
 * partner, product, brand and section filters (a section with all its descendants, walked recursively), grouped by
 * `group` (an expression over l: the lines with order_id, partner_id, client_id, reason, product_id, brand_id, root —
 * the product's top-level section — and its quantity, price and buying_price).
 */
async function reference(f: Filters, canceled: boolean, group: string, name: string): Promise<Ref[]> {
  const from = f.date_from ?? '1900-01-01';
  const to = f.date_to ?? '2999-12-31';
  const { rows } = await sql<Ref>`
    with recursive chosen(id) as (
      select unnest(${f.sections ?? []}::bigint[])
      union select c.id from catalog_sections c join chosen on c.parent_id = chosen.id
    ),
    roots(id, root) as (
      select id, id from catalog_sections where parent_id is null
      union all select c.id, r.root from catalog_sections c join roots r on c.parent_id = r.id
    ),
    l as (
      select o.id as order_id, o.partner_id, o.client_id, nullif(lower(btrim(o.cancel_comment)), '') as reason,
        i.product_id, p.brand_id, r.root, i.quantity, i.price, i.buying_price
      from orders o
      join order_items i on i.partner_id = o.partner_id and i.order_id = o.id
      join catalog_products p on p.id = i.product_id
      join roots r on r.id = p.section_id
      where o.created_at >= (${from}::date::timestamp at time zone 'Europe/Moscow')
        and o.created_at < ((${to}::date + 1)::timestamp at time zone 'Europe/Moscow')
        and ${canceled ? sql`o.status = 'CANCELED'` : sql`o.status <> 'CANCELED'`}
        ${f.shop_id ? sql`and o.partner_id = ${f.shop_id}` : sql``}
        ${f.product_id ? sql`and i.product_id = ${f.product_id}` : sql``}
        ${f.tm_id ? sql`and p.brand_id = ${f.tm_id}` : sql``}
        ${f.sections?.length ? sql`and p.section_id in (select id from chosen)` : sql``}
    )
    select g.*, ${sql.raw(name)} from (
      select ${sql.raw(group)}::text as key, count(distinct l.order_id)::int as orders, sum(l.quantity)::int as quantity,
        sum(l.quantity * l.price) as revenue, sum(l.quantity * l.buying_price) as cost
      from l
      group by 1
    ) g`.execute(t.database.db);
  return rows.map((r) => ({ ...r, orders: Number(r.orders), quantity: Number(r.quantity) }));
}

const money = (v: Decimal.Value) => new Decimal(v).toFixed(2);
const pct = (part: Decimal.Value, whole: Decimal.Value) => (new Decimal(whole).isZero() ? '0.00' : new Decimal(part).div(whole).mul(100).toFixed(2));
const byRevenue = (a: Ref, b: Ref) => new Decimal(b.revenue).cmp(a.revenue) || keyOrder(a.key, b.key);
const keyOrder = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : Number(a) - Number(b));
const sum = (refs: Ref[], k: 'revenue' | 'cost') => refs.reduce((s, r) => s.plus(r[k]), new Decimal(0));

/** The rows and totals the reference says a report must show, in its order. */
async function expected(code: ReportCode, f: Filters): Promise<{ items: ReportRow[]; totals: ReportRow }> {
  const limit = f.limit ?? 20;
  const salesOf = async (group: string, name: string, limited: boolean, fallback: string, withCode = false) => {
    let refs = (await reference(f, false, group, name)).sort(byRevenue);
    if (limited) refs = refs.slice(0, limit);
    const all = sum(refs, 'revenue');
    // The distinct orders of all the rows together (an order holds several products, brands, sections).
    const totalOrders = refs.length
      ? await distinctOrders(
          f,
          group,
          refs.map((r) => r.key),
        )
      : 0;
    return {
      items: refs.map((r) => ({
        ...(withCode ? { CODE: r.code ?? null } : {}),
        NAME: r.name ?? fallback,
        ORDERS: r.orders,
        QUANTITY: r.quantity,
        REVENUE: money(r.revenue),
        SHARE: pct(r.revenue, all),
      })),
      totals: {
        NAME: 'Итого',
        ORDERS: totalOrders,
        QUANTITY: refs.reduce((n, r) => n + r.quantity, 0),
        REVENUE: money(all),
        SHARE: refs.length ? '100.00' : '0.00',
      },
    };
  };
  switch (code) {
    case 'sales_by_partner':
      return salesOf('l.partner_id', '(select name from partners where id = g.key::bigint) as name', false, '');
    case 'top_products':
      return salesOf(
        'l.product_id',
        '(select name from catalog_products where id = g.key::bigint) as name, (select up_code_1c from catalog_products where id = g.key::bigint) as code',
        true,
        '',
        true,
      );
    case 'sales_by_brand':
      return salesOf('l.brand_id', '(select name from catalog_brands where id = g.key::bigint) as name', true, REPORT_MSG.noBrand);
    case 'sales_by_section':
      return salesOf('l.root', '(select name from catalog_sections where id = g.key::bigint) as name', false, '');
    case 'client_activity': {
      const refs = (
        await reference(
          f,
          false,
          'l.client_id',
          '(select c.name from clients c where c.id = g.key::bigint) as name, (select pa.name from clients c join partners pa on pa.id = c.partner_id where c.id = g.key::bigint) as partner',
        )
      )
        .sort((a, b) => b.orders - a.orders || new Decimal(b.revenue).cmp(a.revenue) || keyOrder(a.key, b.key))
        .slice(0, limit);
      const orders = refs.reduce((n, r) => n + r.orders, 0);
      const revenue = sum(refs, 'revenue');
      return {
        items: refs.map((r) => ({
          NAME: r.name,
          PARTNER: r.partner ?? '',
          ORDERS: r.orders,
          REVENUE: money(r.revenue),
          AVERAGE: money(new Decimal(r.revenue).div(r.orders)),
        })),
        totals: { NAME: 'Итого', ORDERS: orders, REVENUE: money(revenue), AVERAGE: orders ? money(revenue.div(orders)) : '0.00' },
      };
    }
    case 'margin_by_partner': {
      const sold = await reference(f, false, 'l.partner_id', '(select name from partners where id = g.key::bigint) as name');
      const lost = await reference(f, true, 'l.partner_id', '(select name from partners where id = g.key::bigint) as name');
      const keys = [...new Set([...sold, ...lost].map((r) => r.key))];
      const refs: Ref[] = keys.map((key) => {
        const s = sold.find((r) => r.key === key);
        const c = lost.find((r) => r.key === key);
        return {
          key,
          name: (s ?? c)!.name,
          orders: s?.orders ?? 0,
          quantity: 0,
          revenue: s?.revenue ?? '0',
          cost: s?.cost ?? '0',
          canceled: c?.orders ?? 0,
        };
      });
      const margin = (r: Ref) => new Decimal(r.revenue).minus(r.cost);
      refs.sort((a, b) => margin(b).cmp(margin(a)) || keyOrder(a.key, b.key));
      const revenue = sum(refs, 'revenue');
      const cost = sum(refs, 'cost');
      return {
        items: refs.map((r) => ({
          NAME: r.name,
          ORDERS: r.orders,
          REVENUE: money(r.revenue),
          COST: money(r.cost),
          MARGIN: money(margin(r)),
          MARGIN_PCT: pct(margin(r), r.revenue),
          CANCELED: r.canceled ?? 0,
        })),
        totals: {
          NAME: 'Итого',
          ORDERS: refs.reduce((n, r) => n + r.orders, 0),
          REVENUE: money(revenue),
          COST: money(cost),
          MARGIN: money(revenue.minus(cost)),
          MARGIN_PCT: pct(revenue.minus(cost), revenue),
          CANCELED: refs.reduce((n, r) => n + (r.canceled ?? 0), 0),
        },
      };
    }
    case 'cancel_reasons': {
      const refs = (await reference(f, true, 'l.reason', 'g.key as name'))
        .sort((a, b) => b.orders - a.orders || (a.key === b.key ? 0 : a.key === null ? 1 : b.key === null ? -1 : a.key < b.key ? -1 : 1))
        .slice(0, limit);
      const orders = refs.reduce((n, r) => n + r.orders, 0);
      return {
        items: refs.map((r) => ({ NAME: r.name ?? REPORT_MSG.noReason, ORDERS: r.orders, REVENUE: money(r.revenue), SHARE: pct(r.orders, orders) })),
        totals: { NAME: 'Итого', ORDERS: orders, REVENUE: money(sum(refs, 'revenue')), SHARE: refs.length ? '100.00' : '0.00' },
      };
    }
  }
}

/** Distinct orders (not CANCELED) holding a line of any of the groups `keys` of `group`. */
async function distinctOrders(f: Filters, group: string, keys: (string | null)[]): Promise<number> {
  const refs = await reference(
    f,
    false,
    `case when ${group}::text = any(${sqlTextArray(keys)}) or (${group} is null and ${keys.includes(null)}) then 'in' end`,
    'null as name',
  );
  return refs.find((r) => r.key === 'in')?.orders ?? 0;
}
const sqlTextArray = (keys: (string | null)[]) =>
  `array[${
    keys
      .filter((k) => k !== null)
      .map((k) => `'${Number(k)}'`)
      .join(',') || "''"
  }]::text[]`;

/** Compares a report (API and .xlsx) with the reference, figure by figure. */
async function check(code: ReportCode, asked: Filters) {
  const got = await apiReport(code, asked);
  // The reference takes the filters the report takes (its PARAMS), over the period the report says it covers.
  const takes = (k: string) => (REPORTS[code].params as readonly string[]).includes(k);
  const f: Filters = Object.fromEntries(Object.entries(asked).filter(([k]) => takes(k)));
  Object.assign(f, { date_from: got.PERIOD.FROM, date_to: got.PERIOD.TO, limit: takes('limit') ? (asked.limit ?? 20) : 1000 });
  const want = await expected(code, f);
  const keys = got.COLUMNS.map((c) => c.KEY);
  const pick = (row: ReportRow) => Object.fromEntries(keys.map((k) => [k, row[k] ?? null]));
  expect(got.ITEMS.map(pick), `${code} rows`).toEqual(want.items.map(pick));
  expect(pick(got.TOTALS), `${code} totals`).toEqual(pick(want.totals));
  if (keys.includes('SHARE') && want.items.length) {
    // The rows' shares add up to 100 % (each rounded to 0.01).
    const shares = want.items.reduce((s, r) => s.plus(String(r.SHARE)), new Decimal(0));
    expect(shares.minus(100).abs().lte(new Decimal(0.005).mul(want.items.length))).toBe(true);
  }
  const sheet = await xlsxRows(code, asked);
  expect(sheet[0]).toEqual(got.COLUMNS.map((c) => c.TITLE));
  const rows = [...want.items, want.totals];
  expect(sheet.length, `${code} .xlsx rows`).toBe(rows.length + 1);
  rows.forEach((row, n) =>
    got.COLUMNS.forEach((c, i) => {
      const cell = sheet[n + 1][i] ?? null;
      if (c.TYPE === 'text') expect(cell ?? '').toBe(row[c.KEY] ?? '');
      else {
        expect(typeof cell, `${code} .xlsx ${c.KEY} is a number`).toBe('number');
        expect(new Decimal(cell as number).toFixed(2), `${code} .xlsx row ${n + 1} ${c.KEY}`).toBe(new Decimal(String(row[c.KEY])).toFixed(2));
      }
    }),
  );
  return { got, want };
}

const MARCH = { date_from: '2015-03-01', date_to: '2015-03-31' };

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('manager@platform.demo');
  kancler = await partnerIdOf(t.database.db, 'owner@partner.demo');
  const db = t.database.db;
  other = Number(
    (
      await sql<{
        id: number;
      }>`select partner_id as id from clients where partner_id <> ${kancler} group by 1 order by count(*) desc, 1 limit 1`.execute(db)
    ).rows[0].id,
  );
  const clientsOf = async (p: number) =>
    (await db.selectFrom('clients').select('id').where('partner_id', '=', p).orderBy('id').limit(3).execute()).map((c) => Number(c.id));
  const clients = { [kancler]: await clientsOf(kancler), [other]: await clientsOf(other) };
  // Products of two brands and none, from different top sections.
  const products = (
    await sql<{ id: number }>`
      (select id from catalog_products where brand_id is not null order by brand_id, id limit 3)
      union all (select id from catalog_products where brand_id is not null order by brand_id desc, section_id desc, id limit 3)
      union all (select id from catalog_products where brand_id is null order by id limit 1)`.execute(db)
  ).rows.map((r) => Number(r.id));
  // Moscow instants at and around the period's edges (+03:00).
  const times = [
    '2015-02-28T23:59:59+03:00',
    '2015-03-01T00:00:00+03:00',
    '2015-03-01T02:30:00+03:00',
    '2015-03-02T10:00:00+03:00',
    '2015-03-15T12:00:00+03:00',
    '2015-03-31T23:59:59+03:00',
    '2015-04-01T00:00:00+03:00',
    '2015-03-31T21:30:00+03:00',
  ];
  const statuses = ['NEW', 'VIEWED', 'COMPLETED', 'IN_BASKET', 'CANCELED'] as const;
  const reasons = ['Клиент передумал', '  клиент передумал ', '', null, 'Нет в наличии'];
  const ids: number[] = [];
  for (let n = 0; n < 40; n++) {
    const partner = n % 3 === 2 ? other : kancler;
    const lines = Array.from({ length: 1 + (n % 4) }, (_, k) => ({
      product_id: products[(n + k * 2) % products.length],
      quantity: 1 + ((n * 7 + k) % 6),
      price: new Decimal(10 + ((n * 13 + k * 31) % 90)).plus('0.1250').toFixed(4),
      buying_price: new Decimal(7 + ((n * 11 + k * 17) % 70)).plus('0.3333').toFixed(4),
    }));
    // A gift at 0 ₽ of a product the order also buys: one order, two lines of one product.
    if (n % 5 === 1) lines.push({ ...lines[0], quantity: 1, price: '0.0000' });
    const positionSum = lines.reduce((s, l) => s.plus(new Decimal(l.price).mul(l.quantity)), new Decimal(0));
    const purchaseSum = lines.reduce((s, l) => s.plus(new Decimal(l.buying_price).mul(l.quantity)), new Decimal(0));
    const status = statuses[n % statuses.length];
    const order = await db
      .insertInto('orders')
      .values({
        partner_id: partner,
        order_number: `ORACLE-${n}`,
        client_id: clients[partner][n % clients[partner].length],
        // Some orders are canceled when placed, others later (below).
        status: status === 'CANCELED' && n % 2 === 0 ? 'CANCELED' : status === 'CANCELED' ? 'NEW' : status,
        cancel_comment: status === 'CANCELED' ? reasons[n % reasons.length] : null,
        position_count: lines.length,
        position_sum: positionSum.toFixed(4),
        purchase_sum: purchaseSum.toFixed(4),
        position_margin: positionSum.minus(purchaseSum).toFixed(4),
        created_at: new Date(times[n % times.length]),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(Number(order.id));
    const items = lines.map((l, k) => ({
      partner_id: partner,
      order_id: Number(order.id),
      up_code_1c: `U${l.product_id}`,
      name: `Товар ${k}`,
      ...l,
    }));
    // Some orders get their lines in two statements: the later lines count the order for a group only where no
    // earlier line already does (a brand or section met again, the gift's product).
    const split = n % 3 === 0 && items.length > 1 ? Math.ceil(items.length / 2) : items.length;
    for (const part of [items.slice(0, split), items.slice(split)]) if (part.length) await db.insertInto('order_items').values(part).execute();
  }
  // Canceled after being placed (one statement, several orders), and one canceled order restored.
  await db
    .updateTable('orders')
    .set({ status: 'CANCELED' })
    .where(
      'order_number',
      'in',
      ids.map((_, n) => `ORACLE-${n}`).filter((_, n) => n % 5 === 4 && n % 2 === 1),
    )
    .execute();
  await db.updateTable('orders').set({ status: 'CANCELED', cancel_comment: 'Нет в наличии' }).where('order_number', '=', 'ORACLE-0').execute();
  await db.updateTable('orders').set({ status: 'VIEWED', cancel_comment: null }).where('order_number', '=', 'ORACLE-0').execute();
}, 60_000);
afterAll(() => t.close());

describe('the reports reconcile with the orders and their items', () => {
  const periods: [string, Filters][] = [
    ['March 2015 (a whole month)', MARCH],
    ['edges around March (days and a month)', { date_from: '2015-02-28', date_to: '2015-04-01' }],
    ['a fortnight (weeks and days)', { date_from: '2015-03-01', date_to: '2015-03-16' }],
    ['the demo orders of the last 90 days', {}],
    ['the whole history', { date_from: '2000-01-01', date_to: '2100-12-31' }],
  ];

  for (const [label, period] of periods) {
    it(`every report over ${label}`, async () => {
      for (const code of REPORT_CODES) await check(code, { ...period, limit: 20 });
    }, 120_000);
  }

  it('counts distinct orders, never lines: «Продажи по партнерам» agrees with the orders and with «Маржа по партнерам»', async () => {
    const { got } = await check('sales_by_partner', MARCH);
    const margin = await apiReport('margin_by_partner', MARCH);
    const { rows } = await sql<{ orders: number; lines: number }>`
      select count(distinct o.id)::int as orders, count(*)::int as lines from orders o
      join order_items i on i.partner_id = o.partner_id and i.order_id = o.id
      where o.partner_id = ${kancler} and o.status <> 'CANCELED'
        and o.created_at >= '2015-03-01T00:00:00+03:00' and o.created_at < '2015-04-01T00:00:00+03:00'`.execute(t.database.db);
    // The data has more lines than orders, so a count of lines cannot pass.
    expect(rows[0].lines).toBeGreaterThan(rows[0].orders);
    const name = (await t.database.db.selectFrom('partners').select('name').where('id', '=', kancler).executeTakeFirstOrThrow()).name;
    expect(got.ITEMS.find((r) => r.NAME === name)?.ORDERS).toBe(rows[0].orders);
    expect(margin.ITEMS.find((r) => r.NAME === name)?.ORDERS).toBe(rows[0].orders);
  });

  it('reconciles with the filters: a partner, a brand, a product, sections', async () => {
    const db = t.database.db;
    const line = await db
      .selectFrom('order_items as i')
      .innerJoin('catalog_products as p', 'p.id', 'i.product_id')
      .select(['i.product_id', 'p.brand_id', 'p.section_id'])
      .where('i.up_code_1c', 'like', 'U%')
      .where('p.brand_id', 'is not', null)
      .orderBy('i.product_id')
      .executeTakeFirstOrThrow();
    const parent = await db.selectFrom('catalog_sections').select(['id', 'parent_id']).where('id', '=', line.section_id).executeTakeFirstOrThrow();
    const sections = [Number(parent.parent_id ?? parent.id)];
    const filters: Filters[] = [
      { ...MARCH, shop_id: kancler },
      { ...MARCH, tm_id: Number(line.brand_id) },
      { ...MARCH, product_id: Number(line.product_id) },
      { ...MARCH, sections },
      { ...MARCH, shop_id: other, sections, limit: 5 },
    ];
    for (const f of filters) {
      for (const code of REPORT_CODES) await check(code, f);
    }
  }, 120_000);

  it('a top list totals only its rows: a top 5 counts the distinct orders of those five', async () => {
    const { got, want } = await check('top_products', { ...MARCH, limit: 5 });
    expect(got.ITEMS.length).toBeGreaterThan(1);
    // One order holds several of the products: adding the rows' orders would count it more than once.
    expect(got.ITEMS.reduce((n, r) => n + Number(r.ORDERS), 0)).toBeGreaterThan(Number(want.totals.ORDERS));
  });

  it('brands and sections follow the catalogue: a product moved to another brand and section is counted there', async () => {
    const db = t.database.db;
    const moved = await db
      .selectFrom('order_items as i')
      .innerJoin('catalog_products as p', 'p.id', 'i.product_id')
      .select(['p.id', 'p.brand_id', 'p.section_id'])
      .where('i.up_code_1c', 'like', 'U%')
      .where('p.brand_id', 'is not', null)
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    const to = await db
      .selectFrom('catalog_products')
      .select(['brand_id', 'section_id'])
      .where('brand_id', 'is not', null)
      .where('brand_id', '<>', moved.brand_id!)
      .orderBy('section_id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const before = await apiReport('sales_by_brand', MARCH);
    await db.updateTable('catalog_products').set({ brand_id: to.brand_id, section_id: to.section_id }).where('id', '=', moved.id).execute();
    try {
      const { got } = await check('sales_by_brand', MARCH);
      expect(got.ITEMS).not.toEqual(before.ITEMS);
      await check('sales_by_section', MARCH);
    } finally {
      await db.updateTable('catalog_products').set({ brand_id: moved.brand_id, section_id: moved.section_id }).where('id', '=', moved.id).execute();
    }
    await check('sales_by_brand', MARCH);
  }, 60_000);

  it('the totals row computes its averages and percentages: «Средний заказ» is revenue ÷ orders, «Маржа %» and «Доля» are not 0', async () => {
    const clients = await apiReport('client_activity', MARCH);
    expect(clients.ITEMS.length).toBeGreaterThan(1);
    const averages = clients.ITEMS.reduce((s, r) => s.plus(String(r.AVERAGE)), new Decimal(0));
    expect(clients.TOTALS.AVERAGE).toBe(new Decimal(String(clients.TOTALS.REVENUE)).div(Number(clients.TOTALS.ORDERS)).toFixed(2));
    expect(clients.TOTALS.AVERAGE).not.toBe(averages.toFixed(2));
    const margin = await apiReport('margin_by_partner', MARCH);
    expect(margin.TOTALS.MARGIN_PCT).toBe(pct(String(margin.TOTALS.MARGIN), String(margin.TOTALS.REVENUE)));
    expect(Number(margin.TOTALS.MARGIN_PCT)).not.toBe(0);
    for (const code of ['sales_by_partner', 'cancel_reasons'] as const) expect((await apiReport(code, MARCH)).TOTALS.SHARE).toBe('100.00');
  });
});
