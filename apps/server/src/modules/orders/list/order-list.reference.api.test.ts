import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@b2b/contracts/limits';
import { ORDER_SORTS, type OrderListAnswer, type OrderListQuery } from '@b2b/contracts/orders';
import { bearer, type TestApp } from '@/test/test-app';
import { openOrdersTest, type OrdersKit } from '../orders-test-kit';
import { SEARCH_COUNT_LIMIT } from './order-list.repo';
import { referenceOrderList } from './order-list.reference';

/*
 * Issue 40 §3: every tuned variant of the order list (the totals and first page together, the deep page by the day
 * read model, the deferred page, the back half read from the end, the text search with its capped count, a broad
 * search walking the sort's index) answers what the plain reference query answers over the base tables: the same
 * rows in the same order and the same NAV, for generated orders (clients with search-worthy names, LIKE's own
 * characters, ties of sums and counts, orders at Moscow midnight, routed tombstones) and random filters, sorts and
 * offsets, through the partner's and the manager's routes. LIST_SEED=<seed> replays a failure.
 */

let t: TestApp;
let k: OrdersKit;
let manager: string;
let clientIds: number[];
let texts: string[];
let days: string[];

const SEED = process.env.LIST_SEED ? Number(process.env.LIST_SEED) : 400_003;
const sample = <T>(arb: fc.Arbitrary<T>, n: number, seed = SEED) => fc.sample(arb, { seed, numRuns: n });

const WORDS = ['Ромашка', 'ромашка', 'Иван', 'ООО', '«Меридиан»', 'Техно', 'Альфа', 'Ёлка', 'к-12', 'ZETA', '100%', 'под_черк', 'a\\b'];
/** Broad texts past the search's count cap (SEARCH_COUNT_LIMIT), LIKE's own characters, one letter, none. */
const BROAD = ['к-', 'ом', 'ооо', 'а', '100%', '_', 'a\\b', 'ё', 'нет-такого'];
const DAY_MS = 86_400_000;
/** Midnight in Moscow, the list's day boundary (UTC+3). */
const MOSCOW_MIDNIGHT = Date.parse('2026-01-01T00:00:00+03:00');

beforeAll(async () => {
  ({ t, k } = await openOrdersTest());
  manager = await t.login('manager@platform.demo');
  const db = k.db;

  const names = sample(fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }), 14, SEED + 1).map((w) => w.join(' '));
  const made = await db
    .insertInto('clients')
    .values(names.map((name) => ({ partner_id: k.main, name })))
    .returning('id')
    .execute();
  const seeded = await db.selectFrom('clients').select('id').where('partner_id', '=', k.main).orderBy('id').limit(30).execute();
  clientIds = [...made, ...seeded].map((c) => Number(c.id));

  const order = fc.record({
    client: fc.constantFrom(...clientIds),
    status: fc.constantFrom(...ORDER_STATUSES),
    // Some exactly at a Moscow midnight or a millisecond before it: the day filter's edges.
    at: fc.oneof(
      fc.integer({ min: -400 * DAY_MS, max: 330 * DAY_MS }),
      fc.integer({ min: -400, max: 330 }).chain((d) => fc.constantFrom(d * DAY_MS, d * DAY_MS - 1)),
    ),
    sum: fc.constantFrom('0', '100', '100.5', '2500.2500', '99999'),
    count: fc.integer({ min: 0, max: 4 }),
    phone: fc.option(fc.constantFrom('+7 (915) 986-64-56', '8 495 512-00-11', '+7(926)1180000', '495) 512'), { nil: null }),
    email: fc.option(fc.constantFrom('romashka@mail.ru', 'ivan_100%@bk.ru', 'zeta@tech.no'), { nil: null }),
  });
  const generated = sample(order, 420, SEED + 2);
  const inserted = await db
    .insertInto('orders')
    .values(
      generated.map((o, i) => ({
        partner_id: k.main,
        order_number: `ГН-${String(i).padStart(4, '0')}`,
        client_id: o.client,
        status: o.status,
        position_sum: o.sum,
        position_count: o.count,
        contact_phone: o.phone,
        contact_email: o.email,
        created_at: new Date(MOSCOW_MIDNIGHT + o.at),
      })),
    )
    .returning('id')
    .execute();
  // Tombstones of orders routed to the second partner: in no list and no count.
  const routed = sample(fc.constantFrom(...inserted.map((r) => Number(r.id))), 25, SEED + 3);
  await db
    .updateTable('orders')
    .set({ status: 'CANCELED', routed_to_partner_id: k.second, routed_to_order_id: -1 })
    .where('partner_id', '=', k.main)
    .where('id', 'in', routed)
    .execute();

  const fields = await db
    .selectFrom('orders')
    .select(['order_number', 'client_name', 'contact_email', 'contact_phone'])
    .where('partner_id', '=', k.main)
    .orderBy('id')
    .execute();
  const slices = sample(
    fc.tuple(
      fc.constantFrom(...fields),
      fc.constantFrom('order_number', 'client_name', 'contact_email', 'contact_phone'),
      fc.nat(20),
      fc.integer({ min: 1, max: 8 }),
    ),
    160,
    SEED + 4,
  ).flatMap(([row, field, from, length]) => {
    const value = row[field as keyof typeof row] as string | null;
    const part = value?.slice(from % value.length, (from % value.length) + length).trim();
    return part ? [part] : [];
  });
  texts = slices;
  const span = sample(fc.integer({ min: -420, max: 340 }), 40, SEED + 5);
  days = span.map((d) => new Date(MOSCOW_MIDNIGHT + d * DAY_MS + 3 * 3600_000).toISOString().slice(0, 10));
});
afterAll(() => t?.close());

/** `arb` in one case out of `oneIn`, else undefined. */
const sometimes = <T>(arb: fc.Arbitrary<T>, oneIn: number) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: oneIn - 1 }, { arbitrary: arb, weight: 1 });

const request = fc.record({
  who: fc.constantFrom('partner', 'partner', 'partner', 'manager', 'manager of one'),
  status: sometimes(fc.constantFrom(...ORDER_STATUSES), 3),
  client: sometimes(fc.nat(), 4),
  from: sometimes(fc.nat(), 3),
  to: sometimes(fc.nat(), 3),
  // A slice of an order's number, client's name, e-mail or phone (an index into `texts`), or a broad text.
  text: sometimes(fc.oneof(fc.nat(), fc.constantFrom(...BROAD)), 2),
  sort: fc.constantFrom(...ORDER_SORTS),
  order: fc.constantFrom('ASC' as const, 'DESC' as const),
  limit: fc.constantFrom(12, 24, 36),
  // An offset near the start, or a share of the filter's count: deep pages, the back half, past the end.
  at: fc.oneof(fc.nat(260), fc.integer({ min: 500, max: 1600 }), fc.double({ min: 0, max: 1.02, noNaN: true })),
  foreignShop: fc.nat(9).map((n) => n === 0),
});

describe('the order list equals its reference query', () => {
  it('for random filters, sorts and offsets, on the partner’s and the manager’s routes: the same rows in the same order, the same NAV', async () => {
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const q: OrderListQuery = {
          sort: r.sort,
          order: r.order,
          limit: r.limit,
          offset: 0,
          status: r.status,
          client_id: r.client === undefined ? undefined : clientIds[r.client % clientIds.length],
          date_start: r.from === undefined ? undefined : days[r.from % days.length],
          date_end: r.to === undefined ? undefined : days[r.to % days.length],
          query: typeof r.text === 'number' ? texts[r.text % texts.length] : r.text,
          shop_id: r.who === 'partner' && r.foreignShop ? k.second : undefined,
        };
        const partnerId = r.who === 'manager' ? undefined : k.main;
        const { matching } = await referenceOrderList(k.db, partnerId, q);
        q.offset = Number.isInteger(r.at) ? r.at : Math.floor(r.at * matching);
        const expected = await referenceOrderList(k.db, partnerId, q);

        const params = new URLSearchParams();
        for (const [name, v] of Object.entries(q)) if (v !== undefined) params.set(name, String(v));
        if (r.who === 'manager of one') params.set('partner_id', String(k.main));
        const url = r.who === 'partner' ? `/v3/api/partner/orderlist/?${params}` : `/v3/api/manager/order/?${params}`;
        const res = r.who === 'partner' ? await k.as('owner').get(url) : await t.app.inject({ url, headers: bearer(manager) });
        expect(res.statusCode, url).toBe(200);
        const answer = res.json() as OrderListAnswer;
        expect(answer.NAV, url).toEqual(expected.NAV);
        expect(
          answer.ITEMS.map((i) => ({
            id: i.ID,
            partner_id: i.SHOP.ID,
            order_number: i.ORDER_NUMBER,
            status: i.STATUS.STATUS_CODE,
            client_id: i.CLIENT.ID,
            client_name: i.CLIENT.NAME,
          })),
          url,
        ).toEqual(expected.rows);

        const text = q.query !== undefined;
        if (text && matching > SEARCH_COUNT_LIMIT) seen.add(q.offset + q.limit <= 200 ? 'broad search, first pages' : 'broad search, deeper');
        if (text && matching <= SEARCH_COUNT_LIMIT && expected.rows.length) seen.add('narrow search');
        if (!text && q.offset >= 500 && q.offset < matching) seen.add(q.sort === 'CREATE_DATE' || !partnerId ? 'deep page by date' : 'deep page');
        if (!text && q.offset > matching / 2 && q.offset < matching) seen.add('back half');
        if (q.client_id && partnerId) seen.add('a client');
        if (!partnerId) seen.add('across partners');
      }),
      { numRuns: 150, seed: SEED, verbose: 1 },
    );
    // Not vacuous: every variant was reached.
    expect([...seen].sort()).toEqual(
      [
        'a client',
        'across partners',
        'back half',
        'broad search, deeper',
        'broad search, first pages',
        'deep page',
        'deep page by date',
        'narrow search',
      ].sort(),
    );
  }, 300_000);
});
