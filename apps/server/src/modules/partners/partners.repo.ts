import { sql } from 'kysely';
import type { Db } from '@/db/database';
import { likeContains, searchText } from '@/db/text-search';

/** Borrowed read-only for the manager's partner list: shops (module shop), client_counts and order_status_counts (read models). */

export function partnersRepo(db: Db) {
  return {
    findById: (id: number) => db.selectFrom('partners').selectAll().where('id', '=', id).executeTakeFirst(),
    /** Every partner (or those whose name holds `query`) with its shop link, clients and orders, by name. */
    list: (query?: string) => {
      const text = searchText(query);
      return db
        .selectFrom('partners as p')
        .leftJoin('shops as s', 's.partner_id', 'p.id')
        .select([
          'p.id',
          'p.name',
          's.shop_link',
          sql<number>`coalesce((select sum(n) from client_counts c where c.partner_id = p.id), 0)::int`.as('clients'),
          sql<number>`coalesce((select sum(n) from order_status_counts o where o.partner_id = p.id), 0)::int`.as('orders'),
        ])
        .$if(Boolean(text), (q) => q.where(sql`lower(p.name)`, 'like', likeContains(text!)))
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
