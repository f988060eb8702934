import { sql } from 'kysely';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { moscowIsoDay } from '../http/moscow-days';
import { isDatabaseEmpty, seedDemo } from '../seed/demo-seed';
import { KANCLER } from '../seed/demo-partners';
import { LARGE, LARGE_OFFERS, seedLarge } from '../seed/large-seed';
import { growOffers } from '../seed/offers-history-seed';
import { truncateAllTables } from '../seed/reset-database';
import { percentile } from './load';
import type { Scenario, ScenarioContext } from './scenarios';

/** The demo buyer of the main partner's shop (the shop's scenarios ask as it). */
export const BENCH_BUYER = { email: 'buyer@client.demo', shop: 'kancler' };
/** The platform's manager (the reports' scenarios ask as it). */
export const BENCH_MANAGER = 'manager@platform.demo';
import { prepareImport, type ImportFile } from './import-run';

export interface EngineSetup {
  engine: 'postgres' | 'pglite';
  label: string;
  databaseUrl?: string;
  dataDir?: string;
  /** The environment the server process gets. */
  serverEnv: Record<string, string>;
}

/** The embedded database is measured at the demo size ×20 (issue 11.3); PostgreSQL at the large supplier's. */
const PGLITE_SCALE = 20;
const SQL_ITERATIONS = 20;

const open = (s: EngineSetup, onQuery?: (ms: number) => void) => openDatabase({ databaseUrl: s.databaseUrl, dataDir: s.dataDir, onQuery });

async function mainPartnerOrders(database: Database): Promise<number> {
  const row = await sql<{ n: number }>`
    select count(*)::int as n from orders o join partners p on p.id = o.partner_id where p.name = ${KANCLER.name}`.execute(database.db);
  return Number(row.rows[0]?.n ?? 0);
}

/** Seeds the engine's data set unless it is there already; answers what the scenarios need. */
export async function prepareDataSet(
  s: EngineSetup,
  log: (m: string) => void,
  importDir: string,
): Promise<{ context: ScenarioContext; dataSet: string; importFile: ImportFile }> {
  const database = await open(s);
  try {
    await migrateToLatest(database.db);
    const wanted = s.engine === 'postgres' ? LARGE.orders : 1500 * PGLITE_SCALE;
    if ((await isDatabaseEmpty(database.db)) || (await mainPartnerOrders(database)) < wanted) {
      log(`Building the data set (${s.engine === 'postgres' ? 'large supplier' : `demo ×${PGLITE_SCALE}`})…`);
      await truncateAllTables(database.db);
      if (s.engine === 'postgres') await seedLarge(database.db, log);
      else await seedDemo(database.db, { scale: PGLITE_SCALE, log });
    }
    const config = loadConfig();
    const app = await buildApp({ db: database.db, config: { ...config, LOG_LEVEL: 'silent', webDist: null, runJobs: false } });
    await app.services.auth.ensureOauthClient(config.OAUTH_CLIENT_ID, config.OAUTH_CLIENT_SECRET, 'Web client');
    await app.close();

    const partner = await database.db.selectFrom('partners').select('id').where('name', '=', KANCLER.name).executeTakeFirstOrThrow();
    // The newest order of a usual size (the seed's have 1-8 lines): each run's checkout benchmark places orders of 50
    // lines, which would otherwise become the card measured by the next run.
    const order = await database.db
      .selectFrom('orders')
      .select('id')
      .where('partner_id', '=', partner.id)
      .where('position_count', '<=', 8)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const busy = await database.db
      .selectFrom('client_order_stats')
      .select('client_id')
      .where('partner_id', '=', partner.id)
      .orderBy('orders_count', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const group = await database.db
      .selectFrom('client_group_members')
      .select('group_id')
      .where('partner_id', '=', partner.id)
      .groupBy('group_id')
      .orderBy((eb) => eb.fn.countAll(), 'desc')
      .orderBy('group_id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const counts = await database.db
      .selectFrom('clients')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('partner_id', '=', partner.id)
      .executeTakeFirstOrThrow();
    const orderCount = await mainPartnerOrders(database);
    const now = new Date();
    const importFile = await prepareImport(database.db, importDir, log);
    const offersAdded = await growOffers(database.db, partner.id, s.engine === 'postgres' ? LARGE_OFFERS : LARGE_OFFERS / 10);
    if (offersAdded) log(`offers: ${offersAdded} added to the partner's history`);
    // The heaviest price chain: a client priced by a column over its parent list.
    const priced =
      (await database.db
        .selectFrom('clients')
        .select('id')
        .where('partner_id', '=', partner.id)
        .where('price_column_id', 'is not', null)
        .orderBy('id')
        .limit(1)
        .executeTakeFirst()) ??
      (await database.db.selectFrom('clients').select('id').where('partner_id', '=', partner.id).orderBy('id').limit(1).executeTakeFirstOrThrow());
    const section = await database.db
      .selectFrom('catalog_sections')
      .select('id')
      .where('depth', '=', 1)
      .orderBy('sort')
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const leaf = await database.db
      .selectFrom('catalog_products')
      .select(['section_id', 'up_code_1c'])
      .where('active', '=', true)
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    return {
      importFile,
      context: {
        orderId: order.id,
        busyClientId: busy.client_id,
        groupId: Number(group.group_id),
        today: moscowIsoDay(now),
        monthAgo: moscowIsoDay(new Date(now.getTime() - 30 * 86400_000)),
        quarterAgo: moscowIsoDay(new Date(now.getTime() - 90 * 86400_000)),
        firstOrderDay: moscowIsoDay(
          (
            await database.db
              .selectFrom('orders')
              .select((eb) => eb.fn.min('created_at').as('first'))
              .where('partner_id', '=', partner.id)
              .executeTakeFirstOrThrow()
          ).first as Date,
        ),
        orderCount,
        pricedClientId: Number(priced.id),
        topSectionId: Number(section.id),
        leafSectionId: Number(leaf.section_id),
        productCode: leaf.up_code_1c,
        searchWords: await searchWords(database.db),
      },
      dataSet: `«${KANCLER.name}»: ${orderCount.toLocaleString('en')} orders, ${Number(counts.n).toLocaleString('en')} clients`,
    };
  } finally {
    await database.close();
  }
}

/**
 * Each route's raw SQL time: the same request through the app in-process, sequentially, summing the durations
 * of the SQL statements it ran (the token check as the server does it: read once, then kept) — what the route cannot
 * go below.
 */
/** The app in-process (no jobs, no web) with the bearer headers of the owner, the bench's buyer and the manager. */
export async function signedInApp({ db, changes }: Pick<Database, 'db' | 'changes'>) {
  const config = loadConfig();
  const app = await buildApp({ db, changes, config: { ...config, LOG_LEVEL: 'silent', webDist: null, runJobs: false } });
  await app.ready();
  const signIn = async (username: string, domain?: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/v3/oauth/token/',
      payload: new URLSearchParams({
        grant_type: 'password',
        username,
        password: 'demo1234',
        ...(domain ? { domain } : {}),
        client_id: config.OAUTH_CLIENT_ID,
        client_secret: config.OAUTH_CLIENT_SECRET,
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    return { authorization: `Bearer ${res.json().access_token}` };
  };
  return {
    app,
    owner: await signIn('owner@partner.demo'),
    buyer: await signIn(BENCH_BUYER.email, BENCH_BUYER.shop),
    manager: await signIn(BENCH_MANAGER),
  };
}

/**
 * Words of the catalogue's product names (four letters and more) and their beginnings of four letters and more, in a
 * fixed shuffled order: searches a buyer may type, thousands of them.
 */
async function searchWords(db: Database['db']): Promise<string[]> {
  const rows = await sql<{ w: string }>`
    select w from (
      select distinct left(w, n) as w
      from (select distinct regexp_split_to_table(lower(name), '[^а-яёa-z]+') as w from catalog_products where active) words
      cross join generate_series(4, 12) as n
      where length(w) >= n) beginnings
    order by md5(w)`.execute(db);
  return rows.rows.map((r) => r.w);
}

export async function measureSql(s: EngineSetup, list: readonly Scenario[]): Promise<Map<string, { p50: number; p95: number; queries: number }>> {
  let spent = 0;
  let queries = 0;
  const database = await open(s, (ms) => {
    spent += ms;
    queries++;
  });
  const result = new Map<string, { p50: number; p95: number; queries: number }>();
  try {
    const { app, owner, buyer, manager } = await signedInApp(database);
    for (const scenario of list) {
      if (!scenario.path) continue;
      const times: number[] = [];
      let perRequest = 0;
      for (let i = 0; i < SQL_ITERATIONS + 3; i++) {
        spent = 0;
        queries = 0;
        const who = scenario.as === 'buyer' ? buyer : scenario.as === 'manager' ? manager : owner;
        const url = scenario.paths ? scenario.paths[i % scenario.paths.length] : scenario.path;
        const res = scenario.body
          ? await app.inject({
              method: 'POST',
              url,
              payload: scenario.body,
              headers: { ...who, 'content-type': 'application/x-www-form-urlencoded' },
            })
          : await app.inject({ method: 'GET', url, headers: who });
        if (res.statusCode >= 400) throw new Error(`${scenario.name}: HTTP ${res.statusCode} ${res.body.slice(0, 300)}`);
        if (i >= 3) times.push(spent);
        perRequest = queries;
      }
      times.sort((a, b) => a - b);
      result.set(scenario.name, { p50: percentile(times, 0.5), p95: percentile(times, 0.95), queries: perRequest });
    }
    await app.close();
  } finally {
    await database.close();
  }
  return result;
}
