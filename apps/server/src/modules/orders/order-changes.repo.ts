import { sql, type Updateable } from 'kysely';
import type { OrderStatus } from '@b2b/contracts/limits';
import type { Db } from '@/db/database';
import type { OrdersTable } from '@/db/schema';

export interface HistoryEntry {
  orderId: number;
  userId: number | null;
  action: string;
  details: Record<string, unknown>;
}

/** Writes of the orders area; meant to run inside the caller's transaction. Every statement is tenant-scoped. */
export function orderChangesRepo(trx: Db) {
  return {
    /** The order, its client's e-mail and the shop's name and payment types, row-locked until the transaction ends. */
    lock: (partnerId: number, id: number) =>
      trx
        .selectFrom('orders as o')
        .innerJoin('clients as c', (j) => j.onRef('c.partner_id', '=', 'o.partner_id').onRef('c.id', '=', 'o.client_id'))
        .leftJoin('shops as s', 's.partner_id', 'o.partner_id')
        .select([
          'o.id',
          'o.order_number',
          'o.client_id',
          'o.status',
          'o.payment_type',
          'o.shop_comment',
          'o.note',
          'o.manager_user_id',
          'o.contact_name',
          'o.contact_email',
          'c.name as client_name',
          'c.email as client_email',
          's.name as shop_name',
          's.payment_types',
        ])
        .where('o.partner_id', '=', partnerId)
        .where('o.id', '=', id)
        .forUpdate('o')
        .executeTakeFirst(),

    /** Sets fields only while the order is still in one of `expected` statuses; answers whether it did. */
    updateIf: async (partnerId: number, id: number, expected: readonly OrderStatus[], set: Updateable<OrdersTable>) => {
      const res = await trx
        .updateTable('orders')
        .set({ ...set, updated_at: sql`now()` })
        .where('partner_id', '=', partnerId)
        .where('id', '=', id)
        .where('status', 'in', [...expected])
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Takes the order's items out of the partner's open distribution-centre basket. */
    removeFromOpenBasket: (partnerId: number, orderId: number) =>
      trx
        .deleteFrom('dc_basket_items')
        .where('partner_id', '=', partnerId)
        .where('order_id', '=', orderId)
        .where('basket_id', 'in', (eb) => eb.selectFrom('dc_baskets').select('id').where('partner_id', '=', partnerId).where('status', '=', 'OPEN'))
        .execute(),

    addHistory: async (partnerId: number, entries: readonly HistoryEntry[]) => {
      if (!entries.length) return;
      await trx
        .insertInto('order_history')
        .values(
          entries.map((e) => ({
            partner_id: partnerId,
            order_id: e.orderId,
            user_id: e.userId,
            action: e.action,
            details: JSON.stringify(e.details),
          })),
        )
        .execute();
    },
  };
}

export type LockedOrder = NonNullable<Awaited<ReturnType<ReturnType<typeof orderChangesRepo>['lock']>>>;
