import type { Db } from '@/db/database';
import type { JobQueue } from '@/jobs/job-queue';
import type { DomainEvent, DomainEventMap, EventType } from './domain-events';

/**
 * A subscriber's reaction to an event. It runs in `trx`, the transaction that also records its delivery: write
 * through `trx` only (never the module's own db handle, which would wait on this transaction under PGlite), and
 * the effect happens exactly once however often the job is retried.
 */
export type EventHandler<T extends EventType> = (event: DomainEvent<T>, trx: Db) => Promise<void>;

const jobType = (type: EventType, subscriber: string) => `event:${type}:${subscriber}`;

/**
 * Domain events through the outbox: `publish` appends the event to domain_events and enqueues one durable job per
 * subscriber, all in the caller's transaction, so an event exists exactly when the change it records commits.
 */
export function createEventBus(db: Db, jobs: JobQueue) {
  const subscribers = new Map<EventType, string[]>();

  return {
    /** Subscribe before the app starts publishing; `name` identifies the subscriber's deliveries (keep it stable). */
    subscribe<T extends EventType>(type: T, name: string, handler: EventHandler<T>): void {
      const names = subscribers.get(type) ?? [];
      if (names.includes(name)) throw new Error(`${name} already subscribes to ${type}`);
      subscribers.set(type, [...names, name]);
      jobs.register(jobType(type, name), async (payload) => {
        const eventId = Number(payload.eventId);
        return db.transaction().execute(async (trx) => {
          const first = await trx
            .insertInto('domain_event_deliveries')
            .values({ event_id: eventId, subscriber: name })
            .onConflict((oc) => oc.doNothing())
            .returning('event_id')
            .executeTakeFirst();
          if (!first) return { delivered: 'before' };
          const row = await trx.selectFrom('domain_events').selectAll().where('id', '=', eventId).executeTakeFirstOrThrow();
          await handler(
            {
              id: row.id,
              type: row.type as T,
              partnerId: row.partner_id,
              userId: row.created_by,
              payload: row.payload as unknown as DomainEventMap[T],
              at: row.created_at,
            },
            trx,
          );
          return { delivered: 'now' };
        });
      });
    },

    /** Records the event in `trx` (the transaction of the change) and queues its delivery to each subscriber. */
    async publish<T extends EventType>(
      trx: Db,
      type: T,
      payload: DomainEventMap[T],
      by: { partnerId: number | null; userId: number | null },
    ): Promise<number> {
      const { id } = await trx
        .insertInto('domain_events')
        .values({ type, payload: JSON.stringify(payload), partner_id: by.partnerId, created_by: by.userId })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const name of subscribers.get(type) ?? []) {
        await jobs.enqueue(trx, jobType(type, name), { eventId: id }, { partnerId: by.partnerId, userId: by.userId });
      }
      return id;
    },
  };
}

export type EventBus = ReturnType<typeof createEventBus>;
