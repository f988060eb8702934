import { sql, type Kysely } from 'kysely';

/*
 * Issue 38 §8: dates and times are shown in the shop's time zone (screens, exports, mails, the PDF). An IANA name
 * chosen among Russia's zones on the settings tab; every existing shop keeps Moscow, the time it showed so far.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table shops add column time_zone text not null default 'Europe/Moscow'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table shops drop column time_zone`.execute(db);
}
