import { sql } from 'kysely';
import type { Db } from '@/db/database';

/** The ids a route's path parameters take for one partner: a real row of that partner. */
type PathIds = (db: Db, partnerId: number) => Promise<Record<string, string>>;

/** The id of a row of `table` that belongs to the partner (the oldest, so every run picks the same one). */
export async function idOf(db: Db, table: string, partnerId: number, where = sql`true`): Promise<string> {
  const row = await sql<{ id: string | number }>`
    select id from ${sql.table(table)} where partner_id = ${partnerId} and ${where} order by id limit 1`.execute(db);
  if (!row.rows.length) throw new Error(`the demo data has no ${table} row of partner ${partnerId}`);
  return String(row.rows[0].id);
}

/** An export job of the partner's owner: the oldest, or a finished one made now (the demo data starts with none). */
async function exportJobOf(db: Db, partnerId: number): Promise<string> {
  const found = await idOf(db, 'jobs', partnerId, sql`type like 'export.%'`).catch(() => undefined);
  if (found) return found;
  const owner = await db.selectFrom('users').select('id').where('partner_id', '=', partnerId).where('is_owner', '=', true).executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('jobs')
    .values({ type: 'export.orders', payload: '{}', partner_id: partnerId, created_by: owner.id, status: 'DONE', progress: 100 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(id);
}

const one =
  (table: string, name = 'id'): PathIds =>
  async (db, partnerId) => ({ [name]: await idOf(db, table, partnerId) });

/**
 * Every partner route with path parameters and where its ids come from. The security suite fails on a route with
 * parameters missing here, so a new one is covered the moment it is registered.
 */
export const ROUTE_IDS: Record<string, PathIds> = {
  '/v3/api/partner/order/:id/': one('orders'),
  '/v3/api/partner/payment/type/:orderId/:paymentType/': async (db, partnerId) => ({
    // An open order where the partner has one (a real change of payment type is tried), else any.
    orderId: await idOf(db, 'orders', partnerId, sql`status in ('NEW', 'VIEWED', 'IN_BASKET')`).catch(() => idOf(db, 'orders', partnerId)),
    paymentType: 'CASH',
  }),
  '/v3/api/partner/client/:id/': one('clients'),
  '/v3/api/partner/client/:id/prices/': one('clients'),
  '/v3/api/partner/group/:id/': one('client_groups'),
  '/v3/api/partner/client_group/:groupId/': one('client_groups', 'groupId'),
  '/v3/api/partner/tradepoint/:id/': one('tradepoints'),
  '/v3/api/partner/delivery_zone/:id/': one('delivery_zones'),
  '/v3/api/partner/file/:fileId/': one('files', 'fileId'),
  '/v3/api/partner/job/:id/': async (db, partnerId) => ({ id: await exportJobOf(db, partnerId) }),
  '/v3/api/partner/pricelist/:id/': async (db, partnerId) => ({ id: await idOf(db, 'price_lists', partnerId, sql`kind = 'PRICELIST'`) }),
  // A column where the partner has one (the demo's second partner has none: then its base list, a 404 on this path).
  '/v3/api/partner/column/:id/': async (db, partnerId) => ({
    id: await idOf(db, 'price_lists', partnerId, sql`kind = 'COLUMN'`).catch(() => idOf(db, 'price_lists', partnerId)),
  }),
  '/v3/api/partner/offer/:id/': one('offers'),
  '/v3/api/partner/loyalty/client/:id/': one('clients'),
  '/v3/api/partner/loyalty/client/set_status/:id/': one('clients'),
  ...pricingRouteIds(),
};

/** Pricing pages: a list (or column) of the partner, a client of the partner, a catalogue section or product. */
function pricingRouteIds(): Record<string, PathIds> {
  const list: PathIds = async (db, partnerId) => ({
    type: 'pricelist',
    priceId: await idOf(db, 'price_lists', partnerId, sql`kind = 'PRICELIST' and deleted_at is null`),
  });
  const client: PathIds = async (db, partnerId) => ({ clientId: await idOf(db, 'clients', partnerId) });
  const section = async (db: Db) => String((await sql<{ id: string }>`select min(id) as id from catalog_sections`.execute(db)).rows[0].id);
  const product = async (db: Db) => String((await sql<{ id: string }>`select min(id) as id from catalog_products`.execute(db)).rows[0].id);
  const ids: Record<string, PathIds> = {
    '/v3/api/partner/pricing/sections/:type/:priceId/': list,
    '/v3/api/partner/pricing/section/:type/:priceId/:id/': async (db, partnerId) => ({ ...(await list(db, partnerId)), id: await section(db) }),
    '/v3/api/partner/pricing/product/:type/:priceId/:productId/': async (db, partnerId) => ({
      ...(await list(db, partnerId)),
      productId: await product(db),
    }),
    '/v3/api/partner/pricing/client/:clientId/product/:productId/': async (db, partnerId) => ({
      ...(await client(db, partnerId)),
      productId: await product(db),
    }),
  };
  for (const call of ['excel', 'dropexcel', 'status', 'uploadlist', 'upload', 'yml']) {
    ids[`/v3/api/partner/pricing/${call}/:type/:priceId/`] = list;
    ids[`/v3/api/partner/pricing/${call}/client/:clientId/catalog/`] = client;
  }
  return ids;
}

/**
 * Routes whose parameters name no partner's row (a shared catalogue section, a kind of file of the caller's own
 * shop): the caller's tenant scopes them, so another partner's values do not exist. Why, for each.
 */
export const UNSCOPED_PARAM_ROUTES: Record<string, string> = {
  '/v3/api/partner/section/:id/': "a catalogue section (shared reference data) under the caller's own base price list",
  '/v3/api/partner/pricing/excel/pricelist/personal_price/:part/': "remain or multiplicity: the caller's own files",
  '/v3/api/partner/pricing/dropexcel/pricelist/personal_price/:part/': "remain or multiplicity: the caller's own files",
  '/v3/api/catalog/product/:id/': "a catalogue product (shared reference data): 404 when the buyer's shop does not sell it",
};

/**
 * A buyer's routes with ids: staff are refused them whole (403), so (b)'s "404 to the other partner's owner" does not
 * apply; storefront.api.test.ts checks that a buyer gets 404 for another partner's order.
 */
export const BUYER_ID_ROUTES: Record<string, string> = {
  '/v3/api/client/order/:id/': "the buyer's own order",
  '/v3/api/client/order/:id/repeat/': "the buyer's own order",
};

/**
 * The platform manager's routes with ids: staff are refused them whole (403); the manager works across partners, so
 * there is no other partner's id (manager-orders.api.test.ts and reports.api.test.ts check them).
 */
export const MANAGER_ID_ROUTES: Record<string, string> = {
  '/v3/api/manager/order/:id/': "any partner's order, the manager's to read and act on",
  '/v3/api/manager/report/:code/': 'a kind of report, not a row',
  '/v3/api/manager/report/:code/xlsx/': 'a kind of report, not a row',
};

/** Routes with ids that any visitor may read, and why. */
export const PUBLIC_ID_ROUTES: Record<string, string> = {
  '/v3/api/client/offer/banner/:partnerId/:fileId/': "an offer's banner (only files stored as banners), shown by <img> in the shop without a token",
  '/v3/api/info/:type/': "the platform's help and rules pages, the same for everyone",
  '/v3/api/catalog/product/:id/photo/': "a catalogue product's picture (shared reference data, loaded by <img> without a token)",
  '/v3/api/client/shop/file/:partnerId/:fileId/': "a shop's published files (price lists, documents) are shown to every visitor of the shop",
};

/** Fills a route's parameters with values that name nothing (a far id, an unknown uuid). */
export function nothingPath(url: string): string {
  return url.replace(/:([A-Za-z_]+)/g, (_, name: string) =>
    name === 'paymentType'
      ? 'CASH'
      : name === 'fileId'
        ? '00000000-0000-4000-8000-000000000000'
        : name === 'type'
          ? 'pricelist'
          : name === 'part'
            ? 'remain'
            : '2000000000',
  );
}

export const fillPath = (url: string, ids: Record<string, string>) =>
  url.replace(/:([A-Za-z_]+)/g, (_, name: string) => encodeURIComponent(ids[name]));
