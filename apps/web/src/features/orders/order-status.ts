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

export const isOrderStatus = (code: unknown): code is OrderStatus =>
  typeof code === 'string' && (ORDER_STATUSES as readonly string[]).includes(code);

/** The spec's label; an unknown code shows the server's name or the code itself. */
export function orderStatusLabel(code: string, serverName?: string | null): string {
  return isOrderStatus(code) ? ORDER_STATUS_LABEL[code] : serverName || code;
}

export const ORDER_STATUS_OPTIONS = ORDER_STATUSES.map((code) => ({ value: code, label: ORDER_STATUS_LABEL[code] }));

/**
 * What each status allows (back-office.md §4): NEW → Принять; VIEWED → В корзину РЦ or Исполнить; IN_BASKET →
 * Исполнить; reject until the order is completed; a canceled order allows nothing but its download. Used only
 * when the server's answer carries no ACTIONS.
 */
const STATUS_ACTIONS: Record<OrderStatus, OrderAction[]> = {
  NEW: ['accept', 'cancel', 'note', 'comment', 'payment_type', 'export'],
  VIEWED: ['send_to_basket', 'complete', 'cancel', 'note', 'comment', 'payment_type', 'export'],
  IN_BASKET: ['complete', 'cancel', 'note', 'comment', 'payment_type', 'export'],
  COMPLETED: ['note', 'comment', 'export'],
  CANCELED: ['export'],
};

/** Actions every role has: viewing and downloading (back-office.md §6). */
const VIEW_ACTIONS: ReadonlySet<OrderAction> = new Set<OrderAction>(['export', 'loyalty_history']);

/**
 * The buttons the card shows: the server's ACTIONS (what the user may do now) or, without them, the status
 * rules; editing actions only for a user with editOrders. Download is always there.
 */
export function visibleOrderActions(
  status: string,
  serverActions: readonly string[] | null | undefined,
  canEdit: boolean,
): Set<OrderAction> {
  const base: readonly string[] = serverActions ?? (isOrderStatus(status) ? STATUS_ACTIONS[status] : []);
  const out = new Set<OrderAction>(['export']);
  for (const action of base) {
    const a = action as OrderAction;
    if (VIEW_ACTIONS.has(a) || canEdit) out.add(a);
  }
  return out;
}
