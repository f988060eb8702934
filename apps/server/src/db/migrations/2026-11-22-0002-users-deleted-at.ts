import { sql, type Kysely } from 'kysely';

/**
 * Deleted employees keep their row (orders' history points at them) but lose their e-mail's uniqueness,
 * so the address can be given to a new employee.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users add column deleted_at timestamptz`.execute(db);
  await sql`drop index users_staff_email_uq`.execute(db);
  await sql`create unique index users_staff_email_uq on users (lower(email)) where kind <> 'CLIENT' and deleted_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index users_staff_email_uq`.execute(db);
  await sql`create unique index users_staff_email_uq on users (lower(email)) where kind <> 'CLIENT'`.execute(db);
  await sql`alter table users drop column deleted_at`.execute(db);
}
