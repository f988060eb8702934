import { sql, type Kysely } from 'kysely';

/**
 * Domain events: an append-only log written in the transaction of the change it records (an order completed,
 * canceled…). Each subscriber gets every event through a durable job; the log itself stays for later readers.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table domain_events (
      id bigint generated always as identity primary key,
      partner_id bigint references partners(id),
      type text not null,
      payload jsonb not null,
      created_by bigint references users(id),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index domain_events_type_idx on domain_events (partner_id, type, id)`.execute(db);
  // A subscriber's effect is written with its delivery row in one transaction: it happens once, however often
  // the job carrying it is retried.
  await sql`
    create table domain_event_deliveries (
      event_id bigint not null references domain_events(id),
      subscriber text not null,
      delivered_at timestamptz not null default now(),
      primary key (event_id, subscriber)
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table domain_event_deliveries`.execute(db);
  await sql`drop table domain_events`.execute(db);
}
