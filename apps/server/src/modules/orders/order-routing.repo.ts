import type { Db } from '@/db/database';

/*
 * The reads and writes of routing an order to another partner (issue 39 §1). Each statement names its partner: the
 * source's rows by the source, the target's by the target. Borrowed read-only: clients and users (modules clients and
 * auth: the routed order's client and the user who ordered), partners and shops (the target's name and shop).
 */
export function orderRoutingRepo(db: Db) {
  return {
    /**
     * The order to route (row-locked until the transaction ends with `lock`), with its client (name, INN, e-mail, phone, address),
     * the user who ordered (e-mail) and its tradepoint's address (the target has none of the source's tradepoints).
     */
    source: (partnerId: number, id: number, opts: { lock?: boolean } = {}) => {
      const q = db
        .selectFrom('orders as o')
        .innerJoin('clients as c', (j) => j.onRef('c.partner_id', '=', 'o.partner_id').onRef('c.id', '=', 'o.client_id'))
        .leftJoin('users as u', (j) => j.onRef('u.partner_id', '=', 'o.partner_id').onRef('u.id', '=', 'o.client_user_id'))
        .leftJoin('tradepoints as tp', (j) => j.onRef('tp.partner_id', '=', 'o.partner_id').onRef('tp.id', '=', 'o.tradepoint_id'))
        .selectAll('o')
        .select([
          'c.name as c_name',
          'c.inn as c_inn',
          'c.email as c_email',
          'c.phone as c_phone',
          'c.address as c_address',
          'c.legal_entity as c_legal_entity',
          'u.email as u_email',
          'u.name as u_name',
          'u.phone as u_phone',
          'tp.address as tradepoint_address',
        ])
        .where('o.partner_id', '=', partnerId)
        .where('o.id', '=', id);
      return (opts.lock ? q.forUpdate('o') : q).executeTakeFirst();
    },

    /** The order's lines as placed, in their order. */
    items: (partnerId: number, orderId: number) =>
      db
        .selectFrom('order_items')
        .select(['product_id', 'up_code_1c', 'name', 'price', 'cur_price', 'buying_price', 'quantity', 'offer_id', 'special'])
        .where('partner_id', '=', partnerId)
        .where('order_id', '=', orderId)
        .orderBy('id')
        .execute(),

    /** A partner with its shop (none: shop_id null): its name, the shop's link and domain, name and time zone. */
    partner: (partnerId: number) =>
      db
        .selectFrom('partners as p')
        .leftJoin('shops as s', 's.partner_id', 'p.id')
        .select(['p.id', 'p.name', 's.partner_id as shop_id', 's.name as shop_name', 's.shop_link', 's.domain_name', 's.time_zone'])
        .where('p.id', '=', partnerId)
        .executeTakeFirst(),

    /** The partner an order belongs to, and, for a routed order's tombstone, the partner it went to (its name). */
    whereIs: (orderId: number) =>
      db
        .selectFrom('orders as o')
        .leftJoin('partners as t', 't.id', 'o.routed_to_partner_id')
        .select(['o.partner_id', 'o.routed_to_partner_id', 't.name as routed_to_name'])
        .where('o.id', '=', orderId)
        .executeTakeFirst(),

    /** The partner's order, when it is a tombstone of a routing: the partner it went to (its name). */
    routedAway: (partnerId: number, orderId: number) =>
      db
        .selectFrom('orders as o')
        .innerJoin('partners as t', 't.id', 'o.routed_to_partner_id')
        .select(['t.name'])
        .where('o.partner_id', '=', partnerId)
        .where('o.id', '=', orderId)
        .executeTakeFirst(),

    /** The user who routes (the platform manager): the name the history and the mail show. */
    userName: (userId: number) => db.selectFrom('users').select(['name', 'surname']).where('id', '=', userId).executeTakeFirst(),
  };
}

export type RoutedSource = NonNullable<Awaited<ReturnType<ReturnType<typeof orderRoutingRepo>['source']>>>;
