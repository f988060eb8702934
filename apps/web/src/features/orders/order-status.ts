import { ORDER_STATUSES, type OrderStatus } from '@b2b/contracts/limits';
import { ORDER_STATUS_LABEL } from '@b2b/contracts/messages';
import type { OrderAction } from '@b2b/contracts/orders';

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
