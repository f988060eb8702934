import { ORDER_STATUSES, type OrderStatus } from '@b2b/contracts/limits';
import { pointsReturnableIn } from '@b2b/contracts/loyalty';
import { ORDER_STATUS_LABEL } from '@b2b/contracts/messages';
import type { OrderAction, OrderCard } from '@b2b/contracts/orders';
import { MANAGER_ORDER_ACTIONS } from '@b2b/contracts/routes/manager';

/** The Tag colour of each status (back-office.md §4). */
export const ORDER_STATUS_COLOR: Record<OrderStatus, string> = {
  NEW: 'blue',
  VIEWED: 'gold',
  IN_BASKET: 'purple',
  COMPLETED: 'green',
  CANCELED: 'red',
};

export const ORDER_STATUS_OPTIONS = ORDER_STATUSES.map((code) => ({ value: code, label: ORDER_STATUS_LABEL[code] }));

/** Actions every role has: viewing and downloading (back-office.md §6). */
const VIEW_ACTIONS: ReadonlySet<OrderAction> = new Set<OrderAction>(['export', 'loyalty_history']);

/**
 * The buttons the card shows: the server's ACTIONS (what the user may do now), editing actions only for a user
 * with editOrders. Download is always there.
 */
export function visibleOrderActions(serverActions: readonly OrderAction[], canEdit: boolean): Set<OrderAction> {
  const out = new Set<OrderAction>(['export']);
  for (const action of serverActions) if (VIEW_ACTIONS.has(action) || canEdit) out.add(action);
  return out;
}

/**
 * «Вернуть баллы» (back-office.md §4, action bonus_return) for an editor: the order is canceled (pointsReturnableIn, the
 * server's rule), took part in the loyalty programme (IS_LOYALTY) and was paid with more points (LOYALTY_SUM) than it
 * has given back (RETURNED_BONUS).
 */
export function canReturnPoints(order: Pick<OrderCard, 'STATUS' | 'IS_LOYALTY' | 'LOYALTY_SUM' | 'RETURNED_BONUS'>, canEdit: boolean): boolean {
  return (
    canEdit &&
    pointsReturnableIn(order.STATUS.STATUS_CODE) &&
    order.IS_LOYALTY === 'Y' &&
    Number(order.LOYALTY_SUM) > Number(order.RETURNED_BONUS || 0)
  );
}

/**
 * The manager's buttons on any partner's order: of the server's ACTIONS, the status and text actions the manager
 * takes (accept, complete, cancel, comment, note); no basket, payment type, download or points.
 */
export function managerOrderActions(serverActions: readonly OrderAction[]): Set<OrderAction> {
  const allowed: readonly string[] = MANAGER_ORDER_ACTIONS;
  return new Set(serverActions.filter((action) => allowed.includes(action)));
}
