import { sql } from 'kysely';
import type { Db } from '@/db/database';

/* The list read models (migration 0012) compared with the same figures computed from scratch: each answers the rows
   that differ, none when the model is right. Shared by the tests of the triggers and of the seeds. */

/**
 * order_counts and order_status_counts rows that differ from a fresh count of the orders (none when the models are
 * right; a status count's row has no day). A tombstone of an order routed to another partner is counted nowhere
 * (migration 0049).
 */
export async function orderCountDrift(db: Db) {
  const { rows } = await sql<{ partner_id: number; day: string | null; status: string; kept: number; real: number }>`
    with real as (
      select partner_id, (created_at at time zone 'Europe/Moscow')::date as day, status, count(*)::int as n
      from orders where routed_to_order_id is null group by 1, 2, 3
    ),
    real_status as (select partner_id, status, sum(n)::int as n from real group by 1, 2)
    select coalesce(r.partner_id, c.partner_id) as partner_id, coalesce(r.day, c.day)::text as day,
      coalesce(r.status, c.status) as status, coalesce(c.n, 0) as kept, coalesce(r.n, 0) as real
    from real r full join order_counts c on c.partner_id = r.partner_id and c.day = r.day and c.status = r.status
    where coalesce(c.n, 0) <> coalesce(r.n, 0)
    union all
    select coalesce(r.partner_id, c.partner_id), null, coalesce(r.status, c.status), coalesce(c.n, 0), coalesce(r.n, 0)
    from real_status r full join order_status_counts c on c.partner_id = r.partner_id and c.status = r.status
    where coalesce(c.n, 0) <> coalesce(r.n, 0)`.execute(db);
  return rows;
}

/** client_counts rows that differ from a fresh count of the clients. */
export async function clientCountsDrift(db: Db) {
  const { rows } = await sql<{ day: string }>`
    with real as (
      select partner_id, (registered_at at time zone 'Europe/Moscow')::date as day, blacklisted, count(*)::int as n
      from clients group by 1, 2, 3
    )
    select coalesce(r.day, c.day)::text as day from real r
    full join client_counts c on c.partner_id = r.partner_id and c.day = r.day and c.blacklisted = r.blacklisted
    where coalesce(c.n, 0) <> coalesce(r.n, 0)`.execute(db);
  return rows;
}

/** client_order_stats rows that differ from the figures computed from every order (the last one: not a routed tombstone). */
export async function clientStatsDrift(db: Db) {
  const { rows } = await sql<{ client_id: number }>`
    select c.partner_id, c.id as client_id
    from clients c
    left join client_order_stats s on s.partner_id = c.partner_id and s.client_id = c.id
    left join lateral (
      select count(*)::int as cnt, coalesce(sum(position_sum), 0) as total from orders o
      where o.partner_id = c.partner_id and o.client_id = c.id and o.status <> 'CANCELED'
    ) agg on true
    left join lateral (
      select id from orders o where o.partner_id = c.partner_id and o.client_id = c.id and o.routed_to_order_id is null
      order by created_at desc, id desc limit 1
    ) lo on true
    where s.client_id is null or s.orders_count <> agg.cnt or s.orders_sum <> agg.total
      or s.last_order_id is distinct from lo.id
      or s.orders_average <> coalesce(round(agg.total / nullif(agg.cnt, 0), 2), 0)`.execute(db);
  return rows;
}

/** catalog_section_counts rows that differ from a fresh count of each section's active products. */
export async function sectionCountsDrift(db: Db) {
  const { rows } = await sql<{ section_id: number; kept: number; real: number }>`
    with real as (select section_id, count(*)::int as n from catalog_products where active group by section_id)
    select coalesce(r.section_id, c.section_id) as section_id, coalesce(c.active_products, 0) as kept, coalesce(r.n, 0) as real
    from real r full join catalog_section_counts c on c.section_id = r.section_id
    where coalesce(c.active_products, 0) <> coalesce(r.n, 0)`.execute(db);
  return rows;
}
