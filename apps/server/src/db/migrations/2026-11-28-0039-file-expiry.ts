import { sql, type Kysely } from 'kysely';

/*
 * Files that expire (issue 37.6): a generated file (an export) is kept for its requester for a day, then the hourly
 * purge deletes its row and its bytes. Stored files (uploads, pictures of the settings) keep a null expires_at. The
 * purge reads the partial index, platform-wide, once an hour.
 *
 * Exports stored before this migration were all recorded with purpose 'export' (which export is not told): they
 * expire a day after they were made, and the download route no longer serves them (no right names that purpose).
 */

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table files add column expires_at timestamptz`.execute(db);
  await sql`create index files_expiry_idx on files (expires_at) where expires_at is not null`.execute(db);
  await sql`update files set expires_at = created_at + interval '24 hours' where purpose = 'export'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index files_expiry_idx`.execute(db);
  await sql`alter table files drop column expires_at`.execute(db);
}
