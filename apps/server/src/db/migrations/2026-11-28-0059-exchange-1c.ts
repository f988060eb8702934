import { sql, type Kysely } from 'kysely';

/*
 * The exchange with the partner's 1C:Enterprise (issue 41): 1C's standard «Обмен с сайтом» over HTTP with
 * CommerceML 2 files, served at /exchange/1c (and /bitrix/admin/1c_exchange.php).
 * - exchange_1c_settings: one row per partner. The exchange account is its own login and password here, not a user:
 *   it has no other right and cannot sign in to the back office. Logins are unique over all partners (1C's Basic auth
 *   names no partner). The price-type mapping (1C's ТипыЦен → a price list or a column), the statuses sent.
 * - exchange_1c_sessions: what a successful checkauth opened (the cookie's hash), its working folder, its last call.
 * - exchange_1c_runs: the exchange log (one row per import or sale query): its files, counts, unmatched codes,
 *   errors, progress and the durable job that runs it.
 * - exchange_1c_products: 1C's product Ид → the platform's catalogue product, learnt from import.xml.
 * - exchange_1c_orders: which version of an order 1C was sent and took (mode=success).
 * - price_uploads.source: FILE (an Excel file) or 1C (an offers.xml), shown in the upload history.
 */

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table exchange_1c_settings (
      partner_id bigint primary key references partners(id),
      login text,
      password_hash text,
      statuses text[] not null default '{NEW,VIEWED,IN_BASKET}',
      price_map jsonb not null default '[]',
      price_types_seen jsonb not null default '[]',
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index exchange_1c_settings_login_key on exchange_1c_settings (lower(login)) where login is not null`.execute(db);
  await sql`
    create table exchange_1c_sessions (
      partner_id bigint not null references partners(id),
      id bigint generated always as identity,
      token_hash text not null,
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      bytes_received bigint not null default 0,
      primary key (partner_id, id)
    )`.execute(db);
  await sql`create unique index exchange_1c_sessions_token_key on exchange_1c_sessions (token_hash)`.execute(db);
  await sql`
    create table exchange_1c_runs (
      partner_id bigint not null references partners(id),
      id bigint generated always as identity,
      session_id bigint,
      type text not null check (type in ('catalog', 'sale')),
      mode text not null check (mode in ('import', 'query', 'success')),
      filename text,
      status text not null default 'RUNNING' check (status in ('RUNNING', 'SUCCESS', 'FAILURE')),
      job_id bigint,
      progress int not null default 0,
      progress_text text,
      files jsonb not null default '[]',
      products_matched int not null default 0,
      prices int not null default 0,
      stock_rows int not null default 0,
      orders_sent int not null default 0,
      orders_updated int not null default 0,
      unmatched_count int not null default 0,
      unmatched jsonb not null default '[]',
      rows_refused int not null default 0,
      errors jsonb not null default '[]',
      upload_ids bigint[] not null default '{}',
      started_at timestamptz not null default now(),
      finished_at timestamptz,
      primary key (partner_id, id)
    )`.execute(db);
  await sql`create index exchange_1c_runs_recent_idx on exchange_1c_runs (partner_id, started_at desc)`.execute(db);
  // One import of a file per session at a time: a second `mode=import` while it runs reads its progress.
  await sql`create unique index exchange_1c_runs_import_key on exchange_1c_runs (partner_id, session_id, filename) where mode = 'import'`.execute(db);
  await sql`
    create table exchange_1c_products (
      partner_id bigint not null references partners(id),
      ext_id text not null,
      product_id bigint not null references catalog_products(id),
      updated_at timestamptz not null default now(),
      primary key (partner_id, ext_id)
    )`.execute(db);
  await sql`
    create table exchange_1c_orders (
      partner_id bigint not null,
      order_id bigint not null,
      sent_at timestamptz,
      sent_version timestamptz,
      sent_session_id bigint,
      taken_version timestamptz,
      taken_at timestamptz,
      primary key (partner_id, order_id),
      foreign key (partner_id, order_id) references orders(partner_id, id)
    )`.execute(db);
  await sql`alter table price_uploads add column source text not null default 'FILE' check (source in ('FILE', '1C'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table price_uploads drop column source`.execute(db);
  await sql`drop table exchange_1c_orders`.execute(db);
  await sql`drop table exchange_1c_products`.execute(db);
  await sql`drop table exchange_1c_runs`.execute(db);
  await sql`drop table exchange_1c_sessions`.execute(db);
  await sql`drop table exchange_1c_settings`.execute(db);
}
