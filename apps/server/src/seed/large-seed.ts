import { sql, type RawBuilder } from 'kysely';
import type { Db } from '@/db/database';
import { seedDemo } from './demo-seed';
import { KANCLER } from './demo-partners';
import { growOffers } from './offers-history-seed';
import { COMPANY_ENDINGS, COMPANY_MAILBOXES, COMPANY_STEMS, FEMALE_NAMES, MALE_NAMES, SURNAMES } from './names-ru';

/**
 * `npm run seed -- --size large`: a large supplier for the benchmark (issue 11). The demo data set is loaded with
 * a 20,000-product catalogue, then «Канцлер Опт» grows to LARGE.clients clients and LARGE.orders orders with their
 * items, history and open basket, generated inside the database (INSERT … SELECT over generate_series): a million
 * orders in minutes, not hours of client-side inserts. Deterministic: every random choice is a hash of the row's
 * ordinal, so two runs give the same data (dates stay relative to today).
 */
export const LARGE = { products: 20_000, clients: 100_000, orders: 1_000_000 } as const;
/** Offers in the large supplier's history (a few a week for years). */
export const LARGE_OFFERS = 2000;
export type LargeSizes = { products: number; clients: number; orders: number };

const ORDER_TABLES = ['orders', 'order_items', 'order_history'];
/** What the orders' triggers keep current as each chunk goes in (their keys stay; their lookups are built after). */
const READ_MODELS_OF_ORDERS = [
  'order_counts',
  'order_status_counts',
  'client_order_stats',
  'report_partner_day',
  'report_order_sets',
  ...['day', 'week', 'month'].flatMap((grain) => [`report_sales_${grain}`, `report_clients_${grain}`, `report_group_orders_${grain}`]),
];

/** Orders generated per statement: bounded temp tables, progress between chunks. */
const CHUNK = 100_000;
const PARTNER_AGE_DAYS = 560;

/** A text[] literal of fixed word lists (no quotes or backslashes in them). */
const words = (list: readonly string[]): RawBuilder<string[]> => sql.raw(`'{${list.map((w) => `"${w}"`).join(',')}}'::text[]`);

/** A deterministic number in [0, 1) from a row ordinal and a salt (PostgreSQL's integer hash). */
const u = (ordinal: RawBuilder<unknown>, salt: number) =>
  sql<number>`((hashint8(${ordinal}::bigint * 7919 + ${sql.lit(salt)})::bigint & 2147483647) / 2147483648.0)`;
/** The same number as a double: power() and sqrt() of a NUMERIC cost ~20 µs a row (8 of a chunk's 30 s were one). */
const uf = (ordinal: RawBuilder<unknown>, salt: number) => sql<number>`(${u(ordinal, salt)})::float8`;
const pick = (list: RawBuilder<string[]>, ordinal: RawBuilder<unknown>, salt: number) =>
  sql<string>`(${list})[1 + floor(${u(ordinal, salt)} * cardinality(${list}))::int]`;

export async function seedLarge(db: Db, log: (m: string) => void = () => {}, sizes: LargeSizes = LARGE): Promise<void> {
  const started = performance.now();
  const step = (label: string) => log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(0)} s`);
  await seedDemo(db, { scale: sizes.products / 3000, log });
  step(`demo data set with ${sizes.products} products`);

  const partner = await db.selectFrom('partners').select('id').where('name', '=', KANCLER.name).executeTakeFirstOrThrow();
  const p = partner.id;
  await db.transaction().execute(async (trx) => {
    // A chunk's items are sorted to pick distinct products: in memory rather than in files.
    await sql`set local work_mem = '256MB'`.execute(trx);
    await growClients(trx, p, sizes.clients);
    step(`clients up to ${sizes.clients}`);
    await planOrders(trx, p, sizes.orders);
    step(`${sizes.orders} order headers planned`);
    const total = Number((await sql<{ n: number }>`select count(*)::int as n from large_orders`.execute(trx)).rows[0].n);
    await bulkLoading(trx, [...ORDER_TABLES, ...READ_MODELS_OF_ORDERS], async () => {
      // The brand and section counts are rebuilt once at the end: their insert trigger looks up each chunk's orders'
      // earlier items, which without the dropped indexes became a nested loop past ~400,000 orders (a chunk took
      // 380 s instead of 30, the seed 42 minutes instead of 10).
      await sql`alter table order_items disable trigger report_group_items_insert`.execute(trx);
      for (let from = 1; from <= total; from += CHUNK) {
        await insertOrderChunk(trx, p, from, Math.min(total, from + CHUNK - 1));
        step(`orders ${Math.min(total, from + CHUNK - 1)} of ${total}`);
      }
      await sql`alter table order_items enable trigger report_group_items_insert`.execute(trx);
      await sql`select report_group_orders_rebuild()`.execute(trx);
      step('brand and section counts rebuilt');
    });
    step('indexes and foreign keys back');
    await fillOpenBasket(trx, p);
    step('open basket');
    await growOffers(trx, p, LARGE_OFFERS);
    step(`${LARGE_OFFERS} offers`);
  });
  await sql`vacuum analyze`.execute(db);
  step('vacuum analyze');
}

/**
 * Bulk loading: the tables' secondary indexes (not those of keys and constraints) and their foreign keys are dropped,
 * the work done, and both created again from their own definitions. Building an index once is far cheaper than a
 * million insertions into it (the trigram indexes most of all), and a foreign key added to full tables is checked by
 * one join instead of a lookup per inserted row (1.3 million lookups a chunk).
 */
async function bulkLoading(db: Db, tables: string[], work: () => Promise<void>) {
  const { rows: indexes } = await sql<{ name: string; def: string }>`
    select i.indexname as name, i.indexdef as def from pg_indexes i
    where i.schemaname = current_schema() and i.tablename = any(${tables})
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`.execute(db);
  const { rows: foreignKeys } = await sql<{ table: string; name: string; def: string }>`
    select t.relname as table, c.conname as name, pg_get_constraintdef(c.oid) as def
    from pg_constraint c join pg_class t on t.oid = c.conrelid
    where c.contype = 'f' and t.relnamespace = current_schema()::regnamespace and t.relname = any(${tables})`.execute(db);
  for (const k of foreignKeys) await sql`alter table ${sql.id(k.table)} drop constraint ${sql.id(k.name)}`.execute(db);
  for (const r of indexes) await sql`drop index ${sql.id(r.name)}`.execute(db);
  await work();
  await sql`set local maintenance_work_mem = '512MB'`.execute(db);
  for (const r of indexes) await sql.raw(r.def).execute(db);
  for (const k of foreignKeys) await sql`alter table ${sql.id(k.table)} add constraint ${sql.id(k.name)} ${sql.raw(k.def)}`.execute(db);
}

/** Legal entities with valid 10-digit INNs (region 99, not used by the demo's clients), registered over 560 days. */
async function growClients(db: Db, p: number, target: number) {
  const existing = Number(
    (
      await db
        .selectFrom('clients')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('partner_id', '=', p)
        .executeTakeFirstOrThrow()
    ).n,
  );
  const g = sql`g`;
  await sql`
    insert into clients (partner_id, name, short_name, inn, legal_entity, phone, email, address, is_new, registered_at)
    select ${p}, 'ООО «' || stem || '»', stem, inn9 || ((
        select sum(substr(inn9, i, 1)::int * (array[2,4,10,3,5,9,4,6,8])[i]) from generate_series(1, 9) i
      ) % 11 % 10)::text,
      true, phone, mailbox || g || '@' || lower(translate(stem, 'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя- ',
        'ABVGDEEJZIIKLMNOPRSTUFHCCSS_Y_EUAabvgdeejziiklmnoprstufhccss_y_eua')) || '.ru',
      'г. Москва, ул. ' || street || ', д. ' || (1 + floor(${u(g, 5)} * 120)::int), false,
      now() - make_interval(days => ${PARTNER_AGE_DAYS}) * sqrt(${uf(g, 6)})
    from (
      select g, ${pick(words(COMPANY_STEMS), g, 1)} || ${pick(words(COMPANY_ENDINGS), g, 2)} as stem,
        '99' || lpad(g::text, 7, '0') as inn9,
        '+7 (495) ' || lpad((100 + g % 900)::text, 3, '0') || '-' || lpad((g / 900 % 100)::text, 2, '0') || '-' || lpad((g % 97)::text, 2, '0') as phone,
        ${pick(words(COMPANY_MAILBOXES), g, 3)} as mailbox,
        ${pick(words(['Тверская', 'Новый Арбат', 'Профсоюзная', 'Ленинский проспект', 'Варшавское шоссе', 'Кутузовский проспект', 'Мясницкая', 'Бауманская', 'Дубининская', 'Нижегородская']), g, 4)} as street
      from generate_series(1, ${Math.max(0, target - existing)}) g
    ) c`.execute(db);
  await sql`analyze clients`.execute(db);
}

/**
 * The order headers, numbered in time order: a client (the busiest first: a skewed pick), a moment between its
 * registration and now, a status by age (recent orders are still being worked on, old ones closed), a contact.
 */
async function planOrders(db: Db, p: number, target: number) {
  const existing = Number(
    (
      await db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('partner_id', '=', p)
        .executeTakeFirstOrThrow()
    ).n,
  );
  await sql`
    create temp table large_clients on commit drop as
    select (row_number() over (order by id) - 1)::int as n, id, registered_at, email, phone
    from clients where partner_id = ${p} and not blacklisted`.execute(db);
  await sql`create unique index on large_clients (n)`.execute(db);
  const clientCount = Number((await sql<{ n: number }>`select count(*)::int as n from large_clients`.execute(db)).rows[0].n);
  const g = sql`g`;
  await sql`
    create temp table large_orders on commit drop as
    select row_number() over (order by created_at, g)::int as g, client_id, created_at, email, phone, person, pickup,
      case
        when age < interval '8 hours' then (array['NEW','VIEWED','IN_BASKET'])[1 + floor(r * 3)::int]
        when age < interval '2 days' then (array['VIEWED','IN_BASKET','IN_BASKET','COMPLETED','CANCELED'])[1 + floor(r * 5)::int]
        when r < 0.9 then 'COMPLETED' else 'CANCELED'
      end as status,
      (array['CASH','NON_CASH','NON_CASH','CARD'])[1 + floor(r2 * 4)::int] as payment_type
    from (
      select g, c.id as client_id, c.email, c.phone,
        c.registered_at + (now() - interval '5 minutes' - c.registered_at) * sqrt(${uf(g, 12)}) as created_at,
        now() - (c.registered_at + (now() - interval '5 minutes' - c.registered_at) * sqrt(${uf(g, 12)})) as age,
        ${pick(words([...MALE_NAMES, ...FEMALE_NAMES]), g, 13)} || ' ' || ${pick(words(SURNAMES), g, 14)} as person,
        ${u(g, 15)} < 0.35 as pickup, ${u(g, 16)} as r, ${u(g, 17)} as r2
      from generate_series(1, ${Math.max(0, target - existing)}) g
      join large_clients c on c.n = floor(${clientCount} * power(${uf(g, 11)}, 2))::int
    ) o`.execute(db);
  await sql`create unique index on large_orders (g)`.execute(db);
  await sql`
    create temp table large_products on commit drop as
    select (row_number() over (order by id) - 1)::int as n, id, up_code_1c, name, purchase_price, rrc, multiplicity_corporate
    from catalog_products where active`.execute(db);
  await sql`create unique index on large_products (n)`.execute(db);
  await sql`
    create temp table large_staff on commit drop as
    select array_agg(id order by email) as ids from users
    where partner_id = ${p} and email in ('orders@partner.demo', 'admin@partner.demo', 'owner@partner.demo')`.execute(db);
}

/** One chunk: items (1–8 distinct products, popular ones more often), the orders with their sums, then history. */
async function insertOrderChunk(db: Db, p: number, from: number, to: number) {
  const productCount = Number((await sql<{ n: number }>`select count(*)::int as n from large_products`.execute(db)).rows[0].n);
  const k = sql`(o.g * 16 + k)`;
  await sql`
    create temp table large_items on commit drop as
    select distinct on (o.g, pr.id) o.g, pr.id as product_id, pr.up_code_1c, pr.name, pr.purchase_price as buying_price,
      round(pr.rrc * (0.9 + ${u(k, 21)} * 0.1), 2) as price,
      pr.multiplicity_corporate * (1 + floor(${u(k, 22)} * 10)::int) as quantity
    from large_orders o
    cross join lateral generate_series(1, 1 + floor(${u(sql`o.g`, 20)} * 8)::int) k
    join large_products pr on pr.n = floor(${productCount} * power(${uf(k, 23)}, 2.5))::int
    where o.g between ${from} and ${to}`.execute(db);
  await sql`
    with sums as (
      select g, count(*)::int as cnt, sum(price * quantity) as total, sum(buying_price * quantity) as purchase
      from large_items group by g
    ), tp as (
      select array_agg(id order by id) as ids, min(address) as address from tradepoints where partner_id = ${p}
    ), shop as (select min_order_sum from shops where partner_id = ${p})
    insert into orders (partner_id, order_number, client_id, status, payment_type, position_count, position_sum,
      purchase_sum, position_margin, contact_name, contact_phone, contact_email, user_phone, address, tradepoint_id,
      min_order_sum, created_at, updated_at, viewed_at, sent_at, completed_at, canceled_at, manager_user_id)
    select ${p}, ${KANCLER.orderPrefix} || '-' || lpad((100000 + o.g)::text, 7, '0'), o.client_id, o.status, o.payment_type,
      s.cnt, s.total, s.purchase, s.total - s.purchase, o.person, o.phone, o.email, o.phone,
      case when o.pickup then null else 'г. Москва, ' || o.person || ', офис ' || (1 + o.g % 300) end,
      case when o.pickup then tp.ids[1 + o.g % cardinality(tp.ids)] end,
      shop.min_order_sum, o.created_at, o.created_at + interval '1 day',
      case when o.status <> 'NEW' then o.created_at + interval '25 minutes' end,
      case when o.status in ('IN_BASKET', 'COMPLETED') then o.created_at + interval '2 hours' end,
      case when o.status = 'COMPLETED' then o.created_at + interval '1 day' end,
      case when o.status = 'CANCELED' then o.created_at + interval '3 hours' end,
      case when o.status <> 'NEW' then (select ids[1 + o.g % cardinality(ids)] from large_staff) end
    from large_orders o join sums s using (g) cross join tp cross join shop
    where o.g between ${from} and ${to}
    order by o.g`.execute(db);
  const numberOf = sql`${KANCLER.orderPrefix} || '-' || lpad((100000 + i.g)::text, 7, '0')`;
  await sql`
    insert into order_items (partner_id, order_id, product_id, up_code_1c, name, buying_price, price, quantity)
    select ${p}, o.id, i.product_id, i.up_code_1c, i.name, i.buying_price, i.price, i.quantity
    from large_items i join orders o on o.partner_id = ${p} and o.order_number = ${numberOf}
    order by o.id`.execute(db);
  await sql`
    insert into order_history (partner_id, order_id, user_id, action, details, created_at)
    select o.partner_id, o.id, case when e.action = 'CREATED' then null else o.manager_user_id end, e.action, '{}', e.at
    from orders o
    cross join lateral (values
      ('CREATED', o.created_at), ('VIEWED', o.viewed_at), ('SENT_TO_BASKET', o.sent_at),
      ('COMPLETED', o.completed_at), ('CANCELED', o.canceled_at)
    ) e(action, at)
    where o.partner_id = ${p} and o.order_number between ${KANCLER.orderPrefix} || '-' || lpad(${100000 + from}::text, 7, '0')
      and ${KANCLER.orderPrefix} || '-' || lpad(${100000 + to}::text, 7, '0')
      and e.at is not null`.execute(db);
  await sql`drop table large_items`.execute(db);
}

/** The IN_BASKET orders' items are in the partner's open distribution-centre basket. */
async function fillOpenBasket(db: Db, p: number) {
  await sql`
    insert into dc_baskets (partner_id, status)
    select ${p}, 'OPEN' where not exists (select 1 from dc_baskets where partner_id = ${p} and status = 'OPEN')`.execute(db);
  await sql`
    insert into dc_basket_items (partner_id, basket_id, order_id, product_id, quantity, price, added_at)
    select ${p}, b.id, i.order_id, i.product_id, sum(i.quantity), min(i.buying_price), min(o.sent_at)
    from orders o
    join order_items i on i.partner_id = o.partner_id and i.order_id = o.id
    cross join (select id from dc_baskets where partner_id = ${p} and status = 'OPEN') b
    where o.partner_id = ${p} and o.status = 'IN_BASKET'
      and not exists (select 1 from dc_basket_items x where x.partner_id = ${p} and x.order_id = o.id)
    group by b.id, i.order_id, i.product_id`.execute(db);
}
