import { sql, type Kysely } from 'kysely';

/**
 * The loyalty ledger at work (issue 15): an order's movements (its credit once, its return once), the balance list in
 * time order, and a member's awards by burn date (spending draws from the awards closest to burning; a burn takes what
 * is left of an award on its date). Ledger rows are never changed or deleted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ddl = (text: string) => sql.raw(text).execute(db);
  await ddl(`create index loyalty_ledger_order_idx on loyalty_ledger (partner_id, order_id) where order_id is not null`);
  await ddl(`create index loyalty_ledger_list_idx on loyalty_ledger (partner_id, created_at, id)`);
  await ddl(`create index loyalty_ledger_burn_idx on loyalty_ledger (partner_id, client_id, burn_at) where points > 0`);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index loyalty_ledger_burn_idx`.execute(db);
  await sql`drop index loyalty_ledger_list_idx`.execute(db);
  await sql`drop index loyalty_ledger_order_idx`.execute(db);
}
