import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { SeededProduct } from './catalog-seed';
import type { SeededClient } from './clients-seed';
import { addDays, HOUR_MS } from './dates';
import { planOrders } from './orders-plan';
import { Random } from './random';

const product = (id: number): SeededProduct => ({
  id,
  code: String(100000 + id),
  name: `Товар ${id}`,
  leafName: 'Раздел',
  brand: 'Бренд',
  purchase: new Decimal(100),
  rrc: new Decimal(150),
  pack: 1,
  popularity: 1,
  active: true,
});

const client = (id: number, now: Date) =>
  ({
    id,
    userId: id,
    registeredAt: addDays(now, -500),
    blacklistedAt: null,
    weight: 1,
    orders: true,
    address: 'Москва',
    personalPrices: new Map(),
  }) as unknown as SeededClient;

const plan = (now: Date) =>
  planOrders(new Random(20261122).fork('orders'), {
    count: 150,
    now,
    clients: [1, 2, 3].map((id) => client(id, now)),
    products: [1, 2, 3, 4, 5].map(product),
    tradepointIds: [1],
    orderPrefix: 'К',
    handlerAt: () => 9,
  });

describe('planOrders', () => {
  it('leaves orders in every working status whatever the hour the demo is built', () => {
    const start = new Date('2026-11-23T00:00:00Z');
    for (let h = 0; h < 7 * 24; h += 5) {
      const now = new Date(start.getTime() + h * HOUR_MS);
      const plans = plan(now);
      const statuses = new Set(plans.map((p) => p.status));
      for (const s of ['NEW', 'VIEWED', 'IN_BASKET', 'COMPLETED', 'CANCELED']) expect(statuses, `${now.toISOString()} ${s}`).toContain(s);
      for (const p of plans) expect(p.createdAt.getTime()).toBeLessThan(now.getTime());
    }
  });
});
