import type { OrderStatus } from '@b2b/contracts/limits';

/*
 * The domain's events and their payloads. A module that changes something others care about publishes an event
 * in its own transaction; the areas that react (loyalty points, offer limits, reports) subscribe to it instead of
 * being called by that module.
 */

export interface OrderStatusChanged {
  orderId: number;
  orderNumber: string;
  clientId: number;
  from: OrderStatus;
  to: OrderStatus;
}

/** An order copied to another partner: the source's order (now a CANCELED tombstone) and the target's new one. */
export interface OrderRouted {
  orderId: number;
  orderNumber: string;
  clientId: number;
  toPartnerId: number;
  toOrderId: number;
  toOrderNumber: string;
  toClientId: number;
}

export interface DomainEventMap {
  'order.accepted': OrderStatusChanged;
  'order.sent_to_basket': OrderStatusChanged & { basketId: number };
  'order.completed': OrderStatusChanged & { stockConfirmed: boolean };
  'order.canceled': OrderStatusChanged & { reason: string };
  /** The manager moved the order to another partner (issue 39 §1): the event's partner is the source. */
  'order.routed': OrderRouted;
}

export type EventType = keyof DomainEventMap;

export interface DomainEvent<T extends EventType = EventType> {
  id: number;
  type: T;
  partnerId: number | null;
  userId: number | null;
  payload: DomainEventMap[T];
  at: Date;
}
