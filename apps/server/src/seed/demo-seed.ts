import { seedContentPages } from './content-seed';
import { sql } from 'kysely';
import type { Db } from '@/db/database';
import { hashPassword } from '@/modules/auth/passwords';
import { seedCatalog, type SeededProduct } from './catalog-seed';
import { seedClientGroups } from './client-groups-seed';
import { clearNewFlagOfClientsWithOrders, insertClients, planClients } from './clients-seed';
import { addDays, daysBetween } from './dates';
import { DEMO_PASSWORD, STAFF_ACCOUNTS } from './demo-accounts';
import { KANCLER, OFFICE_MARKET } from './demo-partners';
import { seedExchange1c } from './exchange-1c-seed';
import { insertLoyalty, planLoyalty } from './loyalty-seed';
import { seedOffers, seedOfferTypes, seedSecondPartnerOffer } from './offers-seed';
import { insertOrders, seedOpenBasket } from './orders-seed';
import { planOrders } from './orders-plan';
import { seedPartner, type SeededPartner } from './partners-seed';
import { Random } from './random';
import { seedStaff, type SeededStaff } from './staff-seed';

/** The seed of the demo data set: the same data on every machine. */
export const DEMO_SEED = 20261122;
/** Product codes are 6 digits from 100001: room for 899,999 products. */
export const MAX_SCALE = 100;

export interface SeedOptions {
  scale: number;
  log?: (message: string) => void;
}

/** What a scale produces for the main demo partner (the second one stays small). */
export function demoSizes(scale: number) {
  const n = (base: number, min: number) => Math.max(min, Math.round(base * scale));
  return {
    products: n(3000, 300),
    clients: n(150, 30),
    orders: n(1500, 150),
    blacklisted: n(8, 2),
    withoutPassword: n(15, 3),
    withPersonalPrices: n(6, 1),
    loyaltyMembers: n(60, 10),
    secondPartnerClients: 10,
    secondPartnerOrders: 20,
  };
}

type DemoSizes = ReturnType<typeof demoSizes>;

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  return !(await db.selectFrom('partners').select('id').limit(1).executeTakeFirst());
}

const MAIN_PARTNER_AGE_DAYS = 560;
const SECOND_PARTNER_AGE_DAYS = 420;

interface Context {
  db: Db;
  now: Date;
  products: SeededProduct[];
  staff: SeededStaff;
  passwordHash: string;
  takenEmails: Set<string>;
}

/** «Канцлер Опт»: many clients and orders, groups, offers, loyalty and an open basket. */
async function seedMainPartnerTrade(ctx: Context, rng: Random, partner: SeededPartner, sizes: DemoSizes) {
  const { db, now, staff } = ctx;
  const clientPlans = planClients(rng.fork('clients'), partner, {
    count: sizes.clients,
    blacklisted: sizes.blacklisted,
    withoutPassword: sizes.withoutPassword,
    withPersonalPrices: sizes.withPersonalPrices,
    withBuyer: true,
    now,
    products: ctx.products,
    takenEmails: ctx.takenEmails,
  });
  const clients = await insertClients(db, partner.id, clientPlans, { passwordHash: ctx.passwordHash, now });
  await seedClientGroups(db, rng.fork('groups'), partner, clients, now);
  const discount = await seedOffers(db, rng.fork('offers'), partner.id, ctx.products, now);

  const handlers = { 'orders@partner.demo': 60, 'admin@partner.demo': 25, 'owner@partner.demo': 15 };
  const orders = planOrders(rng.fork('orders'), {
    count: sizes.orders,
    now,
    clients,
    products: ctx.products,
    tradepointIds: partner.tradepointIds,
    orderPrefix: partner.spec.orderPrefix,
    // The former employee handled a share of the older orders before leaving.
    handlerAt: (r, at) => staff.id(daysBetween(at, now) > 200 && r.chance(0.4) ? 'former@partner.demo' : r.pickWeighted(handlers)),
    discount,
  });
  const loyalty = partner.loyalty!;
  const members = planLoyalty(rng.fork('loyalty'), {
    memberCount: sizes.loyaltyMembers,
    clients,
    orders,
    statuses: loyalty.statuses,
    pointsPercent: loyalty.pointsPercent,
    employeeId: staff.id('loyalty@partner.demo'),
    now,
    burnDays: 365,
  });
  const orderIds = await insertOrders(db, partner.id, orders, partner.spec.shop);
  await seedOpenBasket(db, partner.id, orders, orderIds);
  const idOf = new Map(orders.map((o, i) => [o, orderIds[i]]));
  await insertLoyalty(db, partner.id, members, (o) => idOf.get(o)!, now);
  await clearNewFlagOfClientsWithOrders(db, partner.id);
}

/** «Офис Маркет»: a small partner with its own clients and orders, sharing nothing with the first. */
async function seedSecondPartnerTrade(ctx: Context, rng: Random, partner: SeededPartner, sizes: DemoSizes) {
  const { db, now } = ctx;
  const clientPlans = planClients(rng.fork('clients'), partner, {
    count: sizes.secondPartnerClients,
    blacklisted: 0,
    withoutPassword: 1,
    withPersonalPrices: 0,
    withBuyer: false,
    now,
    products: ctx.products,
    takenEmails: ctx.takenEmails,
  });
  const clients = await insertClients(db, partner.id, clientPlans, { passwordHash: ctx.passwordHash, now });
  const orders = planOrders(rng.fork('orders'), {
    count: sizes.secondPartnerOrders,
    now,
    clients,
    products: ctx.products,
    tradepointIds: partner.tradepointIds,
    orderPrefix: partner.spec.orderPrefix,
    handlerAt: () => ctx.staff.id('owner@second.demo'),
  });
  const orderIds = await insertOrders(db, partner.id, orders, partner.spec.shop);
  await seedOpenBasket(db, partner.id, orders, orderIds);
  await clearNewFlagOfClientsWithOrders(db, partner.id);
  await seedSecondPartnerOffer(db, partner.id, ctx.products, now);
}

async function timed<T>(log: (m: string) => void, label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  log(`  ${label}: ${Math.round(performance.now() - started)} ms`);
  return result;
}

/**
 * Loads the demo data set: the distributor's catalogue and two partners with their shops, staff, clients,
 * orders, offers and loyalty. Deterministic for a given scale (dates are relative to today). One
 * transaction; ANALYZE afterwards so that the planner knows the table sizes (ARCHITECTURE §5).
 */
export async function seedDemo(db: Db, opts: SeedOptions): Promise<void> {
  const { scale, log = () => {} } = opts;
  if (!(scale > 0 && scale <= MAX_SCALE)) throw new Error(`The scale must be a number above 0 and at most ${MAX_SCALE}`);
  const sizes = demoSizes(scale);
  const now = new Date();
  const rng = new Random(DEMO_SEED);
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction().execute(async (trx) => {
    const { products } = await timed(log, `catalogue (${sizes.products} products)`, () =>
      seedCatalog(trx, rng.fork('catalog'), { productCount: sizes.products }),
    );
    await seedOfferTypes(trx);
    await seedContentPages(trx);
    const [main, second] = await timed(log, 'partners and shops', async () => [
      await seedPartner(trx, rng.fork('partner-main'), KANCLER, { createdAt: addDays(now, -MAIN_PARTNER_AGE_DAYS) }),
      await seedPartner(trx, rng.fork('partner-second'), OFFICE_MARKET, { createdAt: addDays(now, -SECOND_PARTNER_AGE_DAYS) }),
    ]);
    const staff = await seedStaff(trx, {
      partnerIds: { main: main.id, second: second.id },
      passwordHash,
      createdAt: (account, i) => addDays(now, (account.partner === 'second' ? -SECOND_PARTNER_AGE_DAYS : -MAIN_PARTNER_AGE_DAYS) + i * 7),
    });
    const ctx: Context = {
      db: trx,
      now,
      products,
      staff,
      passwordHash,
      takenEmails: new Set(STAFF_ACCOUNTS.map((a) => a.email)),
    };
    await timed(log, `«${KANCLER.name}» (${sizes.clients} clients, ${sizes.orders} orders)`, () =>
      seedMainPartnerTrade(ctx, rng.fork('trade-main'), main, sizes),
    );
    await timed(log, `«${OFFICE_MARKET.name}»`, () => seedSecondPartnerTrade(ctx, rng.fork('trade-second'), second, sizes));
    await seedExchange1c(trx, main, passwordHash);
  });
  await timed(log, 'analyze', () => sql`analyze`.execute(db));
}
