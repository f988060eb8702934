import { useSyncExternalStore } from 'react';
import type { DeliveryChoice } from '@b2b/contracts/storefront';

/*
 * The delivery zone the buyer chose, per shop, kept for the browser tab (sessionStorage): the basket, checkout and the
 * КП are priced for it by the server (delivery_zone_id, or outside_zone=Y «по согласованию»).
 */

/** The zone's id, OUTSIDE for an address outside every zone, or null for none chosen. */
export type ZoneChoice = number | 'OUTSIDE' | null;

const listeners = new Set<() => void>();
const keyOf = (link: string) => `shop-delivery-zone:${link}`;

function read(link: string): ZoneChoice {
  const stored = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(keyOf(link));
  if (stored === 'OUTSIDE') return 'OUTSIDE';
  const id = Number(stored);
  return stored && Number.isInteger(id) && id > 0 ? id : null;
}

export function setZoneChoice(link: string, choice: ZoneChoice) {
  if (choice === null) sessionStorage.removeItem(keyOf(link));
  else sessionStorage.setItem(keyOf(link), String(choice));
  listeners.forEach((l) => l());
}

export function useZoneChoice(link: string): ZoneChoice {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => read(link),
  );
}

/** The query the server prices the basket by. */
export const deliveryQuery = (choice: ZoneChoice): DeliveryChoice =>
  choice === 'OUTSIDE' ? { outside_zone: 'Y' } : choice === null ? {} : { delivery_zone_id: choice };
