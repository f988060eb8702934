import { sql } from 'kysely';
import { CLIENT_LOYALTY_SORTS, type ClientListQuery, type ClientSort } from '@b2b/contracts/clients';
import type { Db } from '@/db/database';
import { likeContains, phoneDigitsOf, searchText } from '@/db/text-search';
import type { ClientListRow } from './client-list.repo';

/**
 * The client list as plainly as SQL says it (issue 40 §3): the partner's clients, or a group's members, over the base
 * tables (clients, orders, loyalty, price lists), no read model. The tests hold the tuned list (client-list.repo.ts) to
 * it: the same rows in the same order, the same counts. A column the partner's programme hides does not sort.
 */
export async function referenceClientList(db: Db, partnerId: number, q: Omit<ClientListQuery, 'action'>, groupId?: number) {
  const { loyalty_enabled: loyaltyOn } = await db
    .selectFrom('partners')
    .select('loyalty_enabled')
    .where('id', '=', partnerId)
    .executeTakeFirstOrThrow();
  const hidden = !loyaltyOn && CLIENT_LOYALTY_SORTS.includes(q.sort);
  const sort: ClientSort = hidden ? 'REGISTRATION_DATE' : q.sort;
  const dir = sql.raw(hidden || q.order === 'DESC' ? 'desc' : 'asc');

  const text = searchText(q.query);
  const digits = text && phoneDigitsOf(text);
  const collection =
    groupId === undefined
      ? sql`true`
      : sql`c.id in (select client_id from client_group_members where partner_id = ${partnerId} and group_id = ${groupId})`;
  const criteria = sql.join(
    [
      q.blacklist ? sql`c.blacklisted = ${q.blacklist === 'Y'}` : sql`true`,
      q.date_start ? sql`(c.registered_at at time zone 'Europe/Moscow')::date >= ${q.date_start}::date` : sql`true`,
      q.date_end ? sql`(c.registered_at at time zone 'Europe/Moscow')::date <= ${q.date_end}::date` : sql`true`,
      text
        ? sql`(lower(c.name) like ${likeContains(text)} or c.inn like ${likeContains(text)} or lower(c.email) like ${likeContains(text)}
            or ${digits ? sql`regexp_replace(coalesce(c.phone, ''), '[^0-9]', '', 'g') like ${likeContains(digits)}` : sql`false`})`
        : sql`true`,
    ],
    sql` and `,
  );

  const rows = await sql<ClientListRow>`
    select c.id, c.name, c.short_name, c.inn, c.blacklisted, c.is_new, c.currency,
      floor(extract(epoch from c.registered_at))::int8 as registered_s, c.price_type,
      coalesce(pl.id, bl.id) as price_list_id, coalesce(pl.name, bl.name) as price_list_name,
      coalesce(pl.price_type, bl.price_type) as price_list_type, col.id as column_id, col.name as column_name,
      f.orders_count, round(f.orders_sum, 2)::text as orders_sum, round(f.orders_average, 2)::text as orders_average,
      lo.id as last_order_id, lo.order_number as last_order_number, lo.status as last_order_status,
      floor(extract(epoch from lo.created_at))::int8 as last_order_date_s,
      (select count(*) from client_group_members gm where gm.partner_id = c.partner_id and gm.client_id = c.id) as group_cnt,
      lm.client_id as loyalty_client_id, lm.enabled as loyalty_enabled, floor(extract(epoch from lm.enabled_at))::int8 as loyalty_enabled_s,
      lm.card_code, round(lm.balance, 2)::text as balance, floor(extract(epoch from lm.date_status_end))::int8 as date_status_end_s,
      ls.title as loyalty_status
    from clients c
    -- Every order counts but a canceled one; the last order is the latest of any status, not one routed away.
    cross join lateral (
      select count(*)::int as orders_count, coalesce(sum(o.position_sum), 0) as orders_sum,
        coalesce(round(sum(o.position_sum) / nullif(count(*), 0), 2), 0) as orders_average
      from orders o where o.partner_id = c.partner_id and o.client_id = c.id and o.status <> 'CANCELED'
    ) f
    left join lateral (
      select o.id, o.order_number, o.status, o.created_at from orders o
      where o.partner_id = c.partner_id and o.client_id = c.id and o.routed_to_order_id is null
      order by o.created_at desc, o.id desc limit 1
    ) lo on true
    left join loyalty_members lm on ${loyaltyOn} and lm.partner_id = c.partner_id and lm.client_id = c.id
    left join loyalty_statuses ls on ls.partner_id = lm.partner_id and ls.id = lm.status_id
    left join price_lists pl on pl.partner_id = c.partner_id and pl.id = c.price_list_id
    left join price_lists bl on bl.partner_id = c.partner_id and bl.is_base
    left join price_lists col on col.partner_id = c.partner_id and col.id = c.price_column_id
    where c.partner_id = ${partnerId} and ${collection} and ${criteria}
    order by ${SORT_KEY[sort]} ${dir} nulls last, c.id ${dir}
    limit ${q.limit} offset ${q.offset}`.execute(db);

  const count = async (where: ReturnType<typeof sql>) =>
    Number((await sql<{ n: number }>`select count(*) as n from clients c where c.partner_id = ${partnerId} and ${where}`.execute(db)).rows[0].n);
  return { rows: rows.rows, cnt: await count(sql`${collection} and ${criteria}`), all: await count(collection), loyaltyOn };
}

/** What each column sorts by, as it is shown (the aliases of the query above). */
const SORT_KEY: Record<ClientSort, ReturnType<typeof sql>> = {
  NAME: sql`lower(c.name)`,
  PRICE_TYPE: sql`coalesce(pl.name, bl.name) || coalesce(' / ' || col.name, '')`,
  REGISTRATION_DATE: sql`c.registered_at`,
  ORDERS_COUNT: sql`f.orders_count`,
  ORDERS_SUM: sql`f.orders_sum`,
  ORDERS_AVERAGE: sql`f.orders_average`,
  LAST_ORDER: sql`lo.created_at`,
  STATUS: sql`ls.sort`,
  BALANCE: sql`lm.balance`,
  CARD_CODE: sql`lm.card_code`,
  IS_AVAIL: sql`(lm.client_id is not null)`,
  ENABLED: sql`lm.enabled`,
  ENABLED_DATE: sql`lm.enabled_at`,
};
