import type { OrderStatus } from '@b2b/contracts/limits';
import type { OrderAction } from '@b2b/contracts/orders';

/**
 * What may be done to an order in each status (back-office.md §4), by a user with the editOrders right.
 * The card's ACTIONS and the server's checks both read this table. Export and the loyalty history are reads:
 * every viewer may use them in any status, so they are not listed.
 */
export const ACTIONS_BY_STATUS: Record<OrderStatus, readonly OrderAction[]> = {
  NEW: ['accept', 'cancel', 'comment', 'note', 'payment_type', 'manager'],
  VIEWED: ['send_to_basket', 'complete', 'cancel', 'comment', 'note', 'payment_type', 'manager'],
  IN_BASKET: ['complete', 'cancel', 'comment', 'note', 'payment_type', 'manager'],
  COMPLETED: ['comment', 'note', 'manager'],
  CANCELED: [],
};

export const isActionAllowed = (status: OrderStatus, action: OrderAction): boolean => ACTIONS_BY_STATUS[status].includes(action);

/** The card's ACTIONS for a user: nothing without editOrders. */
export const actionsFor = (status: OrderStatus, canEdit: boolean): OrderAction[] => (canEdit ? [...ACTIONS_BY_STATUS[status]] : []);
