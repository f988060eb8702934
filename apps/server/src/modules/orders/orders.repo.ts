import { sql, type Expression, type SqlBool } from 'kysely';
import type { OrderStatus } from '@b2b/contracts/limits';
import type { Db } from '@/db/database';
import { likeContains } from '@/db/text-search';

/** The list filter, already turned into instants and patterns. */
export interface OrderFilter {
  status?: OrderStatus;
  clientId?: number;
  /** created_at >= from */
  from?: Date;
  /** created_at < to */
  to?: Date;
  /** Lower-case text to find in the order number, client name or e-mail. */
  text?: string;
  /** Digits to find in the contact phone (only for phone-like queries). */
  phoneDigits?: string;
}

export type OrderSort = 'CREATE_DATE' | 'ORDER_NUMBER' | 'STATUS' | 'CLIENT' | 'POSITION_COUNT' | 'POSITION_SUM';

/** Escapes LIKE wildcards so user text matches literally (PostgreSQL's default escape character is \). */

const SORT_EXPRESSIONS: Record<OrderSort, Expression<unknown>> = {
  CREATE_DATE: sql`o.created_at`,
  ORDER_NUMBER: sql`o.order_number`,
  // The workflow's order, not the alphabet's.
  STATUS: sql`case o.status when 'NEW' then 1 when 'VIEWED' then 2 when 'IN_BASKET' then 3 when 'COMPLETED' then 4 else 5 end`,
  CLIENT: sql`lower(c.name)`,
  POSITION_COUNT: sql`o.position_count`,
  POSITION_SUM: sql`o.position_sum`,
};

/** Reads of the orders area. Every query is scoped by the tenant's partner_id and leads with it (the indexes do). */
export function ordersRepo(db: Db) {
  /** The partner's orders matching a filter, joined with their client; served by the (partner_id, …) indexes. */
  const filtered = (partnerId: number, f: OrderFilter) => {
    let q = db
      .selectFrom('orders as o')
      .innerJoin('clients as c', (j) => j.onRef('c.partner_id', '=', 'o.partner_id').onRef('c.id', '=', 'o.client_id'))
      .where('o.partner_id', '=', partnerId);
    if (f.status) q = q.where('o.status', '=', f.status);
    if (f.clientId) q = q.where('o.client_id', '=', f.clientId);
    if (f.from) q = q.where('o.created_at', '>=', f.from);
    if (f.to) q = q.where('o.created_at', '<', f.to);
    const { text, phoneDigits } = f;
    if (text) {
      q = q.where((eb) => {
        const pattern = likeContains(text);
        const any: Expression<SqlBool>[] = [
          eb(eb.fn('lower', ['o.order_number']), 'like', pattern),
          eb(eb.fn('lower', ['c.name']), 'like', pattern),
          eb(eb.fn('lower', ['o.contact_email']), 'like', pattern),
        ];
        if (phoneDigits) any.push(eb(sql`regexp_replace(coalesce(o.contact_phone, ''), '[^0-9]', '', 'g')`, 'like', likeContains(phoneDigits)));
        return eb.or(any);
      });
    }
    return q;
  };

  return {
    stats: (partnerId?: number) => {
      let q = db
        .selectFrom('orders')
        .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('min_date')]);
      if (partnerId !== undefined) q = q.where('partner_id', '=', partnerId);
      return q.executeTakeFirstOrThrow();
    },

    /** All of the partner's orders and the NEW ones (the list's CNT_ALL and NEW_CNT). */
    totals: async (partnerId: number) => {
      const row = await db
        .selectFrom('orders')
        .select((eb) => [
          eb.fn.countAll<number>().as('all'),
          eb.fn.countAll<number>().filterWhere('status', '=', 'NEW').as('new'),
        ])
        .where('partner_id', '=', partnerId)
        .executeTakeFirstOrThrow();
      return { all: Number(row.all), new: Number(row.new) };
    },

    countFiltered: async (partnerId: number, f: OrderFilter) =>
      Number((await filtered(partnerId, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),

    /** One page of list rows, sorted, ties broken by id in the same direction (stable paging). */
    page: (partnerId: number, f: OrderFilter, sort: OrderSort, direction: 'asc' | 'desc', limit: number, offset: number) =>
      filtered(partnerId, f)
        .leftJoin('tradepoints as tp', (j) => j.onRef('tp.partner_id', '=', 'o.partner_id').onRef('tp.id', '=', 'o.tradepoint_id'))
        .select((eb) => [
          'o.id', 'o.order_number', 'o.created_at', 'o.status', 'o.client_id', 'c.name as client_name',
          'o.contact_name', 'o.contact_phone', 'o.contact_email', 'o.payment_type', 'o.currency', 'o.currency_rate',
          'o.position_count', 'o.position_sum', 'o.position_margin', 'o.comment', 'o.shop_comment', 'o.min_order_sum',
          eb.fn.coalesce('o.address', 'tp.address').as('address'),
        ])
        .orderBy(SORT_EXPRESSIONS[sort], direction)
        .orderBy('o.id', direction)
        .limit(limit)
        .offset(offset)
        .execute(),

    /** The partner's shop: its name, enabled payment types. */
    shop: (partnerId: number) =>
      db
        .selectFrom('shops')
        .select(['partner_id', 'name', 'payment_types'])
        .where('partner_id', '=', partnerId)
        .executeTakeFirst(),

    /** The order with its client, tradepoint and manager (the order's, else the partner's platform manager). */
    findById: (partnerId: number, id: number) =>
      db
        .selectFrom('orders as o')
        .innerJoin('clients as c', (j) => j.onRef('c.partner_id', '=', 'o.partner_id').onRef('c.id', '=', 'o.client_id'))
        .innerJoin('partners as p', 'p.id', 'o.partner_id')
        .leftJoin('tradepoints as tp', (j) => j.onRef('tp.partner_id', '=', 'o.partner_id').onRef('tp.id', '=', 'o.tradepoint_id'))
        .leftJoin('users as m', (j) => j.on(sql<boolean>`m.id = coalesce(o.manager_user_id, p.manager_user_id)`))
        .selectAll('o')
        .select([
          'c.name as client_name', 'c.email as client_email', 'tp.address as tradepoint_address',
          'm.id as manager_id', 'm.name as manager_name', 'm.surname as manager_surname',
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

    /** The last outcome of sending the order to the basket (sent, or refused with the first error). */
    lastBasketEvent: (partnerId: number, orderId: number) =>
      db
        .selectFrom('order_history')
        .select(['action', 'details'])
        .where('partner_id', '=', partnerId)
        .where('order_id', '=', orderId)
        .where('action', 'in', ['SENT_TO_BASKET', 'SEND_TO_BASKET_REFUSED'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),

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

export type OrderListRow = Awaited<ReturnType<ReturnType<typeof ordersRepo>['page']>>[number];
export type OrderRow = NonNullable<Awaited<ReturnType<ReturnType<typeof ordersRepo>['findById']>>>;
export type OrderItemRow = Awaited<ReturnType<ReturnType<typeof ordersRepo>['items']>>[number];
export type OrderHistoryRow = Awaited<ReturnType<ReturnType<typeof ordersRepo>['history']>>[number];
