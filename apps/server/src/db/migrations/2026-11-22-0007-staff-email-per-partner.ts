import { sql, type Kysely } from 'kysely';

/**
 * A staff e-mail is unique within its partner, not platform-wide: one person may work for two suppliers, and
 * creating an employee must not reveal that an address already belongs to another partner's staff. Sign-in without
 * a shop domain checks the password against each account of the address. Managers stay unique platform-wide.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index users_staff_email_uq`.execute(db);
  await sql`create unique index users_staff_email_uq on users (partner_id, lower(email)) where kind = 'PARTNER' and deleted_at is null`.execute(db);
  await sql`create unique index users_manager_email_uq on users (lower(email)) where kind = 'MANAGER' and deleted_at is null`.execute(db);
  await sql`create index users_email_idx on users (lower(email))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index users_email_idx`.execute(db);
  await sql`drop index users_manager_email_uq`.execute(db);
  await sql`drop index users_staff_email_uq`.execute(db);
  await sql`create unique index users_staff_email_uq on users (lower(email)) where kind <> 'CLIENT' and deleted_at is null`.execute(db);
}
