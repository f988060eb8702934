import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderListAnswer, OrderListQuery } from '@b2b/contracts/orders';
import { clientCountsDrift, clientStatsDrift, orderCountDrift } from '@/test/read-model-drift';
import { countingStatements } from '@/test/statement-counter';
import type { TestApp } from '@/test/test-app';
import { orderListRepo } from './order-list.repo';
import { toOrderFilter } from './order-list.service';
import { openOrdersTest, type OrdersKit } from '../orders-test-kit';

/*
 * The read models behind the lists (migration 0012): order_counts and client_order_stats are kept by triggers,
 * and orders carry their client's name. Each test changes orders the way the product does (the API's actions,
 * inserts, a rename) and compares the read models with the same figures computed from scratch.
 */

let t: TestApp;
let k: OrdersKit;

beforeAll(async () => {
  ({ t, k } = await openOrdersTest());
});
afterAll(async () => t?.close());

const countDrift = () => orderCountDrift(k.db);
const clientCountDrift = () => clientCountsDrift(k.db);
const statsDrift = () => clientStatsDrift(k.db);

const list = async (query = '') => (await k.as('owner').get(`/v3/api/partner/orderlist/${query}`)).json() as OrderListAnswer;

describe('read models kept by triggers', () => {
  it('match a fresh count after the seed', async () => {
    expect(await countDrift()).toEqual([]);
    expect(await clientCountDrift()).toEqual([]);
    expect(await statsDrift()).toEqual([]);
  });

  it('follow accept, cancel and complete through the API: NEW_CNT and the status counts move at once', async () => {
    const fresh = await k.orderIds(k.main, 'NEW');
    while (fresh.length < 2) fresh.push(await k.makeNewOrder(k.main, new Set(fresh)));
    const [accepted, canceled] = fresh;
    const before = await list();
    expect((await k.as('orders').post(`/v3/api/partner/order/${accepted}/`, { action: 'accept' })).json()).toMatchObject({ SUCCESS: 'Y' });
    expect(
      (await k.as('orders').post(`/v3/api/partner/order/${canceled}/`, { action: 'cancel', cancel_comment: 'Нет в наличии' })).json(),
    ).toMatchObject({ SUCCESS: 'Y' });
    const after = await list();
    expect(after.NAV.NEW_CNT).toBe(before.NAV.NEW_CNT - 2);
    expect(after.NAV.CNT_ALL).toBe(before.NAV.CNT_ALL);
    expect((await list('?status=NEW')).NAV.CNT).toBe(after.NAV.NEW_CNT);
    expect(await countDrift()).toEqual([]);
    expect(await statsDrift()).toEqual([]);
  });

  it('follow inserts, sum changes, moves to another client and deletes done in SQL', async () => {
    const [a, b] = await k.db.selectFrom('clients').select('id').where('partner_id', '=', k.main).orderBy('id').limit(2).execute();
    const inserted = await k.db
      .insertInto('orders')
      .values([
        { partner_id: k.main, order_number: 'RM-1', client_id: a.id, status: 'NEW', position_sum: '100.5000', created_at: new Date() },
        {
          partner_id: k.main,
          order_number: 'RM-2',
          client_id: a.id,
          status: 'CANCELED',
          position_sum: '7.0000',
          created_at: new Date(Date.now() - 86400_000 * 400),
        },
      ])
      .returning('id')
      .execute();
    expect(await countDrift()).toEqual([]);
    expect(await statsDrift()).toEqual([]);
    const stats = await k.db
      .selectFrom('client_order_stats')
      .selectAll()
      .where('partner_id', '=', k.main)
      .where('client_id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(stats.last_order_id).toBe(inserted[0].id);

    await k.db.updateTable('orders').set({ position_sum: '250.0000', status: 'COMPLETED' }).where('id', '=', inserted[0].id).execute();
    await k.db.updateTable('orders').set({ client_id: b.id, status: 'VIEWED' }).where('id', '=', inserted[1].id).execute();
    expect(await countDrift()).toEqual([]);
    expect(await statsDrift()).toEqual([]);

    await k.db
      .deleteFrom('orders')
      .where(
        'id',
        'in',
        inserted.map((r) => r.id),
      )
      .execute();
    expect(await countDrift()).toEqual([]);
    expect(await statsDrift()).toEqual([]);
  });

  it('a new client has zero figures at once and appears in the client list', async () => {
    const client = await k.db
      .insertInto('clients')
      .values({ partner_id: k.main, name: 'ООО «Новый клиент»' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const stats = await k.db.selectFrom('client_order_stats').selectAll().where('client_id', '=', client.id).executeTakeFirstOrThrow();
    expect(stats).toMatchObject({ orders_count: 0, last_order_id: null });
    expect(Number(stats.orders_sum)).toBe(0);
    const answer = (await k.as('owner').get('/v3/api/partner/client/?sort=REGISTRATION_DATE&order=DESC')).json();
    expect(answer.ITEMS[0]).toMatchObject({ ID: client.id, ORDERS_COUNT: 0 });
    expect(await clientCountDrift()).toEqual([]);

    // Black-listed through the API, then moved to another day and deleted: the counts follow each step.
    const blacklistedBefore = (await k.as('owner').get('/v3/api/partner/client/?blacklist=Y')).json().NAV.CNT;
    expect((await k.as('owner').post('/v3/api/partner/blacklist/', { 'clients[0]': String(client.id), delete: 'Y' })).json()).toMatchObject({
      SUCCESS: 'Y',
    });
    expect((await k.as('owner').get('/v3/api/partner/client/?blacklist=Y')).json().NAV.CNT).toBe(blacklistedBefore + 1);
    expect(answer.NAV.CNT_ALL).toBe((await k.as('owner').get('/v3/api/partner/client/')).json().NAV.CNT_ALL);
    await k.db
      .updateTable('clients')
      .set({ registered_at: new Date(Date.now() - 86400_000 * 30) })
      .where('id', '=', client.id)
      .execute();
    expect(await clientCountDrift()).toEqual([]);
    await k.db.deleteFrom('clients').where('id', '=', client.id).execute();
    expect(await clientCountDrift()).toEqual([]);
  });

  it('renaming a client renames it on its orders: the list shows and finds the new name', async () => {
    const busy = await k.db
      .selectFrom('client_order_stats')
      .select('client_id')
      .where('partner_id', '=', k.main)
      .orderBy('orders_count', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    await k.db
      .updateTable('clients')
      .set({ name: 'ООО «Переименованный Ромашка»' })
      .where('partner_id', '=', k.main)
      .where('id', '=', busy.client_id)
      .execute();
    const found = await list(`?query=${encodeURIComponent('переименованный ром')}`);
    expect(found.NAV.CNT).toBeGreaterThan(0);
    expect(found.ITEMS.every((o) => o.CLIENT.ID === busy.client_id && o.CLIENT.NAME === 'ООО «Переименованный Ромашка»')).toBe(true);
    const left = await k.db
      .selectFrom('orders')
      .select('id')
      .where('client_id', '=', busy.client_id)
      .where('client_name', '!=', 'ООО «Переименованный Ромашка»')
      .execute();
    expect(left).toEqual([]);
  });

  it("a search cannot match across fields: a query with the fields' separator is refused, not run", async () => {
    const order = await k.db
      .selectFrom('orders')
      .select(['order_number', 'client_name'])
      .where('partner_id', '=', k.main)
      .limit(1)
      .executeTakeFirstOrThrow();
    const across = `${order.order_number.slice(-3)}\u0001${order.client_name.slice(0, 3)}`.toLowerCase();
    const res = await k.as('owner').get(`/v3/api/partner/orderlist/?query=${encodeURIComponent(across)}`);
    expect(res.statusCode).toBe(400);
  });
});

describe('a broad text search', () => {
  it('counts its first 1000 matches and says there are more; a narrow one counts exactly', async () => {
    const broad = await list(`?query=${encodeURIComponent('к-')}`);
    const all = (await list()).NAV.CNT_ALL;
    expect(all).toBeGreaterThan(1000);
    expect(broad.NAV).toMatchObject({ CNT: 1000, CNT_MORE: 'Y' });
    expect(broad.ITEMS).toHaveLength(12);
    const order = await k.db.selectFrom('orders').select('order_number').where('partner_id', '=', k.main).limit(1).executeTakeFirstOrThrow();
    const narrow = await list(`?query=${encodeURIComponent(order.order_number)}`);
    expect(narrow.NAV.CNT).toBe(1);
    expect(narrow.NAV.CNT_MORE).toBeUndefined();
  });
});

describe('deep pages by date', () => {
  it('start at the day the read model places them on: the same rows as skipping the offset, in both directions and under filters, each in one statement', async () => {
    const { db, counter } = countingStatements(k.db);
    const repo = orderListRepo(db);
    const statements = async <T>(read: () => Promise<T>) => {
      counter.n = 0;
      return { found: await read(), n: counter.n };
    };
    const newest = await k.db
      .selectFrom('orders')
      .select('created_at')
      .where('partner_id', '=', k.main)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const monthsBack = (n: number) => new Date(newest.created_at.getTime() - n * 30 * 86_400_000).toISOString().slice(0, 10);
    const filters: OrderListQuery[] = [{}, { status: 'COMPLETED' }, { date_start: monthsBack(8), date_end: monthsBack(2) }] as OrderListQuery[];
    for (const q of filters) {
      const filter = toOrderFilter(q);
      const { n } = await repo.count(k.main, filter);
      expect(n, JSON.stringify(q)).toBeGreaterThan(600);
      for (const direction of ['asc', 'desc'] as const) {
        for (const offset of [500, 613, n - 13, n - 1, n + 5]) {
          const window = { limit: 12, offset };
          const what = `${JSON.stringify(q)} ${direction} ${offset}`;
          const { found: sought, n: seekStatements } = await statements(() =>
            repo.page(k.main, filter, 'CREATE_DATE', direction, window, { n, more: false }),
          );
          const { found: skipped, n: skipStatements } = await statements(() =>
            repo.page(k.main, filter, 'CREATE_DATE', direction, window, undefined, false),
          );
          expect(
            sought.map((r) => r.id),
            what,
          ).toEqual(skipped.map((r) => r.id));
          // The day seek, the ids on the index and the rows by key: one statement; skipping on the index: one too.
          expect([seekStatements, skipStatements], what).toEqual([1, 1]);
          expect(sought.length).toBe(Math.max(0, Math.min(12, n - offset)));
        }
      }
    }
  });
});

describe("a word of the clients' names", () => {
  it("is capped from the matching clients' kept order counts, and counted on the orders once a status narrows it", async () => {
    const client = await k.db
      .selectFrom('clients')
      .select('id')
      .where('partner_id', '=', k.main)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    await k.db.updateTable('clients').set({ name: 'ООО «Широковещательный»' }).where('partner_id', '=', k.main).where('id', '=', client.id).execute();
    await sql`
      insert into orders (partner_id, order_number, client_id, status, position_sum, created_at)
      select ${k.main}, 'ШВ-' || g, ${client.id}, case when g <= 7 then 'CANCELED' else 'COMPLETED' end, 10, now() - g * interval '1 hour'
      from generate_series(1, 1008) g`.execute(k.db);
    const canceledBefore = await k.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('partner_id', '=', k.main)
      .where('client_id', '=', client.id)
      .where('status', '=', 'CANCELED')
      .executeTakeFirstOrThrow();

    const word = encodeURIComponent('широковещ');
    const broad = await list(`?query=${word}`);
    expect(broad.NAV).toMatchObject({ CNT: 1000, CNT_MORE: 'Y' });
    const apart = await orderListRepo(k.db).page(
      k.main,
      toOrderFilter({ query: 'широковещ' } as OrderListQuery),
      'CREATE_DATE',
      'desc',
      { limit: 12, offset: 0 },
      { n: 1000, more: true },
    );
    expect(broad.ITEMS.map((o) => o.ID)).toEqual(apart.map((r) => r.id));
    expect(broad.ITEMS.every((o) => o.CLIENT.ID === client.id)).toBe(true);

    // The clients' counts cannot see a status: the same word among the canceled orders is counted exactly.
    const canceled = await list(`?query=${word}&status=CANCELED`);
    expect(canceled.NAV.CNT).toBe(Number(canceledBefore.n));
    expect(canceled.NAV.CNT_MORE).toBeUndefined();
    expect(canceled.ITEMS.every((o) => o.STATUS.STATUS_CODE === 'CANCELED')).toBe(true);
  });
});
