import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@/test/test-app';
import { createJobQueue, JobInterrupted } from './job-queue';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/* A long job that meets the process stopping ends at a safe point and goes on at the next start. */
describe('a job interrupted by a stop', () => {
  it('goes back to the queue without spending an attempt, and the next start finishes it', async () => {
    const db = t.database.db;
    const steps: number[] = [];
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));

    const first = createJobQueue(db);
    first.register('test.steps', async (_payload, ctx) => {
      steps.push(1);
      entered();
      await gate;
      if (ctx.stopping()) throw new JobInterrupted();
      steps.push(2);
      return {};
    });
    await first.start();
    const id = await first.enqueue(db, 'test.steps', {}, { maxAttempts: 1 });
    await inside;
    const stopped = first.stop();
    open();
    await stopped;
    const left = await db.selectFrom('jobs').select(['status', 'attempts', 'locked_by']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(left).toEqual({ status: 'QUEUED', attempts: 0, locked_by: null });
    expect(steps).toEqual([1]);

    const next = createJobQueue(db);
    next.register('test.steps', async () => {
      steps.push(3);
      return {};
    });
    await next.runUntilIdle();
    expect(steps).toEqual([1, 3]);
    expect(await db.selectFrom('jobs').select(['status', 'attempts']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
      status: 'DONE',
      attempts: 1,
    });
  });
});

/* A job queued in a transaction exists once that commits, after the worker's immediate look for it. */
describe('a job queued in a transaction', () => {
  it('starts soon after the commit, not at the next half-second poll', async () => {
    const db = t.database.db;
    const queue = createJobQueue(db);
    let started!: (at: number) => void;
    const began = new Promise<number>((resolve) => (started = resolve));
    queue.register('test.soon', async () => {
      started(performance.now());
      return {};
    });
    await queue.start();
    // Let the start's first look pass: the worker then waits for its next poll.
    await new Promise((resolve) => setTimeout(resolve, 50));
    let committed = 0;
    await db.transaction().execute(async (trx) => {
      await queue.enqueue(trx, 'test.soon', {});
      // The transaction goes on after the enqueue, as a service's does: the immediate look finds nothing yet.
      await new Promise((resolve) => setTimeout(resolve, 30));
      committed = performance.now();
    });
    const at = await began;
    await queue.stop();
    expect(at - committed).toBeLessThan(400);
  });
});
