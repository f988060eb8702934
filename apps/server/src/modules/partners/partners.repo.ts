import { sql } from 'kysely';
import type { Db } from '@/db/database';
import { likeContains, searchText } from '@/db/text-search';

/*
 * Borrowed read-only for the manager's partner list: shops (module shop), client_counts and order_status_counts (read
 * models of clients and orders), report_partner_day (the reporting read model, migration 0019: per partner and Moscow
 * day, the orders that are not CANCELED and their revenue — what «Продажи по партнерам» and «Маржа по партнерам»
 * read).
 */

export function partnersRepo(db: Db) {
  return {
    findById: (id: number) => db.selectFrom('partners').selectAll().where('id', '=', id).executeTakeFirst(),
    /**
     * Every partner (or those whose name, shop link or domain holds `query`, any case) with its shop, clients,
     * orders of every status as its staff's list counts them (order_status_counts leaves out an order routed away,
     * migration 0049), and the orders and revenue of the Moscow days from `since` on (a routed order's source copy
     * is CANCELED: counted once, at the target); by name. One statement: a handful of read-model rows per partner
     * (30 days are at most 30 rows of report_partner_day), whatever the number of orders.
     */
    list: (since: string, query?: string) => {
      const text = searchText(query);
      const pattern = text ? likeContains(text) : '';
      return db
        .selectFrom('partners as p')
        .leftJoin('shops as s', 's.partner_id', 'p.id')
        .select([
          'p.id',
          'p.name',
          's.shop_link',
          's.domain_name',
          'p.loyalty_enabled',
          sql<number>`coalesce((select sum(n) from client_counts c where c.partner_id = p.id), 0)::int`.as('clients'),
          sql<number>`coalesce((select sum(n) from order_status_counts o where o.partner_id = p.id), 0)::int`.as('orders'),
          sql<number>`coalesce((select sum(d.orders) from report_partner_day d where d.partner_id = p.id and d.day >= ${since}::date), 0)::int`.as(
            'orders_recent',
          ),
          sql<string>`coalesce((select sum(d.revenue) from report_partner_day d where d.partner_id = p.id and d.day >= ${since}::date), 0)`.as(
            'revenue_recent',
          ),
        ])
        .$if(Boolean(text), (q) =>
          q.where((eb) =>
            eb.or([
              eb(sql`lower(p.name)`, 'like', pattern),
              eb(sql`lower(s.shop_link)`, 'like', pattern),
              eb(sql`lower(s.domain_name)`, 'like', pattern),
            ]),
          ),
        )
        .orderBy('p.name')
        .orderBy('p.id')
        .execute();
    },
    count: async () => {
      const row = await db
        .selectFrom('partners')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
