import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '@/db/database';
import { migrateToLatest } from '@/db/migrate';
import { verifyPassword } from '@/modules/auth/passwords';
import { openEmptyDatabase } from '@/test/empty-database';
import { BUYER_ACCOUNT, DEMO_PASSWORD, STAFF_ACCOUNTS } from './demo-accounts';
import { isDatabaseEmpty, seedDemo } from './demo-seed';

/**
 * The demo data set at scale 1 on a fresh, empty database (in-memory PGlite; a new PostgreSQL database in
 * the api-pg project): the numbers and invariants it promises.
 */

let database: Database;
let db: Db;
let dropDatabase = async () => {};
let main: number;
let second: number;

const rows = async <T>(query: RawBuilder<T>) => (await query.execute(db)).rows;
/** The value of a `select count(*) n …` query. */
const count = async (query: RawBuilder<unknown>) => Number(((await rows(query))[0] as { n: unknown }).n);

beforeAll(async () => {
  ({ database, drop: dropDatabase } = await openEmptyDatabase());
  db = database.db;
  await migrateToLatest(db);
  expect(await isDatabaseEmpty(db)).toBe(true);
  await seedDemo(db, { scale: 1 });
  const partners = await db.selectFrom('shops').select(['partner_id', 'shop_link']).execute();
  main = partners.find((p) => p.shop_link === 'kancler')!.partner_id;
  second = partners.find((p) => p.shop_link === 'officemarket')!.partner_id;
}, 180_000);

afterAll(async () => {
  await database?.close();
  await dropDatabase();
});

describe('demo seed: catalogue', () => {
  it('has at least 3,000 products with unique 6-digit codes on third-level sections', async () => {
    expect(await count(sql`select count(*) n from catalog_products`)).toBeGreaterThanOrEqual(3000);
    expect(await count(sql`select count(*) n from catalog_products where up_code_1c !~ '^[0-9]{6}$'`)).toBe(0);
    expect(await count(sql`select count(distinct up_code_1c) n from catalog_products`)).toBe(
      await count(sql`select count(*) n from catalog_products`),
    );
    expect(await count(sql`select count(*) n from catalog_products p join catalog_sections s on s.id = p.section_id where s.depth <> 3`)).toBe(0);
  });

  it('has a three-level section tree: at least 8, 30 and 80 sections per level', async () => {
    const levels = await rows(sql<{ depth: number; n: number }>`select depth, count(*)::int n from catalog_sections group by depth order by depth`);
    expect(levels.map((l) => l.depth)).toEqual([1, 2, 3]);
    expect(levels[0].n).toBeGreaterThanOrEqual(8);
    expect(levels[1].n).toBeGreaterThanOrEqual(30);
    expect(levels[2].n).toBeGreaterThanOrEqual(80);
    expect(
      await count(sql`select count(*) n from catalog_sections c join catalog_sections p on p.id = c.parent_id where p.depth <> c.depth - 1`),
    ).toBe(0);
    expect(await count(sql`select count(*) n from catalog_sections where (depth = 1) <> (parent_id is null)`)).toBe(0);
  });

  it('prices products in kopecks with an RRC of 1.25–1.8 × the purchase price, and knows brands and stock', async () => {
    expect(
      await count(sql`select count(*) n from catalog_products
        where purchase_price <= 0 or purchase_price <> round(purchase_price, 2) or rrc <> round(rrc, 2)
           or rrc < round(purchase_price * 1.25, 2) - 0.01 or rrc > round(purchase_price * 1.8, 2) + 0.01`),
    ).toBe(0);
    expect(await count(sql`select count(*) n from catalog_products where brand_id is null or country_id is null or preview_picture is null`)).toBe(0);
    const brands = (await db.selectFrom('catalog_brands').select('name').execute()).map((b) => b.name);
    expect(brands).toEqual(expect.arrayContaining(['ErichKrause', 'Brauberg', 'Pilot', 'Stabilo', 'Комус', 'Луч', 'Гамма']));
    const cities = (await db.selectFrom('catalog_warehouses').select('city').execute()).map((w) => w.city);
    expect(cities).toEqual(expect.arrayContaining(['Москва', 'Санкт-Петербург', 'Екатеринбург', 'Новосибирск']));
    expect(await count(sql`select count(*) n from catalog_stock where quantity = 0`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*) n from catalog_stock where quantity > 0`)).toBeGreaterThan(0);
  });
});

describe('demo seed: accounts', () => {
  const flags = ['is_owner', 'role_admin', 'role_orders', 'role_price', 'role_clients', 'role_loyalty'] as const;
  const demoEmails = [...STAFF_ACCOUNTS.map((a) => a.email), BUYER_ACCOUNT.email];

  const user = (email: string) => db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

  it('has the 9 demo accounts with their kind, partner and one role flag each, all signing in with demo1234', async () => {
    const expected = {
      'owner@partner.demo': ['PARTNER', 'main', 'is_owner'],
      'admin@partner.demo': ['PARTNER', 'main', 'role_admin'],
      'orders@partner.demo': ['PARTNER', 'main', 'role_orders'],
      'price@partner.demo': ['PARTNER', 'main', 'role_price'],
      'clients@partner.demo': ['PARTNER', 'main', 'role_clients'],
      'loyalty@partner.demo': ['PARTNER', 'main', 'role_loyalty'],
      'owner@second.demo': ['PARTNER', 'second', 'is_owner'],
      'manager@platform.demo': ['MANAGER', null, null],
      'buyer@client.demo': ['CLIENT', 'main', null],
    } as const;
    for (const [email, [kind, partner, flag]] of Object.entries(expected)) {
      const u = await user(email);
      expect(u.kind, email).toBe(kind);
      expect(u.partner_id, email).toBe(partner === 'main' ? main : partner === 'second' ? second : null);
      for (const f of flags) expect(u[f], `${email} ${f}`).toBe(f === flag);
      expect(u.active, email).toBe(true);
      expect(u.name, email).not.toBe('');
      expect(await verifyPassword(u.password_hash, DEMO_PASSWORD), email).toBe(true);
    }
    expect((await user('owner@partner.demo')).surname).toBe('Петров');
  });

  it('hashes the demo password once (argon2id) for every demo account', async () => {
    const hashes = await db.selectFrom('users').select('password_hash').where('email', 'in', demoEmails).execute();
    expect(new Set(hashes.map((h) => h.password_hash)).size).toBe(1);
    expect(hashes[0].password_hash).toMatch(/^\$argon2id\$/);
  });

  it('links the buyer to «ООО Ромашка» and the manager to both partners, and keeps one employee disabled', async () => {
    const buyer = await user('buyer@client.demo');
    const client = await db.selectFrom('clients').selectAll().where('id', '=', buyer.client_id!).executeTakeFirstOrThrow();
    expect(client).toMatchObject({ partner_id: main, name: 'ООО «Ромашка»', blacklisted: false });

    const manager = await user('manager@platform.demo');
    const partners = await db.selectFrom('partners').select(['id', 'manager_user_id', 'loyalty_enabled']).execute();
    expect(partners).toHaveLength(2);
    for (const p of partners) expect(p.manager_user_id).toBe(manager.id);

    const former = await user('former@partner.demo');
    expect(former).toMatchObject({ kind: 'PARTNER', partner_id: main, active: false, is_owner: false });
  });
});

describe('demo seed: partners and shops', () => {
  it('sets up «Канцлер Опт»: shop, two Moscow tradepoints, price types and lists, loyalty and offer requisites', async () => {
    const shop = await db.selectFrom('shops').selectAll().where('partner_id', '=', main).executeTakeFirstOrThrow();
    expect(shop).toMatchObject({ name: 'Канцлер Опт', shop_link: 'kancler', domain_name: 'kancler.b2b.local', price_type: 'RRC' });
    expect(shop.phones).not.toHaveLength(0);

    const tradepoints = await db.selectFrom('tradepoints').selectAll().where('partner_id', '=', main).execute();
    expect(tradepoints).toHaveLength(2);
    expect(tradepoints.filter((t) => t.is_base)).toHaveLength(1);
    for (const t of tradepoints) {
      expect(t.address).toContain('Москва');
      expect(Number(t.latitude)).toBeCloseTo(55.7, 0);
      expect(Number(t.longitude)).toBeCloseTo(37.6, 0);
    }
    expect(shop.main_tradepoint_id).toBe(tradepoints.find((t) => t.is_base)!.id);

    const types = await db.selectFrom('price_types').select(['code', 'name']).where('partner_id', '=', main).orderBy('sort').execute();
    expect(types).toEqual([
      { code: 'RRC', name: 'Рекомендованная розничная цена' },
      { code: 'PURCHASE', name: 'Закупочная цена' },
    ]);
    const lists = await db.selectFrom('price_lists').selectAll().where('partner_id', '=', main).execute();
    expect(lists.filter((l) => l.is_base)).toMatchObject([{ kind: 'PRICELIST', name: 'Базовый прайс', sort: 200 }]);
    expect(lists.filter((l) => l.kind === 'PRICELIST' && !l.is_base)).toHaveLength(1);
    expect(lists.filter((l) => l.kind === 'COLUMN')).toHaveLength(1);

    const loyalty = await db.selectFrom('loyalty_programs').selectAll().where('partner_id', '=', main).executeTakeFirstOrThrow();
    expect(loyalty).toMatchObject({ enabled: true, title: 'Канцлер Бонус' });
    expect(loyalty.title.length).toBeLessThanOrEqual(35);
    expect(await count(sql`select count(*) n from loyalty_statuses where partner_id = ${main}`)).toBe(3);
    expect((await db.selectFrom('partners').select('loyalty_enabled').where('id', '=', main).executeTakeFirstOrThrow()).loyalty_enabled).toBe(true);

    const offer = await db.selectFrom('commercial_offer_settings').selectAll().where('partner_id', '=', main).executeTakeFirstOrThrow();
    expect(offer.inn).toMatch(/^\d{10}$/);
    expect(offer.bik).toMatch(/^\d{9}$/);
    expect(offer.checking_account).toMatch(/^\d{20}$/);
  });

  it('sets up «Офис Маркет» with its own shop and base price list', async () => {
    const shop = await db.selectFrom('shops').selectAll().where('partner_id', '=', second).executeTakeFirstOrThrow();
    expect(shop).toMatchObject({ name: 'Офис Маркет', shop_link: 'officemarket', domain_name: 'officemarket.b2b.local' });
    expect(await count(sql`select count(*) n from price_lists where partner_id = ${second} and is_base and name = 'Базовый прайс'`)).toBe(1);
  });

  it('has the three offer types and three offers of the first partner: a gift, a discount and an ended one', async () => {
    expect((await db.selectFrom('offer_types').select('code').orderBy('sort').execute()).map((t) => t.code)).toEqual(['GIFT', 'DISCOUNT', 'BANNER']);
    const offers = await db.selectFrom('offers').selectAll().where('partner_id', '=', main).orderBy('sort').execute();
    expect(offers.map((o) => o.type)).toEqual(['GIFT', 'DISCOUNT', 'BANNER']);
    const presents = await db.selectFrom('offer_presents').select('sum').where('offer_id', '=', offers[0].id).orderBy('sort').execute();
    expect(presents).toHaveLength(2);
    expect(Number(presents[0].sum)).toBeLessThan(Number(presents[1].sum));
    expect(await count(sql`select count(*) n from offer_products where offer_id = ${offers[1].id}`)).toBeGreaterThan(0);
    expect(offers[2].active).toBe(false);
    expect(offers[2].date_end!.getTime()).toBeLessThan(Date.now());
  });
});

describe('demo seed: clients', () => {
  it('has at least 150 clients of the first partner with unique 10- or 12-digit INNs and one client user each', async () => {
    expect(await count(sql`select count(*) n from clients where partner_id = ${main}`)).toBeGreaterThanOrEqual(150);
    expect(await count(sql`select count(*) n from clients where partner_id = ${main} and inn !~ '^([0-9]{10}|[0-9]{12})$'`)).toBe(0);
    expect(await count(sql`select count(*) n from clients where partner_id = ${main} and (legal_entity <> (length(inn) = 10))`)).toBe(0);
    expect(
      await count(sql`select count(*) n from clients c where partner_id = ${main}
        and (select count(*) from users u where u.client_id = c.id and u.kind = 'CLIENT') <> 1`),
    ).toBe(0);
    expect(await count(sql`select count(*) n from clients where partner_id = ${main} and currency <> 'RUB'`)).toBe(0);
  });

  it('registered them over the last 18 months; some are new, about 8 blacklisted, some priced differently', async () => {
    expect(await count(sql`select count(*) n from clients where registered_at < now() - interval '550 days' or registered_at > now()`)).toBe(0);
    expect(
      await count(sql`select count(*) n from clients where partner_id = ${main} and registered_at < now() - interval '365 days'`),
    ).toBeGreaterThan(0);
    expect(await count(sql`select count(*) n from clients where partner_id = ${main} and is_new`)).toBeGreaterThan(0);
    const blacklisted = await count(sql`select count(*) n from clients where partner_id = ${main} and blacklisted`);
    expect(blacklisted).toBeGreaterThanOrEqual(5);
    expect(blacklisted).toBeLessThanOrEqual(12);
    expect(await count(sql`select count(*) n from clients where blacklisted <> (blacklisted_at is not null)`)).toBe(0);
    expect(
      await count(sql`select count(*) n from clients where partner_id = ${main}
        and (price_type is not null or price_list_id is not null or price_column_id is not null)`),
    ).toBeGreaterThan(0);
    expect(
      await count(sql`select count(*) n from clients c where has_individual
      and not exists (select 1 from client_prices p where p.client_id = c.id)`),
    ).toBe(0);
  });

  it('has about 15 client users without a password', async () => {
    const without = await count(sql`select count(*) n from users where kind = 'CLIENT' and partner_id = ${main} and password_hash is null`);
    expect(without).toBeGreaterThanOrEqual(10);
    expect(without).toBeLessThanOrEqual(20);
  });

  it('has 5 groups with members, some clients in several groups', async () => {
    const groups = await rows(sql<{ name: string; n: number }>`
      select g.name, count(m.client_id)::int n from client_groups g
      left join client_group_members m on m.partner_id = g.partner_id and m.group_id = g.id
      where g.partner_id = ${main} group by g.name`);
    expect(groups.map((g) => g.name).sort()).toEqual(['Бюджетные организации', 'Крупные оптовики', 'Новые клиенты', 'Розница', 'Школы и детсады']);
    for (const g of groups) expect(g.n, g.name).toBeGreaterThan(0);
    expect(
      await count(sql`select count(*) n from (select client_id from client_group_members where partner_id = ${main}
        group by client_id having count(*) > 1) x`),
    ).toBeGreaterThan(0);
  });
});

describe('demo seed: orders', () => {
  it('has at least 1,500 orders of the first partner in every status over the last 12 months', async () => {
    expect(await count(sql`select count(*) n from orders where partner_id = ${main}`)).toBeGreaterThanOrEqual(1500);
    const statuses = await rows(sql<{ status: string }>`select distinct status from orders where partner_id = ${main} order by status`);
    expect(statuses.map((s) => s.status)).toEqual(['CANCELED', 'COMPLETED', 'IN_BASKET', 'NEW', 'VIEWED']);
    expect(await count(sql`select count(*) n from orders where created_at < now() - interval '366 days' or created_at > now()`)).toBe(0);
    const recent = await count(sql`select count(*) n from orders where partner_id = ${main} and created_at > now() - interval '90 days'`);
    const oldest = await count(sql`select count(*) n from orders where partner_id = ${main} and created_at < now() - interval '275 days'`);
    expect(recent).toBeGreaterThan(oldest);
    expect(await count(sql`select count(*) n from orders where status = 'CANCELED' and coalesce(cancel_comment, '') = ''`)).toBe(0);
    expect(await count(sql`select count(*) n from orders where status <> 'CANCELED' and cancel_comment is not null`)).toBe(0);
  });

  it('keeps each order’s count and sums equal to its 1–15 items at the products’ purchase prices', async () => {
    const mismatched = await count(sql`
      select count(*) n from orders o
      join (select partner_id, order_id, count(*) cnt, sum(price * quantity) sales, sum(buying_price * quantity) cost
            from order_items group by partner_id, order_id) i on i.partner_id = o.partner_id and i.order_id = o.id
      where o.position_count <> i.cnt or o.position_sum <> i.sales or o.purchase_sum <> i.cost
         or o.position_margin <> o.position_sum - o.purchase_sum or i.cnt not between 1 and 15`);
    expect(mismatched).toBe(0);
    expect(await count(sql`select count(*) n from orders o where not exists (select 1 from order_items i where i.order_id = o.id)`)).toBe(0);
    expect(
      await count(sql`select count(*) n from order_items i join catalog_products p on p.id = i.product_id
        where i.buying_price <> p.purchase_price or i.up_code_1c <> p.up_code_1c or i.name <> p.name or i.price <= 0`),
    ).toBe(0);
  });

  it('has a history for every order: CREATED first, later steps by staff, all before now', async () => {
    expect(
      await count(sql`select count(*) n from orders o where not exists
        (select 1 from order_history h where h.order_id = o.id and h.action = 'CREATED' and h.created_at = o.created_at)`),
    ).toBe(0);
    expect(
      await count(sql`select count(*) n from order_history h join orders o on o.id = h.order_id
        where h.created_at < o.created_at or h.created_at > now()`),
    ).toBe(0);
    expect(
      await count(sql`select count(*) n from order_history h join users u on u.id = h.user_id
        where h.action <> 'CREATED' and (u.kind <> 'PARTNER' or u.partner_id <> h.partner_id)`),
    ).toBe(0);
    expect(
      await count(sql`select count(*) n from orders o where o.status <> 'NEW' and not exists
        (select 1 from order_history h where h.order_id = o.id and h.action = (case o.status
          when 'VIEWED' then 'VIEWED' when 'IN_BASKET' then 'SENT_TO_BASKET' else o.status end))`),
    ).toBe(0);
  });

  it('takes orders from blacklisted clients only before their blacklisting, and clears is_new of clients with orders', async () => {
    expect(
      await count(sql`select count(*) n from orders o join clients c on c.id = o.client_id
        where c.blacklisted and o.created_at >= c.blacklisted_at`),
    ).toBe(0);
    expect(await count(sql`select count(*) n from orders o join clients c on c.id = o.client_id where o.created_at < c.registered_at`)).toBe(0);
    expect(await count(sql`select count(*) n from clients c where is_new and exists (select 1 from orders o where o.client_id = c.id)`)).toBe(0);
  });

  it('holds the items of the IN_BASKET orders, and only those, in one open basket', async () => {
    expect(await count(sql`select count(*) n from dc_baskets where partner_id = ${main} and status = 'OPEN'`)).toBe(1);
    const inBasketItems = await count(sql`select count(*) n from order_items i join orders o on o.id = i.order_id
      where o.partner_id = ${main} and o.status = 'IN_BASKET'`);
    expect(inBasketItems).toBeGreaterThan(0);
    expect(await count(sql`select count(*) n from dc_basket_items where partner_id = ${main}`)).toBe(inBasketItems);
    expect(await count(sql`select count(*) n from dc_basket_items b join orders o on o.id = b.order_id where o.status <> 'IN_BASKET'`)).toBe(0);
  });
});

describe('demo seed: loyalty', () => {
  it('has about 60 members with unique cards whose balances equal their ledgers and never went below zero', async () => {
    const members = await count(sql`select count(*) n from loyalty_members where partner_id = ${main}`);
    expect(members).toBeGreaterThanOrEqual(50);
    expect(members).toBeLessThanOrEqual(70);
    expect(
      await count(sql`select count(*) n from loyalty_members m
        where m.balance <> coalesce((select sum(points) from loyalty_ledger l
          where l.partner_id = m.partner_id and l.client_id = m.client_id), 0)`),
    ).toBe(0);
    expect(
      await count(sql`select count(*) n from (select sum(points) over (partition by partner_id, client_id order by created_at, id) running
        from loyalty_ledger) x where running < 0`),
    ).toBe(0);
    const operations = await rows(sql<{ operation: string }>`select distinct operation from loyalty_ledger order by operation`);
    expect(operations.map((o) => o.operation)).toEqual(expect.arrayContaining(['CREDIT', 'DEBIT']));
    expect(
      await count(sql`select count(*) n from loyalty_ledger l join orders o on o.id = l.order_id
        where l.operation = 'CREDIT' and o.status <> 'COMPLETED'`),
    ).toBe(0);
  });
});

describe('demo seed: partner isolation', () => {
  it('gives the second partner about 10 clients and 20 orders of its own, sharing nothing with the first', async () => {
    const clients = await count(sql`select count(*) n from clients where partner_id = ${second}`);
    const orders = await count(sql`select count(*) n from orders where partner_id = ${second}`);
    expect(clients).toBeGreaterThanOrEqual(5);
    expect(orders).toBeGreaterThanOrEqual(10);
    expect(await count(sql`select count(*) n from orders o join clients c on c.id = o.client_id where c.partner_id <> o.partner_id`)).toBe(0);
    expect(await count(sql`select count(*) n from users u join clients c on c.id = u.client_id where c.partner_id <> u.partner_id`)).toBe(0);
    expect(await count(sql`select count(*) n from orders o join users u on u.id = o.client_user_id where u.partner_id <> o.partner_id`)).toBe(0);
    expect(
      await count(sql`select count(*) n from clients a join clients b on a.inn = b.inn where a.partner_id = ${main} and b.partner_id = ${second}`),
    ).toBe(0);
    expect(await count(sql`select count(*) n from loyalty_members where partner_id = ${second}`)).toBe(0);
  });
});
