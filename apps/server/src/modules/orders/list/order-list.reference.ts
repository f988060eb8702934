import { sql, type Expression, type SqlBool } from 'kysely';
import type { OrderListQuery } from '@b2b/contracts/orders';
import type { Db } from '@/db/database';
import { phoneDigitsOf, searchText } from '@/db/text-search';
import { SEARCH_COUNT_LIMIT } from './order-list.repo';

/**
 * The order list's meaning in one plain statement over the base tables (orders, clients), no read model, no index in
 * mind: the oracle the tests hold every tuned variant of order-list.repo.ts to — the same rows in the same order, the
 * same counts. `partnerId` undefined: the manager's list across partners (by date only, no client filter).
 *
 * - A tombstone of an order routed to another partner is in no list and no count.
 * - status, client, Moscow days from date_start to date_end (both included).
 * - The query (lower-case) anywhere in the order's number, its client's name or the contact e-mail; a phone-like query's
 *   digits anywhere in the contact phone's digits.
 * - Sorted by the key, ties by id, both in the order's direction; STATUS sorts by the workflow, CLIENT by lower(name).
 * - CNT the filter's count (a text search's capped at SEARCH_COUNT_LIMIT, `more` past it), CNT_ALL every order of the
 *   list, NEW_CNT its NEW ones; another shop's list is empty.
 */
export async function referenceOrderList(db: Db, partnerId: number | undefined, q: OrderListQuery) {
  const every = partnerId === undefined;
  const sort = every ? 'CREATE_DATE' : q.sort;
  const text = searchText(q.query);
  const digits = text ? phoneDigitsOf(text) : undefined;
  const base = () => {
    const list = db
      .selectFrom('orders as o')
      .innerJoin('clients as c', (j) => j.onRef('c.partner_id', '=', 'o.partner_id').onRef('c.id', '=', 'o.client_id'))
      .where('o.routed_to_order_id', 'is', null);
    return every ? list : list.where('o.partner_id', '=', partnerId);
  };
  const moscowDay = sql`(o.created_at at time zone 'Europe/Moscow')::date`;
  const contains = (field: Expression<string>, part: string) => sql<SqlBool>`strpos(${field}, ${part}) > 0`;
  const matching = base().where((eb) => {
    const all: Expression<SqlBool>[] = [];
    if (q.shop_id !== undefined && q.shop_id !== partnerId) all.push(sql<SqlBool>`false`);
    if (q.status) all.push(eb('o.status', '=', q.status));
    if (q.client_id && !every) all.push(eb('o.client_id', '=', q.client_id));
    if (q.date_start) all.push(sql<SqlBool>`${moscowDay} >= ${q.date_start}::date`);
    if (q.date_end) all.push(sql<SqlBool>`${moscowDay} <= ${q.date_end}::date`);
    if (text) {
      const any = [
        contains(sql`lower(o.order_number)`, text),
        contains(sql`lower(c.name)`, text),
        contains(sql`lower(coalesce(o.contact_email, ''))`, text),
      ];
      if (digits) any.push(contains(sql`regexp_replace(coalesce(o.contact_phone, ''), '[^0-9]', '', 'g')`, digits));
      all.push(eb.or(any));
    }
    return eb.and(all);
  });
  const key = {
    CREATE_DATE: sql`o.created_at`,
    ORDER_NUMBER: sql`o.order_number`,
    STATUS: sql`case o.status when 'NEW' then 1 when 'VIEWED' then 2 when 'IN_BASKET' then 3 when 'COMPLETED' then 4 else 5 end`,
    CLIENT: sql`lower(c.name)`,
    POSITION_COUNT: sql`o.position_count`,
    POSITION_SUM: sql`o.position_sum`,
  }[sort];
  const direction = q.order === 'ASC' ? 'asc' : 'desc';
  const rows = await matching
    .select(['o.id', 'o.partner_id', 'o.order_number', 'o.status', 'o.client_id', 'c.name as client_name'])
    .orderBy(key, direction)
    .orderBy('o.id', direction)
    .limit(q.limit)
    .offset(q.offset)
    .execute();
  const { n } = await matching.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const totals = await base()
    .select((eb) => [eb.fn.countAll<number>().as('all'), eb.fn.countAll<number>().filterWhere('o.status', '=', 'NEW').as('new')])
    .executeTakeFirstOrThrow();
  const cnt = Number(n);
  const more = Boolean(text) && cnt > SEARCH_COUNT_LIMIT;
  return {
    rows: rows.map((r) => ({ ...r, id: Number(r.id), partner_id: Number(r.partner_id), client_id: Number(r.client_id) })),
    NAV: { CNT: more ? SEARCH_COUNT_LIMIT : cnt, CNT_ALL: Number(totals.all), NEW_CNT: Number(totals.new), ...(more ? { CNT_MORE: 'Y' } : {}) },
    /** The filter's count without the cap (the tests pick offsets from it). */
    matching: cnt,
  };
}
