import { sql } from 'kysely';
import type { Db } from '@/db/database';

/*
 * Which orders the sale query sends 1C and what 1C took (exchange_1c_orders, this module's). Borrowed read-only,
 * tenant-scoped: orders, order_items, clients, tradepoints (module orders / clients / shop), and the settings' statuses.
 * The orders to send are read in two statements whatever their number: the orders with their client, then all
 * their lines.
 */

/** The statuses sent when the partner saved no settings: the migration's default of exchange_1c_settings.statuses. */
export const DEFAULT_SENT_STATUSES = ['NEW', 'VIEWED', 'IN_BASKET'];

export interface OrderToSendRow {
  id: number;
  order_number: string;
  created_at: Date;
  status: string;
  status_at: Date;
  payment_type: string;
  online_pay_status: string | null;
  currency: string;
  currency_rate: string;
  delivery_price: string;
  delivery_zone_name: string | null;
  comment: string | null;
  cancel_comment: string | null;
  contact_name: string | null;
  contact_phone: string | null;
  contact_email: string | null;
  /** The delivery address, or the pickup point's. */
  delivery_address: string | null;
  /** The order's updated_at to the microsecond, as text: what markSent records as the version sent. */
  version: string;
  client_id: number;
  client_name: string;
  client_short_name: string | null;
  client_inn: string | null;
  client_address: string | null;
  client_phone: string | null;
  client_email: string | null;
}

export interface OrderLineToSendRow {
  order_id: number;
  id: number;
  product_id: number;
  up_code_1c: string;
  name: string;
  cur_price: string;
  quantity: number;
  /** quantity × cur_price, exact (4 decimals). */
  sum: string;
  /** Σ quantity × cur_price of the line's order, exact: the goods of the order in its currency. */
  goods: string;
  offer_id: number | null;
  /** The product's 1C Ид, when an import.xml taught it (exchange_1c_products). */
  ext_id: string | null;
}

export function exchangeOrdersRepo(db: Db) {
  return {
    /**
     * The orders 1C is to be sent, oldest first, at most `limit`: in a status the settings send, not a routing
     * tombstone (the order lives on at the partner it went to), and never taken by 1C or changed since it was.
     */
    async ordersToSend(partnerId: number, limit: number): Promise<OrderToSendRow[]> {
      const { rows } = await sql<OrderToSendRow>`
        select o.id, o.order_number, o.created_at, o.status,
          coalesce(case o.status when 'NEW' then o.created_at when 'VIEWED' then o.viewed_at when 'IN_BASKET' then o.sent_at
            when 'COMPLETED' then o.completed_at when 'CANCELED' then o.canceled_at end, o.updated_at) as status_at,
          o.payment_type, o.online_pay_status, o.currency, o.currency_rate, o.delivery_price, o.delivery_zone_name,
          o.comment, o.cancel_comment, o.contact_name, o.contact_phone, o.contact_email,
          coalesce(o.address, t.address) as delivery_address,
          to_char(o.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as version,
          c.id as client_id, c.name as client_name, c.short_name as client_short_name, c.inn as client_inn,
          c.address as client_address, c.phone as client_phone, c.email as client_email
        from orders o
        join clients c on c.partner_id = o.partner_id and c.id = o.client_id
        left join tradepoints t on t.partner_id = o.partner_id and t.id = o.tradepoint_id
        left join exchange_1c_orders x on x.partner_id = o.partner_id and x.order_id = o.id
        where o.partner_id = ${partnerId}
          and o.status = any(coalesce(
            (select s.statuses from exchange_1c_settings s where s.partner_id = ${partnerId}),
            ${DEFAULT_SENT_STATUSES}::text[]))
          and o.routed_to_order_id is null
          and (x.taken_version is null or o.updated_at > x.taken_version)
        order by o.created_at, o.id
        limit ${limit}`.execute(db);
      return rows.map((r) => ({ ...r, id: Number(r.id), client_id: Number(r.client_id) }));
    },

    /**
     * The lines of these orders, in their order, with each product's 1C Ид: of several, a product's own (an Ид
     * without «#characteristic») first, then the one learnt last.
     */
    async linesOf(partnerId: number, orderIds: number[]): Promise<OrderLineToSendRow[]> {
      if (!orderIds.length) return [];
      const { rows } = await sql<OrderLineToSendRow>`
        with lines as (
          -- The sums in SQL's exact numeric: 6,000 lines' decimals in JS cost 70-400 ms (measured), here nothing.
          select i.order_id, i.id, i.product_id, i.up_code_1c, i.name, i.cur_price, i.quantity, i.offer_id,
            i.quantity * i.cur_price as sum, sum(i.quantity * i.cur_price) over (partition by i.order_id) as goods
          from order_items i
          where i.partner_id = ${partnerId} and i.order_id = any(${orderIds}::bigint[])
        ), ext as (
          select distinct on (e.product_id) e.product_id, e.ext_id
          from exchange_1c_products e
          where e.partner_id = ${partnerId} and e.product_id in (select product_id from lines)
          order by e.product_id, position('#' in e.ext_id) > 0, e.updated_at desc, e.ext_id
        )
        select lines.*, ext.ext_id from lines left join ext on ext.product_id = lines.product_id
        order by lines.order_id, lines.id`.execute(db);
      return rows.map((r) => ({ ...r, order_id: Number(r.order_id), id: Number(r.id), product_id: Number(r.product_id) }));
    },

    /** Records what this session sent: each order's version (its updated_at as read), to be taken on mode=success. */
    async markSent(partnerId: number, sessionId: number, sent: { id: number; version: string }[]): Promise<void> {
      if (!sent.length) return;
      await sql`
        insert into exchange_1c_orders (partner_id, order_id, sent_at, sent_version, sent_session_id)
        select ${partnerId}, v.id, now(), v.version::timestamptz, ${sessionId}
        from unnest(${sent.map((s) => s.id)}::bigint[], ${sent.map((s) => s.version)}::text[]) as v(id, version)
        on conflict (partner_id, order_id) do update
          set sent_at = excluded.sent_at, sent_version = excluded.sent_version, sent_session_id = excluded.sent_session_id`.execute(db);
    },

    /** mode=success: the versions this session last sent are taken. Answers how many orders were. */
    async markTaken(partnerId: number, sessionId: number): Promise<number> {
      const result = await sql`
        update exchange_1c_orders set taken_version = sent_version, taken_at = now()
        where partner_id = ${partnerId} and sent_session_id = ${sessionId} and sent_version is not null
          and (taken_version is null or taken_version < sent_version)`.execute(db);
      return Number(result.numAffectedRows ?? 0);
    },
  };
}
