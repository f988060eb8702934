import { sql, type Kysely } from 'kysely';

/*
 * Built reports kept for a day (issue 39 §3, back-office.md §7 POST /manager/report/{code}/ … action export,
 * report_id): each report the manager builds is stored with the id its answer gives (REPORT_ID), its code, the
 * manager who built it and the result itself (period, columns, rows, totals), so that `action=export&report_id=…`
 * writes exactly the table on screen even when orders changed since. The hourly upkeep deletes the rows that expired
 * (an index on expires_at, as for the files that expire, migration 0039). A platform table: reports span partners,
 * so it has no partner_id; user_id is a plain number (no foreign key: a deleted user's reports simply expire).
 */

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table report_results (
      id uuid primary key,
      code text not null,
      user_id bigint not null,
      result jsonb not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null
    )`.execute(db);
  await sql`create index report_results_expiry_idx on report_results (expires_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table report_results`.execute(db);
}
