import type { Db } from '@/db/database';

export function ordersRepo(db: Db) {
  return {
    stats: (partnerId?: number) => {
      let q = db
        .selectFrom('orders')
        .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('min_date')]);
      if (partnerId !== undefined) q = q.where('partner_id', '=', partnerId);
      return q.executeTakeFirstOrThrow();
    },

    findById: (partnerId: number, id: number) =>
      db
        .selectFrom('orders')
        .innerJoin('clients', (j) =>
          j.onRef('clients.partner_id', '=', 'orders.partner_id').onRef('clients.id', '=', 'orders.client_id'),
        )
        .selectAll('orders')
        .select(['clients.name as client_name'])
        .where('orders.partner_id', '=', partnerId)
        .where('orders.id', '=', id)
        .executeTakeFirst(),

    items: (partnerId: number, orderId: number) =>
      db
        .selectFrom('order_items')
        .selectAll()
        .where('partner_id', '=', partnerId)
        .where('order_id', '=', orderId)
        .orderBy('id')
        .execute(),
  };
}
