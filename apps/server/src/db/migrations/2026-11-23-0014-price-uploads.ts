import { sql, type Kysely } from 'kysely';

/**
 * Price files as durable jobs (issue 12.5–6): an upload is read into staging rows (each with its line and its error),
 * previewed, then applied in one transaction that first keeps the rows it replaces, so that it can be rolled back.
 * The catalogue part (reading and matching the file) and the price part (applying it) each have a status.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ddl = (text: string) => sql.raw(text).execute(db);
  await ddl(`alter table price_uploads
    add column catalog_status text not null default 'QUEUED',
    add column price_status text not null default 'QUEUED',
    add column original_name text,
    add column error_count integer not null default 0,
    add column errors_file_id uuid,
    add column preview jsonb,
    add column applied_at timestamptz,
    add column rolled_back_at timestamptz,
    add column progress smallint not null default 0`);
  await ddl(`create index price_uploads_target_idx on price_uploads (partner_id, kind, price_list_id, client_id, created_at desc)`);
  await ddl(`
    create table price_upload_rows (
      partner_id bigint not null,
      upload_id bigint not null,
      line integer not null,
      code text,
      product_id bigint,
      site_price numeric(18,4),
      percent numeric(7,2),
      quantity integer,
      multiplicity text,
      error text,
      primary key (partner_id, upload_id, line),
      foreign key (partner_id, upload_id) references price_uploads(partner_id, id) on delete cascade
    )`);
  await ddl(`
    create table price_upload_backups (
      partner_id bigint not null,
      upload_id bigint not null,
      product_id bigint not null,
      existed boolean not null,
      site_price numeric(18,4),
      percent numeric(7,2),
      quantity integer,
      multiplicity text,
      previous_upload_id bigint,
      valid_until timestamptz,
      primary key (partner_id, upload_id, product_id),
      foreign key (partner_id, upload_id) references price_uploads(partner_id, id) on delete cascade
    )`);
  // A YML feed of a price list, or of one client's own prices.
  await ddl(`alter table yml_links alter column price_list_id drop not null, add column client_id bigint,
    add constraint yml_links_target_ck check ((price_list_id is null) <> (client_id is null))`);
  await ddl(`create index yml_links_target_idx on yml_links (partner_id, price_list_id, client_id) where active`);
  await ddl(`create index price_list_products_upload_idx on price_list_products (partner_id, price_list_id, upload_id)`);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table price_upload_backups`.execute(db);
  await sql`drop table price_upload_rows`.execute(db);
  await sql`drop index price_list_products_upload_idx`.execute(db);
  await sql`drop index yml_links_target_idx`.execute(db);
  await sql`alter table yml_links drop constraint yml_links_target_ck, drop column client_id`.execute(db);
  await sql`drop index price_uploads_target_idx`.execute(db);
  await sql`alter table price_uploads drop column catalog_status, drop column price_status, drop column original_name,
    drop column error_count, drop column errors_file_id, drop column preview, drop column applied_at,
    drop column rolled_back_at, drop column progress`.execute(db);
}
