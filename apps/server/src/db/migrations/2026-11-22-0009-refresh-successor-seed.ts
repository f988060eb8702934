import { sql, type Kysely } from 'kysely';

/**
 * A used refresh token keeps the random seed its successors were derived from, so that the same token presented
 * again within a few seconds (two tabs refreshing at once, an answer lost on the way) answers the same successor
 * pair instead of revoking the session. Only the hashes of the tokens are stored; the seed alone derives nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table auth_tokens add column successor_seed text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table auth_tokens drop column successor_seed`.execute(db);
}
