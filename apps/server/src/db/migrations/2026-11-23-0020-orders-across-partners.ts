import { sql, type Kysely } from 'kysely';

/** The manager's order list across partners (issue 16.2) pages every partner's orders newest first on this index. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index orders_created_idx on orders (created_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index orders_created_idx`.execute(db);
}
