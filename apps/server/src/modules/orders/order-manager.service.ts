import { MSG, ORDER_MANAGER_MSG, ORDER_STATUS_LABEL } from '@b2b/contracts/messages';
import { formId } from '@b2b/contracts/numbers';
import { ORDER_MSG, type OrderChangeDone } from '@b2b/contracts/orders';
import type { Db } from '@/db/database';
import { notFound } from '@/http/app-error';
import { failed, ok, type ActionFailed } from '@/http/envelope';
import type { OrderActor } from './order-actions.service';
import { orderChangesRepo } from './order-changes.repo';
import { orderManagerRepo } from './order-manager.repo';
import { isActionAllowed } from './order-rules';
import { personName } from './order-view';

const managerIdSchema = formId(ORDER_MANAGER_MSG.notFound);

/**
 * The order's responsible employee (issue 39 §1, the card's MANAGER): one of the partner's active staff, chosen by
 * those who edit orders (editOrders, the route's guard), or cleared. Another partner's user, a deleted or disabled
 * employee, a client or a platform manager is refused with a field message; a canceled order is refused as every
 * edit of it is.
 */
export function orderManagerService(db: Db) {
  return {
    /** action=manager: `rawId` an employee's id, empty clears it. Writes history only when it changes. */
    async set(actor: OrderActor, orderId: number, rawId: string): Promise<OrderChangeDone | ActionFailed> {
      let managerId: number | null = null;
      if (rawId.trim() !== '') {
        const parsed = managerIdSchema.safeParse(rawId.trim());
        if (!parsed.success) return failed({ manager_id: ORDER_MANAGER_MSG.notFound });
        managerId = parsed.data;
      }
      return db.transaction().execute(async (trx) => {
        const changes = orderChangesRepo(trx);
        const order = await changes.lock(actor.partnerId, orderId);
        if (!order) throw notFound(MSG.notFound);
        if (!isActionAllowed(order.status, 'manager')) return failed({ action: ORDER_MSG.illegalTransition(ORDER_STATUS_LABEL[order.status]) });
        const staff = orderManagerRepo(trx);
        let next: { ID: number; NAME: string } | null = null;
        if (managerId !== null) {
          const user = await staff.find(actor.partnerId, managerId);
          if (!user) return failed({ manager_id: ORDER_MANAGER_MSG.notFound });
          if (!user.active) return failed({ manager_id: ORDER_MANAGER_MSG.disabled });
          next = { ID: user.id, NAME: personName(user.name, user.surname) };
        }
        const current = order.manager_user_id === null ? undefined : await staff.find(actor.partnerId, order.manager_user_id);
        if ((order.manager_user_id ?? null) !== managerId) {
          // The row is locked: the status cannot have moved since it was read.
          await changes.updateIf(actor.partnerId, order.id, [order.status], { manager_user_id: managerId });
          await changes.addHistory(actor.partnerId, [
            {
              orderId: order.id,
              userId: actor.id,
              action: 'MANAGER',
              details: {
                old_id: order.manager_user_id ?? null,
                old_name: current ? personName(current.name, current.surname) : null,
                new_id: next?.ID ?? null,
                new_name: next?.NAME ?? null,
              },
            },
          ]);
        }
        return ok({ MANAGER: next }, next ? ORDER_MANAGER_MSG.set(next.NAME) : ORDER_MANAGER_MSG.cleared);
      });
    },
  };
}
