import { sql, type Kysely } from 'kysely';

/**
 * The staged lines of a price file and the rows an apply replaced are the upload job's own working rows: written only
 * by its job, for an upload it holds locked, and never outliving it (uploads are not deleted). Their foreign key to
 * the upload ran one lookup and one row lock per line — 0.7 s of a 100,000-line file's staging on PostgreSQL, as
 * much again for its backups — and guarded nothing the job does not. The price tables the apply writes keep theirs.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table price_upload_rows drop constraint price_upload_rows_partner_id_upload_id_fkey`.execute(db);
  await sql`alter table price_upload_backups drop constraint price_upload_backups_partner_id_upload_id_fkey`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table price_upload_rows add foreign key (partner_id, upload_id) references price_uploads(partner_id, id) on delete cascade`.execute(
    db,
  );
  await sql`alter table price_upload_backups add foreign key (partner_id, upload_id) references price_uploads(partner_id, id) on delete cascade`.execute(
    db,
  );
}
