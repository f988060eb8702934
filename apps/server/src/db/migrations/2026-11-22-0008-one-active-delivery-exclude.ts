import { sql, type Kysely } from 'kysely';

/**
 * At most one active delivery exclusion per partner, whatever the concurrency of uploads: earlier duplicates
 * are switched off (the newest stays), then a partial unique index keeps it so.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update delivery_excludes d set active = false
    where d.active and exists (
      select 1 from delivery_excludes n where n.partner_id = d.partner_id and n.active and n.id > d.id
    )`.execute(db);
  await sql`create unique index delivery_excludes_one_active_uq on delivery_excludes (partner_id) where active`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index delivery_excludes_one_active_uq`.execute(db);
}
