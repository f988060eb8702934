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

export interface DomainEventMap {
  'order.accepted': OrderStatusChanged;
  'order.sent_to_basket': OrderStatusChanged & { basketId: number };
  'order.completed': OrderStatusChanged & { stockConfirmed: boolean };
  'order.canceled': OrderStatusChanged & { reason: string };
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
