import { sql, type Kysely } from 'kysely';

/**
 * The clients' names by trigram: an order search for a word of the clients' names (18,000 of a large supplier's
 * million orders match «меридиан») learns that it passes the count's cap from the matching clients' order counts,
 * found on this index in a millisecond, instead of reading orders until a thousand match (28 ms).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index clients_name_trgm on clients using gin (lower(name) gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index clients_name_trgm`.execute(db);
}
