import { sql } from 'kysely';
import type { Db } from '@/db/database';

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
      db
        .selectFrom('shops')
        .select(['partner_id', 'name', 'payment_types'])
        .where('partner_id', '=', partnerId)
        .executeTakeFirst(),

    /**
     * The order with its client, tradepoint and manager (the order's, else the partner's platform manager), and its
     * partner's shop (name, enabled payment types).
     */
    findById: (partnerId: number, id: number) =>
      db
        .selectFrom('orders as o')
        .innerJoin('clients as c', (j) => j.onRef('c.partner_id', '=', 'o.partner_id').onRef('c.id', '=', 'o.client_id'))
        .innerJoin('partners as p', 'p.id', 'o.partner_id')
        .leftJoin('shops as s', 's.partner_id', 'o.partner_id')
        .leftJoin('tradepoints as tp', (j) => j.onRef('tp.partner_id', '=', 'o.partner_id').onRef('tp.id', '=', 'o.tradepoint_id'))
        .leftJoin('users as m', (j) => j.on(sql<boolean>`m.id = coalesce(o.manager_user_id, p.manager_user_id)`))
        .selectAll('o')
        .select([
          'c.name as client_name', 'c.email as client_email', 'tp.address as tradepoint_address',
          'm.id as manager_id', 'm.name as manager_name', 'm.surname as manager_surname',
          's.name as shop_name', 's.payment_types as shop_payment_types',
        ])
        .where('o.partner_id', '=', partnerId)
        .where('o.id', '=', id)
        .executeTakeFirst(),

    /** The order's items with the distributor's stock now (all warehouses), pictures and offer names. */
    items: (partnerId: number, orderId: number) =>
      db
        .selectFrom('order_items as i')
        .leftJoin('catalog_products as p', 'p.id', 'i.product_id')
        .leftJoin('offers as of', (j) => j.onRef('of.partner_id', '=', 'i.partner_id').onRef('of.id', '=', 'i.offer_id'))
        .select((eb) => [
          'i.id', 'i.product_id', 'i.up_code_1c', 'i.name', 'i.buying_price', 'i.price', 'i.quantity', 'i.special',
          'i.offer_id', 'of.name as offer_name', 'p.preview_picture', 'p.detail_picture',
          eb
            .selectFrom('catalog_stock as st')
            .select(sql<number>`coalesce(sum(st.quantity), 0)::int`.as('q'))
            .whereRef('st.product_id', '=', 'i.product_id')
            .as('remain'),
        ])
        .where('i.partner_id', '=', partnerId)
        .where('i.order_id', '=', orderId)
        .orderBy('i.id')
        .execute(),

    /** Newest first, with the name of who did it. */
    history: (partnerId: number, orderId: number) =>
      db
        .selectFrom('order_history as h')
        .leftJoin('users as u', 'u.id', 'h.user_id')
        .select(['h.id', 'h.action', 'h.details', 'h.created_at', 'h.user_id', 'u.name as user_name', 'u.surname as user_surname'])
        .where('h.partner_id', '=', partnerId)
        .where('h.order_id', '=', orderId)
        .orderBy('h.created_at', 'desc')
        .orderBy('h.id', 'desc')
        .execute(),

    /** The loyalty ledger rows of an order (the client's ledger index, then the order). */
    loyaltyLedger: (partnerId: number, clientId: number, orderId: number) =>
      db
        .selectFrom('loyalty_ledger')
        .select(['id', 'title', 'operation', 'points', 'comment', 'created_at', 'burn_at'])
        .where('partner_id', '=', partnerId)
        .where('client_id', '=', clientId)
        .where('order_id', '=', orderId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute(),
  };
}

export type OrderRow = NonNullable<Awaited<ReturnType<ReturnType<typeof ordersRepo>['findById']>>>;
export type OrderItemRow = Awaited<ReturnType<ReturnType<typeof ordersRepo>['items']>>[number];
export type OrderHistoryRow = Awaited<ReturnType<ReturnType<typeof ordersRepo>['history']>>[number];
