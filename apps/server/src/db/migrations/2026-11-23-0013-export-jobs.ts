import { sql, type Kysely } from 'kysely';

/**
 * Export jobs (issue 11.2): a user has at most one queued or running export of a kind. The rule is this index, so
 * that parallel requests agree (`insert … on conflict do nothing`, then read the job that holds the place).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create unique index jobs_one_export_idx on jobs (created_by, type)
    where status in ('QUEUED', 'RUNNING') and type like 'export.%'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index jobs_one_export_idx`.execute(db);
}
