import { sql, type Kysely } from 'kysely';

/**
 * A rollback is a job (pricing.rollback): on the embedded database it puts the prices back in chunks of products,
 * each its own transaction, and records here the last product put back, so that a restarted job goes on after it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table price_uploads add column rolled_back_product bigint`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table price_uploads drop column rolled_back_product`.execute(db);
}
