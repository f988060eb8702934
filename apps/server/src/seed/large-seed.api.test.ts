import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '@/db/database';
import { migrateToLatest } from '@/db/migrate';
import { openEmptyDatabase } from '@/test/empty-database';
import { clientCountsDrift, clientStatsDrift, orderCountDrift, sectionCountsDrift } from '@/test/read-model-drift';
import { KANCLER } from './demo-partners';
import { seedLarge } from './large-seed';

/**
 * The large supplier's generator (`npm run seed -- --size large`), run at a small size on a fresh database of each
 * engine: the sizes it promises and the invariants every screen relies on (sums equal their items, statuses match
 * their history and the basket, the read models match the rows).
 */

const SIZES = { products: 3000, clients: 400, orders: 3000 };

let database: Database;
let db: Db;
let drop = async () => {};
let partnerId: number;
let schemaBefore: string[];

/** Every index and constraint of the schema, by table and name, with its definition. */
const schemaObjects = async () =>
  (
    await sql<{ d: string }>`
      select tablename || '.' || indexname || ': ' || indexdef as d from pg_indexes where schemaname = current_schema()
      union all
      select t.relname || '.' || c.conname || ': ' || pg_get_constraintdef(c.oid)
      from pg_constraint c join pg_class t on t.oid = c.conrelid where t.relnamespace = current_schema()::regnamespace
      order by 1`.execute(db)
  ).rows.map((r) => r.d);

const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows[0];

beforeAll(async () => {
  ({ database, drop } = await openEmptyDatabase());
  db = database.db;
  await migrateToLatest(db);
  schemaBefore = await schemaObjects();
  await seedLarge(db, () => {}, SIZES);
  partnerId = (await db.selectFrom('partners').select('id').where('name', '=', KANCLER.name).executeTakeFirstOrThrow()).id;
}, 300_000);
afterAll(async () => {
  await database?.close();
  await drop();
});

describe('seedLarge', () => {
  it('grows the main partner to the asked numbers of products, clients and orders', async () => {
    const sizes = await one(sql<{ products: number; clients: number; orders: number }>`
      select (select count(*)::int from catalog_products) as products,
        (select count(*)::int from clients where partner_id = ${partnerId}) as clients,
        (select count(*)::int from orders where partner_id = ${partnerId}) as orders`);
    expect(sizes).toEqual(SIZES);
  });

  it('gives every order items whose sums are its sums, and order numbers that are unique', async () => {
    const wrong = await one(sql<{ n: number }>`
      select count(*)::int as n from orders o
      left join lateral (
        select count(*)::int as cnt, coalesce(sum(price * quantity), 0) as total, coalesce(sum(buying_price * quantity), 0) as purchase
        from order_items i where i.partner_id = o.partner_id and i.order_id = o.id
      ) i on true
      where o.partner_id = ${partnerId}
        and (i.cnt = 0 or i.cnt <> o.position_count or i.total <> o.position_sum or i.purchase <> o.purchase_sum
          or o.position_margin <> o.position_sum - o.purchase_sum)`);
    expect(wrong.n).toBe(0);
  });

  it('dates each order after its client registered and before now, with a history that ends in its status', async () => {
    const early = await one(sql<{ n: number }>`
      select count(*)::int as n from orders o join clients c on c.partner_id = o.partner_id and c.id = o.client_id
      where o.partner_id = ${partnerId} and (o.created_at < c.registered_at or o.created_at > now())`);
    expect(early.n).toBe(0);
    const mismatched = await one(sql<{ n: number }>`
      select count(*)::int as n from orders o
      cross join lateral (
        select action from order_history h where h.partner_id = o.partner_id and h.order_id = o.id
        order by created_at desc, id desc limit 1
      ) last
      where o.partner_id = ${partnerId} and last.action <> case o.status
        when 'NEW' then 'CREATED' when 'VIEWED' then 'VIEWED' when 'IN_BASKET' then 'SENT_TO_BASKET' else o.status end`);
    expect(mismatched.n).toBe(0);
    const statuses = (await sql<{ status: string }>`select distinct status from orders where partner_id = ${partnerId}`.execute(db)).rows;
    expect(statuses.map((s) => s.status).sort()).toEqual(['CANCELED', 'COMPLETED', 'IN_BASKET', 'NEW', 'VIEWED']);
  });

  it('puts exactly the IN_BASKET orders in the open basket', async () => {
    const apart = await one(sql<{ n: number }>`
      select count(*)::int as n from orders o
      where o.partner_id = ${partnerId}
        and (o.status = 'IN_BASKET') <> exists (select 1 from dc_basket_items b where b.partner_id = o.partner_id and b.order_id = o.id)`);
    expect(apart.n).toBe(0);
  });

  it('gives back every index and foreign key it dropped for the bulk load', async () => {
    expect(await schemaObjects()).toEqual(schemaBefore);
  });

  it('leaves the read models equal to the rows (they were kept by the triggers during the bulk load)', async () => {
    expect(await orderCountDrift(db)).toEqual([]);
    expect(await clientCountsDrift(db)).toEqual([]);
    expect(await clientStatsDrift(db)).toEqual([]);
    expect(await sectionCountsDrift(db)).toEqual([]);
  });

  it('gives the generated clients valid 10-digit INNs, unique within the partner', async () => {
    const { rows } = await sql<{ inn: string }>`select inn from clients where partner_id = ${partnerId} and inn like '99%'`.execute(db);
    // The demo's own 150 clients have other regions; the rest are generated.
    expect(rows.length).toBe(SIZES.clients - 150);
    expect(new Set(rows.map((r) => r.inn)).size).toBe(rows.length);
    const weights = [2, 4, 10, 3, 5, 9, 4, 6, 8];
    for (const { inn } of rows) {
      const digits = [...inn].map(Number);
      const control = (weights.reduce((s, w, i) => s + w * digits[i], 0) % 11) % 10;
      expect(digits[9], inn).toBe(control);
    }
  });
});
