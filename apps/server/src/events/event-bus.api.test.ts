import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@/test/test-app';
import type { OrderStatusChanged } from './domain-events';

/** Issue 10.5: domain events through the outbox, each subscriber's effect exactly once. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const completed = (orderId: number): OrderStatusChanged & { stockConfirmed: boolean } => ({
  orderId,
  orderNumber: `T-${orderId}`,
  clientId: 1,
  from: 'IN_BASKET',
  to: 'COMPLETED',
  stockConfirmed: false,
});

/** The subscriber's effect in these tests: a row it writes through its transaction. */
const effects = async (orderId: number) =>
  Number(
    (
      await sql<{
        n: string;
      }>`select count(*)::text as n from domain_events where type = 'order.accepted' and (payload->>'orderId')::int = ${orderId}`.execute(
        t.database.db,
      )
    ).rows[0].n,
  );

describe('the event bus', () => {
  it('records nothing when the change that published rolls back', async () => {
    const { db } = t.database;
    const { events } = t.app.services;
    const before = await db
      .selectFrom('domain_events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    await expect(
      db.transaction().execute(async (trx) => {
        await events.publish(trx, 'order.completed', completed(900001), { partnerId: null, userId: null });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const after = await db
      .selectFrom('domain_events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('delivers a committed event to each subscriber once, even when its job runs twice, and retries a failure', async () => {
    const { db } = t.database;
    const { events, jobs } = t.app.services;
    let failNext = true;
    const seen: number[] = [];
    events.subscribe('order.completed', 'test-effects', async (event, trx) => {
      seen.push(event.payload.orderId);
      await events.publish(trx, 'order.accepted', { ...event.payload, from: 'NEW', to: 'VIEWED' }, { partnerId: null, userId: null });
      if (event.payload.orderId === 900003 && failNext) {
        failNext = false;
        throw new Error('the subscriber failed this time');
      }
    });

    const id = await db.transaction().execute((trx) => events.publish(trx, 'order.completed', completed(900002), { partnerId: null, userId: null }));
    const stored = await db.selectFrom('domain_events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ type: 'order.completed', payload: completed(900002) });
    await jobs.runUntilIdle();
    expect(await effects(900002)).toBe(1);

    // The same delivery queued again (a retry after a crash): the effect is not repeated.
    await jobs.enqueue(db, 'event:order.completed:test-effects', { eventId: id });
    await jobs.runUntilIdle();
    expect(await effects(900002)).toBe(1);
    expect(seen.filter((o) => o === 900002)).toHaveLength(1);

    // A failing subscriber leaves no effect and no delivery; its job runs again later and then delivers.
    await db.transaction().execute((trx) => events.publish(trx, 'order.completed', completed(900003), { partnerId: null, userId: null }));
    await jobs.runUntilIdle();
    expect(await effects(900003)).toBe(0);
    await db
      .updateTable('jobs')
      .set({ run_at: new Date() })
      .where('type', '=', 'event:order.completed:test-effects')
      .where('status', '=', 'QUEUED')
      .execute();
    await jobs.runUntilIdle();
    expect(await effects(900003)).toBe(1);
  });
});
