import type { Db } from '@/db/database';
import type { EventBus } from '@/events/event-bus';
import type { FileStore } from '@/files/file-store';
import { exportJobs } from '@/jobs/export-jobs';
import type { JobQueue } from '@/jobs/job-queue';
import type { Mailer } from '@/mail/mailer';
import { basketService } from './basket.service';
import { orderActionsService } from './order-actions.service';
import { orderCardService } from './order-card.service';
import { orderListService } from './list/order-list.service';
import { orderManagerService } from './order-manager.service';
import { placeOrder } from './order-placement';
import { orderRoutingService, type OrderRoutingDeps } from './order-routing.service';

import { ordersRepo } from './orders.repo';

/** The orders area (issue 3): the list, the card, the actions, the distribution-centre basket. */
export function ordersService(db: Db, deps: { mailer: Mailer; files: FileStore; events: EventBus; jobs: JobQueue }) {
  const repo = ordersRepo(db);
  const cards = orderCardService(db);
  return {
    /** Order count and the first order's date, for one partner or (manager) the whole platform. */
    async stats(partnerId?: number): Promise<{ count: number; minDate: Date | null }> {
      const row = await repo.stats(partnerId);
      return { count: Number(row.count), minDate: (row.min_date as Date | null) ?? null };
    },
    list: orderListService(db, exportJobs(db, deps.jobs, deps.files)),
    cards,
    actions: orderActionsService(db, { ...deps, cards }),
    /** The order's responsible employee (action=manager). */
    manager: orderManagerService(db),
    basket: basketService(db, deps.events),
    /** The partner an order belongs to (order ids are unique on the platform): the manager's card and actions. */
    partnerOf: async (orderId: number) =>
      (await db.selectFrom('orders').select('partner_id').where('id', '=', orderId).executeTakeFirst())?.partner_id,
    /** The manager's routing of orders to other partners (issue 39 §1), with what it needs of other modules (app.ts). */
    routing: (others: Omit<OrderRoutingDeps, 'mailer' | 'events'>) =>
      orderRoutingService(db, { ...others, mailer: deps.mailer, events: deps.events }),
    /** A buyer's order from the shop, written in the caller's transaction (the storefront's checkout). */
    place: placeOrder,
    /** The loyalty points given back to the client for an order (RETURNED_BONUS), in the loyalty module's transaction. */
    setReturnedBonus: async (trx: Db, partnerId: number, orderId: number, points: string) => {
      await trx
        .updateTable('orders')
        .set({ returned_bonus: points, updated_at: new Date() })
        .where('partner_id', '=', partnerId)
        .where('id', '=', orderId)
        .execute();
    },
  };
}

export type OrdersService = ReturnType<typeof ordersService>;
