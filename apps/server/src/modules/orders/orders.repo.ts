import { sql, type RawBuilder } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '@/db/database';
import { shopStockOf } from '@/db/shop-stock-sql';
import { managerChoicesOf } from './order-manager.repo';

/** Reads of the orders area. Every query is scoped by the tenant's partner_id and leads with it (the indexes do). */
export function ordersRepo(db: Db) {
  return {
    /**
     * How many orders (the order_status_counts read model) and the first one's time (each partner's list index, read
     * from its oldest end): never a scan of the orders themselves.
     */
    stats: async (partnerId?: number) => {
      let count = db.selectFrom('order_status_counts').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), sql<number>`0`).as('count'));
      if (partnerId !== undefined) count = count.where('partner_id', '=', partnerId);
      let first = db
        .selectFrom('partners as p')
        .select(sql<Date | null>`min((select min(o.created_at) from orders o where o.partner_id = p.id))`.as('min_date'));
      if (partnerId !== undefined) first = first.where('p.id', '=', partnerId);
      const [c, f] = [await count.executeTakeFirstOrThrow(), await first.executeTakeFirstOrThrow()];
      return { count: Number(c.count), min_date: f.min_date };
    },

    /** The partner's shop: its name, enabled payment types. */
    shop: (partnerId: number) =>
      db.selectFrom('shops').select(['partner_id', 'name', 'payment_types']).where('partner_id', '=', partnerId).executeTakeFirst(),

    /**
     * The order with its client, tradepoint and responsible employee (action=manager), and its partner's shop (name,
     * enabled payment types).
     */
    findById: (partnerId: number, id: number) => orderWithParties(db, partnerId, id).executeTakeFirst(),

    /** The order's items with the shop's stock now (as its buyers see it), pictures and offer names. */
    items: (partnerId: number, orderId: number) => itemsOf(db, { partnerId, id: orderId }).execute(),

    /**
     * The order card's reads in one statement: the order as `findById` reads it, its items (with the shop's
     * stock now, pictures and offer names) and its history (newest first, with who did it), each a JSON array of
     * rows. Money leaves the database as text, as its own columns do; the history's times are made Dates again.
     * With `managers`, also the staff the order's responsible employee is chosen from (order-manager.repo.ts).
     * Kept against four plain statements (issue 40 §2): CPU per request (server + PostgreSQL, c32, large set)
     * 1.58–1.82 ms against 2.04–2.05 ms, 17 % less (npm run bench, two quiet runs each, 2026-11-28).
     */
    card: async (partnerId: number, id: number, opts: { managers?: boolean } = {}) => {
      const row = await orderWithParties(db, partnerId, id)
        .select((eb) => [
          jsonArrayFrom(itemsOf(db, { partnerId: sql.ref<number>('o.partner_id'), id: sql.ref<number>('o.id') })).as('card_items'),
          jsonArrayFrom(
            eb
              .selectFrom('order_history as h')
              .leftJoin('users as u', 'u.id', 'h.user_id')
              .select(['h.id', 'h.action', 'h.details', 'h.created_at', 'h.user_id', 'u.name as user_name', 'u.surname as user_surname'])
              .whereRef('h.partner_id', '=', 'o.partner_id')
              .whereRef('h.order_id', '=', 'o.id')
              .orderBy('h.created_at', 'desc')
              .orderBy('h.id', 'desc'),
          ).as('card_history'),
        ])
        .$if(Boolean(opts.managers), (q) => q.select(jsonArrayFrom(managerChoicesOf(db, sql.ref<number>('o.partner_id'))).as('card_managers')))
        .executeTakeFirst();
      if (!row) return undefined;
      const { card_items: items, card_history: history, card_managers: managers, ...order } = row;
      return { order, items, history: history.map((h) => ({ ...h, created_at: new Date(h.created_at) })), managers };
    },
  };
}

export type OrderRow = NonNullable<Awaited<ReturnType<ReturnType<typeof ordersRepo>['findById']>>>;
type OrderCardRows = NonNullable<Awaited<ReturnType<ReturnType<typeof ordersRepo>['card']>>>;
export type OrderItemRow = OrderCardRows['items'][number];
export type OrderHistoryRow = OrderCardRows['history'][number];

/** The order with its client, tradepoint, manager and shop (see `findById`). */
function orderWithParties(db: Db, partnerId: number, id: number) {
  return (
    db
      .selectFrom('orders as o')
      .innerJoin('clients as c', (j) => j.onRef('c.partner_id', '=', 'o.partner_id').onRef('c.id', '=', 'o.client_id'))
      .leftJoin('shops as s', 's.partner_id', 'o.partner_id')
      .leftJoin('tradepoints as tp', (j) => j.onRef('tp.partner_id', '=', 'o.partner_id').onRef('tp.id', '=', 'o.tradepoint_id'))
      // The partner's employee responsible for the order (action=manager), never the platform's manager (issue 39 §1).
      .leftJoin('users as m', (j) => j.onRef('m.partner_id', '=', 'o.partner_id').onRef('m.id', '=', 'o.manager_user_id'))
      .selectAll('o')
      .select([
        'c.name as client_name',
        'c.email as client_email',
        'tp.address as tradepoint_address',
        'm.id as manager_id',
        'm.name as manager_name',
        'm.surname as manager_surname',
        's.name as shop_name',
        's.payment_types as shop_payment_types',
      ])
      .where('o.partner_id', '=', partnerId)
      .where('o.id', '=', id)
  );
}

/** An order's items (see `items`); the order's key as values, or as the outer statement's columns. */
function itemsOf(db: Db, order: { partnerId: number | RawBuilder<number>; id: number | RawBuilder<number> }) {
  return db
    .selectFrom('order_items as i')
    .leftJoin('catalog_products as p', 'p.id', 'i.product_id')
    .leftJoin('offers as of', (j) => j.onRef('of.partner_id', '=', 'i.partner_id').onRef('of.id', '=', 'i.offer_id'))
    .select([
      'i.id',
      'i.product_id',
      'i.up_code_1c',
      'i.name',
      // As text in its own right: read into a JSON array, a number would become a float.
      sql<string>`i.buying_price::text`.as('buying_price'),
      sql<string>`i.price::text`.as('price'),
      sql<string>`i.cur_price::text`.as('cur_price'),
      'i.quantity',
      'i.special',
      'i.offer_id',
      'of.name as offer_name',
      'p.preview_picture',
      'p.detail_picture',
      // The shop's stock, as its buyers see it (db/shop-stock-sql.ts), not every warehouse's sum.
      shopStockOf(sql.ref<number>('i.partner_id'), sql.ref('i.product_id')).as('remain'),
    ])
    .where('i.partner_id', '=', order.partnerId)
    .where('i.order_id', '=', order.id)
    .orderBy('i.id');
}
