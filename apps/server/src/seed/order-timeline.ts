import { addMinutes, DAY_MS, MINUTE_MS } from './dates';
import type { Random } from './random';

export type OrderStatus = 'NEW' | 'VIEWED' | 'IN_BASKET' | 'COMPLETED' | 'CANCELED';
export type OrderAction = 'CREATED' | 'VIEWED' | 'SENT_TO_BASKET' | 'COMPLETED' | 'CANCELED';

export interface TimelineStep {
  action: OrderAction;
  at: Date;
}

/** An order's status by its age: recent orders are still being processed, old ones are closed. */
export function statusForAge(rng: Random, ageDays: number): OrderStatus {
  if (ageDays < 1) return rng.pickWeighted<OrderStatus>({ NEW: 60, VIEWED: 25, IN_BASKET: 10, CANCELED: 5 });
  if (ageDays < 3) return rng.pickWeighted<OrderStatus>({ NEW: 20, VIEWED: 20, IN_BASKET: 35, COMPLETED: 15, CANCELED: 10 });
  if (ageDays < 10) return rng.pickWeighted<OrderStatus>({ VIEWED: 3, IN_BASKET: 12, COMPLETED: 75, CANCELED: 10 });
  return rng.pickWeighted<OrderStatus>({ COMPLETED: 92, CANCELED: 8 });
}

/** Minutes from the previous step, min and max. */
const GAP_MINUTES: Record<Exclude<OrderAction, 'CREATED'>, [number, number]> = {
  VIEWED: [5, 360],
  SENT_TO_BASKET: [20, 1440],
  COMPLETED: [1440, 5760],
  CANCELED: [60, 2880],
};

function actionsFor(rng: Random, status: OrderStatus): OrderAction[] {
  switch (status) {
    case 'NEW':
      return ['CREATED'];
    case 'VIEWED':
      return ['CREATED', 'VIEWED'];
    case 'IN_BASKET':
      return ['CREATED', 'VIEWED', 'SENT_TO_BASKET'];
    case 'COMPLETED':
      return ['CREATED', 'VIEWED', 'SENT_TO_BASKET', 'COMPLETED'];
    case 'CANCELED': {
      // Canceled as new, after viewing, or even after it went to the basket.
      const reached = rng.pickWeighted({ NEW: 30, VIEWED: 50, IN_BASKET: 20 });
      const before: OrderAction[] = reached === 'NEW' ? [] : reached === 'VIEWED' ? ['VIEWED'] : ['VIEWED', 'SENT_TO_BASKET'];
      return ['CREATED', ...before, 'CANCELED'];
    }
  }
}

/**
 * The history of an order: each step after the previous one, the last one before `now` (the gaps
 * shrink for orders too recent to fit them).
 */
export function timeline(rng: Random, status: OrderStatus, createdAt: Date, now: Date): TimelineStep[] {
  const actions = actionsFor(rng, status);
  const gaps = actions.slice(1).map((a) => {
    const [min, max] = GAP_MINUTES[a as Exclude<OrderAction, 'CREATED'>];
    return rng.float(min, max);
  });
  const total = gaps.reduce((s, g) => s + g, 0);
  const room = (now.getTime() - createdAt.getTime()) / MINUTE_MS - 1;
  const scale = total > room ? (Math.max(room, 0) * rng.float(0.5, 0.95)) / total : 1;
  let at = createdAt;
  return actions.map((action, i) => {
    if (i > 0) at = addMinutes(at, Math.max(gaps[i - 1] * scale, 0.01));
    return { action, at };
  });
}

/** Days since an order was placed. */
export const ageInDays = (createdAt: Date, now: Date) => (now.getTime() - createdAt.getTime()) / DAY_MS;
