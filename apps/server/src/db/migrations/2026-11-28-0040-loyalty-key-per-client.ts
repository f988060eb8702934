import { sql, type Kysely } from 'kysely';

/*
 * Issue 37.7: a loyalty movement's idempotency key was unique per partner, so a key reused for another client
 * answered «Баллы начислены» and credited nothing. The key now names one movement of one client and operation:
 * unique per (partner, client, operation). Every row unique before is unique after, so no row can refuse it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table loyalty_ledger drop constraint loyalty_ledger_partner_id_idempotency_key_key`.execute(db);
  await sql`alter table loyalty_ledger add constraint loyalty_ledger_key_uq unique (partner_id, client_id, operation, idempotency_key)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table loyalty_ledger drop constraint loyalty_ledger_key_uq`.execute(db);
  await sql`alter table loyalty_ledger add constraint loyalty_ledger_partner_id_idempotency_key_key unique (partner_id, idempotency_key)`.execute(db);
}
