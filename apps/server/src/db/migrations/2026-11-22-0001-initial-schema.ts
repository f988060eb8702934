import { sql, type Kysely } from 'kysely';

/*
 * The whole data model of the spec. Frozen: later changes go into new dated migrations.
 *
 * Tenancy: every tenant table carries partner_id, leads its primary key and indexes with it, and
 * references other tenant rows through (partner_id, id) pairs, so a row can never point across
 * partners and the schema is ready to distribute by partner_id (Citus). The distributor's catalogue
 * (sections, products, stock…) is shared reference data without partner_id.
 * Money is NUMERIC(18,4) everywhere (prices are entered with up to 4 decimals, spec §5).
 */

const MONEY = 'numeric(18,4)';

export async function up(db: Kysely<any>): Promise<void> {
  const ddl = (s: string) => sql.raw(s).execute(db);

  // ---------- platform ----------
  await ddl(`
    create table partners (
      id bigint generated always as identity primary key,
      name text not null,
      legal_name text,
      inn text,
      manager_user_id bigint,
      loyalty_enabled boolean not null default false,
      active boolean not null default true,
      created_at timestamptz not null default now()
    )`);

  await ddl(`
    create table users (
      id bigint generated always as identity primary key,
      kind text not null check (kind in ('PARTNER','MANAGER','CLIENT')),
      partner_id bigint references partners(id),
      client_id bigint,
      email text not null,
      password_hash text,
      name text not null default '',
      surname text not null default '',
      middle_name text not null default '',
      phone text,
      is_owner boolean not null default false,
      role_admin boolean not null default false,
      role_orders boolean not null default false,
      role_price boolean not null default false,
      role_clients boolean not null default false,
      role_loyalty boolean not null default false,
      active boolean not null default true,
      email_confirmed_at timestamptz,
      last_login_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check ((kind = 'MANAGER') = (partner_id is null)),
      check (kind = 'CLIENT' or client_id is null)
    )`);
  // Staff and managers sign in without a shop domain: their e-mail is unique platform-wide.
  await ddl(`create unique index users_staff_email_uq on users (lower(email)) where kind <> 'CLIENT'`);
  // A client user signs in to one partner's shop: unique per partner.
  await ddl(`create unique index users_client_email_uq on users (partner_id, lower(email)) where kind = 'CLIENT'`);
  await ddl(`create index users_partner_kind_idx on users (partner_id, kind, created_at)`);
  await ddl(`alter table partners add foreign key (manager_user_id) references users(id)`);

  await ddl(`
    create table oauth_clients (
      id text primary key,
      secret_hash text not null,
      name text not null,
      created_at timestamptz not null default now()
    )`);

  await ddl(`
    create table auth_tokens (
      token_hash text primary key,
      kind text not null check (kind in ('ACCESS','REFRESH')),
      family_id uuid not null,
      client_id text not null references oauth_clients(id),
      user_id bigint references users(id) on delete cascade,
      expires_at timestamptz not null,
      used_at timestamptz,
      revoked_at timestamptz,
      created_at timestamptz not null default now()
    )`);
  await ddl(`create index auth_tokens_family_idx on auth_tokens (family_id)`);
  await ddl(`create index auth_tokens_user_idx on auth_tokens (user_id) where revoked_at is null`);
  await ddl(`create index auth_tokens_expiry_idx on auth_tokens (expires_at)`);

  await ddl(`
    create table auth_checkwords (
      id bigint generated always as identity primary key,
      user_id bigint not null references users(id) on delete cascade,
      purpose text not null check (purpose in ('RECOVERY','CONFIRM_EMAIL','SET_PASSWORD')),
      checkword_hash text not null,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    )`);
  await ddl(`create index auth_checkwords_user_idx on auth_checkwords (user_id, purpose)`);

  await ddl(`
    create table login_failures (
      id bigint generated always as identity primary key,
      account text not null,
      address text not null,
      created_at timestamptz not null default now()
    )`);
  await ddl(`create index login_failures_account_idx on login_failures (account, created_at)`);
  await ddl(`create index login_failures_address_idx on login_failures (address, created_at)`);

  // ---------- infrastructure: files, jobs, mail ----------
  await ddl(`
    create table files (
      partner_id bigint not null references partners(id),
      id uuid not null default gen_random_uuid(),
      purpose text not null,
      original_name text not null,
      mime text not null,
      size bigint not null,
      sha256 text not null,
      storage_path text not null,
      created_by bigint references users(id),
      created_at timestamptz not null default now(),
      primary key (partner_id, id)
    )`);

  await ddl(`
    create table jobs (
      id bigint generated always as identity primary key,
      partner_id bigint references partners(id),
      type text not null,
      payload jsonb not null default '{}',
      status text not null default 'QUEUED' check (status in ('QUEUED','RUNNING','DONE','FAILED')),
      progress integer not null default 0,
      attempts integer not null default 0,
      max_attempts integer not null default 5,
      run_at timestamptz not null default now(),
      locked_at timestamptz,
      locked_by text,
      result jsonb,
      error text,
      created_by bigint references users(id),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
  await ddl(`create index jobs_ready_idx on jobs (run_at) where status = 'QUEUED'`);
  await ddl(`create index jobs_partner_idx on jobs (partner_id, type, created_at)`);

  await ddl(`
    create table mail_outbox (
      id bigint generated always as identity primary key,
      partner_id bigint references partners(id),
      template text not null,
      to_address text not null,
      subject text not null,
      text_body text not null,
      html_body text,
      status text not null default 'QUEUED' check (status in ('QUEUED','SENT','FAILED')),
      message_id text,
      eml_path text,
      attempts integer not null default 0,
      error text,
      created_at timestamptz not null default now(),
      sent_at timestamptz
    )`);
  await ddl(`create index mail_outbox_partner_idx on mail_outbox (partner_id, created_at)`);

  // ---------- the distributor's catalogue (reference data, shared by all partners) ----------
  await ddl(`
    create table catalog_sections (
      id bigint generated always as identity primary key,
      parent_id bigint references catalog_sections(id),
      depth smallint not null check (depth between 1 and 3),
      code text not null unique,
      name text not null,
      sort integer not null default 500
    )`);
  await ddl(`create index catalog_sections_parent_idx on catalog_sections (parent_id, sort)`);
  await ddl(`create table catalog_brands (id bigint generated always as identity primary key, name text not null unique)`);
  await ddl(`create table catalog_countries (id bigint generated always as identity primary key, name text not null unique)`);
  await ddl(`create table catalog_manufacturers (id bigint generated always as identity primary key, name text not null unique)`);
  await ddl(`
    create table catalog_lines (
      id bigint generated always as identity primary key,
      brand_id bigint not null references catalog_brands(id),
      name text not null,
      unique (brand_id, name)
    )`);
  await ddl(`
    create table catalog_products (
      id bigint generated always as identity primary key,
      up_code_1c char(6) not null unique check (up_code_1c ~ '^[0-9]{6}$'),
      name text not null,
      section_id bigint not null references catalog_sections(id),
      brand_id bigint references catalog_brands(id),
      country_id bigint references catalog_countries(id),
      manufacturer_id bigint references catalog_manufacturers(id),
      line_id bigint references catalog_lines(id),
      unit text not null default 'шт',
      preview_picture text,
      detail_picture text,
      pictures jsonb not null default '[]',
      purchase_price ${MONEY} not null check (purchase_price >= 0),
      rrc ${MONEY} not null check (rrc >= 0),
      vat_rate smallint not null default 20,
      multiplicity integer not null default 1 check (multiplicity > 0),
      multiplicity_corporate integer not null default 1 check (multiplicity_corporate > 0),
      multiplicity_commercial integer not null default 1 check (multiplicity_commercial > 0),
      active boolean not null default true,
      updated_at timestamptz not null default now()
    )`);
  await ddl(`create index catalog_products_section_idx on catalog_products (section_id)`);
  await ddl(`create index catalog_products_brand_idx on catalog_products (brand_id)`);
  await ddl(`create index catalog_products_name_idx on catalog_products (lower(name))`);
  await ddl(`
    create table catalog_warehouses (
      id bigint generated always as identity primary key,
      code text not null unique,
      name text not null,
      city text not null,
      sort integer not null default 500
    )`);
  await ddl(`
    create table catalog_stock (
      product_id bigint not null references catalog_products(id),
      warehouse_id bigint not null references catalog_warehouses(id),
      quantity integer not null default 0 check (quantity >= 0),
      primary key (product_id, warehouse_id)
    )`);

  // ---------- partner's shop and its settings ----------
  await ddl(`
    create table shops (
      partner_id bigint primary key references partners(id),
      name text not null,
      shop_link text unique check (shop_link ~ '^[A-Za-z0-9_-]+$'),
      domain_name text unique,
      logo_file_id uuid,
      color_logo text,
      color_scheme text not null default 'green',
      header_no_name boolean not null default false,
      about_company jsonb,
      address text,
      phones jsonb not null default '[]',
      opening_hours text,
      selfdelivery_only boolean not null default false,
      min_sum ${MONEY},
      delivery_price ${MONEY},
      about_delivery text,
      no_check_order_sum boolean not null default false,
      min_order_sum ${MONEY},
      payment_types text[] not null default '{CASH,NON_CASH,CARD}',
      tax_system text,
      about_payment text,
      allow_physical boolean not null default false,
      google_id text,
      shop_emails text[] not null default '{}',
      notify_emails text[] not null default '{}',
      notify_checkbox boolean not null default false,
      show_delay_text boolean not null default true,
      about_delay text,
      registration_enabled boolean not null default true,
      search_title text,
      search_description text,
      price_type text not null default 'RRC',
      show_margin boolean not null default false,
      tax_type text not null default 'WITH_VAT' check (tax_type in ('WITH_VAT','WO_VAT')),
      currency text not null default 'RUB',
      currency_rate numeric(18,6),
      assortment text not null default 'BASE' check (assortment in ('BASE','EXTENDED')),
      show_stock boolean not null default true,
      multiplicity text not null default 'CORPORATE' check (multiplicity in ('COMMERCIAL','CORPORATE','EDINICA')),
      main_tradepoint_id bigint,
      updated_at timestamptz not null default now()
    )`);
  await ddl(`
    create table shop_files (
      partner_id bigint not null references partners(id),
      file_id uuid not null,
      sort integer not null default 0,
      primary key (partner_id, file_id),
      foreign key (partner_id, file_id) references files(partner_id, id)
    )`);
  await ddl(`
    create table tradepoints (
      partner_id bigint not null references partners(id),
      id bigint generated always as identity,
      address text not null,
      address_fields jsonb not null default '{}',
      longitude numeric(10,7) not null,
      latitude numeric(10,7) not null,
      phones jsonb not null default '[]',
      work_days text[] not null default '{MO,TU,WE,TH,FR}',
      work_schedule jsonb not null default '{}',
      holiday_schedule jsonb not null default '{}',
      holiday_work boolean not null default false,
      is_base boolean not null default false,
      date_start date,
      date_end date,
      created_at timestamptz not null default now(),
      primary key (partner_id, id)
    )`);
  await ddl(`create unique index tradepoints_one_base_uq on tradepoints (partner_id) where is_base`);
  await ddl(`
    create table delivery_zones (
      partner_id bigint not null references partners(id),
      id bigint generated always as identity,
      delivery_zone_id text not null,
      name text not null default '',
      price ${MONEY},
      sort integer not null default 500,
      primary key (partner_id, id)
    )`);
  await ddl(`
    create table delivery_excludes (
      partner_id bigint not null references partners(id),
      id bigint generated always as identity,
      file_id uuid,
      active boolean not null default true,
      count_items integer not null default 0,
      count_in_file integer not null default 0,
      created_at timestamptz not null default now(),
      primary key (partner_id, id)
    )`);
  await ddl(`
    create table delivery_exclude_products (
      partner_id bigint not null,
      exclude_id bigint not null,
      product_id bigint not null references catalog_products(id),
      primary key (partner_id, exclude_id, product_id),
      foreign key (partner_id, exclude_id) references delivery_excludes(partner_id, id) on delete cascade
    )`);
  await ddl(`
    create table commercial_offer_settings (
      partner_id bigint primary key references partners(id),
      org_name text, inn text, ogrn text, kpp text, postcode text, phone text, email text, url text,
      legal_address text, bank text, checking_account text, bik text, cor_account text,
      logo_file_id uuid, stamp_file_id uuid,
      vat text not null default 'WITH_VAT',
      basket_export jsonb not null default '{}',
      actual_days integer,
      is_actual_days boolean not null default false,
      updated_at timestamptz not null default now()
    )`);

  // ---------- prices (engine on the roadmap; its tables now) ----------
  await ddl(`
    create table price_types (
      partner_id bigint not null references partners(id),
      id bigint generated always as identity,
      code text not null,
      name text not null,
      inner_type text not null default 'PRICE',
      sort integer not null default 500,
      primary key (partner_id, id),
      unique (partner_id, code)
    )`);
  await ddl(`
    create table price_lists (
      partner_id bigint not null references partners(id),
      id bigint generated always as identity,
      kind text not null check (kind in ('PRICELIST','COLUMN')),
      parent_id bigint,
      is_base boolean not null default false,
      name text not null,
      sort integer not null default 500,
      edit_1c boolean not null default false,
      price_type text not null default 'RRC',
      section_rate numeric(7,2),
      rounding text not null default 'TWO_DECIMAL' check (rounding in ('ONE_DECIMAL','TWO_DECIMAL','NO_DECIMAL')),
      unit text not null default 'RUB' check (unit in ('RUB','RATE')),
      created_at timestamptz not null default now(),
      deleted_at timestamptz,
      primary key (partner_id, id),
      foreign key (partner_id, parent_id) references price_lists(partner_id, id)
    )`);
  await ddl(`create unique index price_lists_one_base_uq on price_lists (partner_id) where is_base`);
  await ddl(`
    create table price_section_rates (
      partner_id bigint not null,
      price_list_id bigint not null,
      section_id bigint not null references catalog_sections(id),
      percent numeric(7,2),
      show boolean not null default true,
      sort integer not null default 500,
      primary key (partner_id, price_list_id, section_id),
      foreign key (partner_id, price_list_id) references price_lists(partner_id, id) on delete cascade
    )`);
  await ddl(`
    create table price_product_rates (
      partner_id bigint not null,
      price_list_id bigint not null,
      product_id bigint not null references catalog_products(id),
      percent numeric(7,2) not null,
      primary key (partner_id, price_list_id, product_id),
      foreign key (partner_id, price_list_id) references price_lists(partner_id, id) on delete cascade
    )`);
  await ddl(`
    create table price_uploads (
      partner_id bigint not null references partners(id),
      id bigint generated always as identity,
      price_list_id bigint,
      client_id bigint,
      kind text not null check (kind in ('PRICE','CATALOG','REMAIN','MULTIPLICITY','PERSONAL','OFFER')),
      mode text not null default 'REPLACE' check (mode in ('KEEP','REPLACE')),
      file_id uuid,
      job_id bigint references jobs(id),
      status text not null default 'QUEUED',
      string_count integer not null default 0,
      applied_count integer not null default 0,
      period_days integer,
      date_end timestamptz,
      errors jsonb not null default '[]',
      created_by bigint references users(id),
      created_at timestamptz not null default now(),
      primary key (partner_id, id)
    )`);
  await ddl(`create index price_uploads_list_idx on price_uploads (partner_id, kind, created_at)`);
  await ddl(`
    create table price_list_products (
      partner_id bigint not null,
      price_list_id bigint not null,
      product_id bigint not null references catalog_products(id),
      site_price ${MONEY},
      percent numeric(7,2),
      upload_id bigint,
      valid_until timestamptz,
      primary key (partner_id, price_list_id, product_id),
      foreign key (partner_id, price_list_id) references price_lists(partner_id, id) on delete cascade,
      check (site_price is null or percent is null)
    )`);
  await ddl(`
    create table partner_product_remains (
      partner_id bigint not null references partners(id),
      product_id bigint not null references catalog_products(id),
      quantity integer,
      multiplicity text,
      upload_id bigint,
      primary key (partner_id, product_id)
    )`);
  await ddl(`
    create table yml_links (
      partner_id bigint not null references partners(id),
      id bigint generated always as identity,
      price_list_id bigint not null,
      token text not null unique,
      active boolean not null default true,
      created_at timestamptz not null default now(),
      primary key (partner_id, id)
    )`);

  // ---------- clients and groups ----------
  await ddl(`
    create table clients (
      partner_id bigint not null references partners(id),
      id bigint generated always as identity,
      name text not null,
      short_name text,
      inn text,
      legal_entity boolean not null default true,
      phone text,
      email text,
      address text,
      is_new boolean not null default true,
      blacklisted boolean not null default false,
      blacklisted_at timestamptz,
      currency text not null default 'RUB',
      price_type text,
      price_list_id bigint,
      price_column_id bigint,
      has_individual boolean not null default false,
      registered_at timestamptz not null default now(),
      primary key (partner_id, id),
      foreign key (partner_id, price_list_id) references price_lists(partner_id, id),
      foreign key (partner_id, price_column_id) references price_lists(partner_id, id)
    )`);
  await ddl(`create index clients_list_idx on clients (partner_id, blacklisted, registered_at desc)`);
  await ddl(`create index clients_name_idx on clients (partner_id, lower(name))`);
  await ddl(`create unique index clients_inn_uq on clients (partner_id, inn) where inn is not null`);
  await ddl(`alter table users add foreign key (partner_id, client_id) references clients(partner_id, id)`);
  await ddl(`
    create table client_files (
      partner_id bigint not null,
      client_id bigint not null,
      file_id uuid not null,
      primary key (partner_id, client_id, file_id),
      foreign key (partner_id, client_id) references clients(partner_id, id) on delete cascade,
      foreign key (partner_id, file_id) references files(partner_id, id)
    )`);
  await ddl(`
    create table client_groups (
      partner_id bigint not null references partners(id),
      id bigint generated always as identity,
      name text not null,
      description text,
      price_list_id bigint,
      created_at timestamptz not null default now(),
      primary key (partner_id, id),
      foreign key (partner_id, price_list_id) references price_lists(partner_id, id)
    )`);
  await ddl(`create index client_groups_list_idx on client_groups (partner_id, created_at desc)`);
  await ddl(`
    create table client_group_members (
      partner_id bigint not null,
      group_id bigint not null,
      client_id bigint not null,
      added_at timestamptz not null default now(),
      primary key (partner_id, group_id, client_id),
      foreign key (partner_id, group_id) references client_groups(partner_id, id) on delete cascade,
      foreign key (partner_id, client_id) references clients(partner_id, id) on delete cascade
    )`);
  await ddl(`create index client_group_members_client_idx on client_group_members (partner_id, client_id)`);
  await ddl(`
    create table client_prices (
      partner_id bigint not null,
      client_id bigint not null,
      product_id bigint not null references catalog_products(id),
      price ${MONEY} not null check (price >= 0),
      upload_id bigint,
      valid_until timestamptz,
      primary key (partner_id, client_id, product_id),
      foreign key (partner_id, client_id) references clients(partner_id, id) on delete cascade
    )`);
  await ddl(`
    create table client_reviews (
      partner_id bigint not null references partners(id),
      id bigint generated always as identity,
      client_id bigint,
      user_id bigint references users(id),
      text text not null,
      created_at timestamptz not null default now(),
      primary key (partner_id, id)
    )`);

  // ---------- offers ----------
  await ddl(`
    create table offer_types (
      code text primary key,
      name text not null,
      sort integer not null default 500
    )`);
  await ddl(`
    create table offers (
      partner_id bigint not null references partners(id),
      id bigint generated always as identity,
      type text not null references offer_types(code),
      name text not null,
      description text,
      active boolean not null default true,
      date_start timestamptz not null,
      date_end timestamptz,
      limit_count integer,
      used_count integer not null default 0,
      not_in_basket boolean not null default false,
      sort integer not null default 500,
      xls_file_id uuid,
      banner_main_file_id uuid,
      banner_slider_file_id uuid,
      banner_catalog_file_id uuid,
      created_at timestamptz not null default now(),
      primary key (partner_id, id)
    )`);
  await ddl(`create index offers_list_idx on offers (partner_id, active, created_at desc)`);
  await ddl(`
    create table offer_presents (
      partner_id bigint not null,
      offer_id bigint not null,
      id bigint generated always as identity,
      product_id bigint not null references catalog_products(id),
      sum ${MONEY} not null,
      product_type text not null default 'GIFT',
      sort integer not null default 0,
      primary key (partner_id, offer_id, id),
      foreign key (partner_id, offer_id) references offers(partner_id, id) on delete cascade
    )`);
  await ddl(`
    create table offer_products (
      partner_id bigint not null,
      offer_id bigint not null,
      product_id bigint not null references catalog_products(id),
      site_price ${MONEY},
      primary key (partner_id, offer_id, product_id),
      foreign key (partner_id, offer_id) references offers(partner_id, id) on delete cascade
    )`);

  // ---------- orders and the distribution-centre basket ----------
  await ddl(`
    create table orders (
      partner_id bigint not null references partners(id),
      id bigint generated always as identity,
      order_number text not null,
      client_id bigint not null,
      client_user_id bigint references users(id),
      status text not null default 'NEW' check (status in ('NEW','VIEWED','IN_BASKET','COMPLETED','CANCELED')),
      payment_type text not null default 'CASH' check (payment_type in ('CASH','NON_CASH','CARD')),
      online_pay_status text,
      currency text not null default 'RUB',
      currency_rate numeric(18,6) not null default 1,
      position_count integer not null default 0,
      position_sum ${MONEY} not null default 0,
      purchase_sum ${MONEY} not null default 0,
      position_margin ${MONEY} not null default 0,
      delivery_price ${MONEY} not null default 0,
      tax_type text not null default 'WITH_VAT',
      min_order_sum ${MONEY},
      contact_name text,
      contact_phone text,
      contact_email text,
      user_phone text,
      address text,
      tradepoint_id bigint,
      manager_user_id bigint references users(id),
      comment text,
      shop_comment text check (char_length(shop_comment) <= 1000),
      note text check (char_length(note) <= 1000),
      cancel_comment text,
      is_loyalty boolean not null default false,
      loyalty_sum ${MONEY} not null default 0,
      returned_bonus ${MONEY} not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      viewed_at timestamptz,
      sent_at timestamptz,
      completed_at timestamptz,
      canceled_at timestamptz,
      primary key (partner_id, id),
      unique (partner_id, order_number),
      foreign key (partner_id, client_id) references clients(partner_id, id),
      foreign key (partner_id, tradepoint_id) references tradepoints(partner_id, id)
    )`);
  await ddl(`create index orders_list_idx on orders (partner_id, created_at desc)`);
  await ddl(`create index orders_status_idx on orders (partner_id, status, created_at desc)`);
  await ddl(`create index orders_client_idx on orders (partner_id, client_id, created_at desc)`);
  await ddl(`
    create table order_items (
      partner_id bigint not null,
      order_id bigint not null,
      id bigint generated always as identity,
      product_id bigint not null references catalog_products(id),
      up_code_1c char(6) not null,
      name text not null,
      buying_price ${MONEY} not null,
      price ${MONEY} not null,
      quantity integer not null check (quantity > 0),
      special boolean not null default false,
      offer_id bigint,
      primary key (partner_id, order_id, id),
      foreign key (partner_id, order_id) references orders(partner_id, id) on delete cascade
    )`);
  await ddl(`
    create table order_history (
      partner_id bigint not null,
      order_id bigint not null,
      id bigint generated always as identity,
      user_id bigint references users(id),
      action text not null,
      details jsonb not null default '{}',
      created_at timestamptz not null default now(),
      primary key (partner_id, order_id, id),
      foreign key (partner_id, order_id) references orders(partner_id, id) on delete cascade
    )`);
  await ddl(`
    create table dc_baskets (
      partner_id bigint not null references partners(id),
      id bigint generated always as identity,
      status text not null default 'OPEN' check (status in ('OPEN','SUBMITTED')),
      created_at timestamptz not null default now(),
      submitted_at timestamptz,
      primary key (partner_id, id)
    )`);
  await ddl(`create unique index dc_baskets_one_open_uq on dc_baskets (partner_id) where status = 'OPEN'`);
  await ddl(`
    create table dc_basket_items (
      partner_id bigint not null,
      basket_id bigint not null,
      order_id bigint not null,
      product_id bigint not null references catalog_products(id),
      quantity integer not null check (quantity > 0),
      price ${MONEY} not null,
      offer_id bigint,
      added_at timestamptz not null default now(),
      primary key (partner_id, basket_id, order_id, product_id),
      foreign key (partner_id, basket_id) references dc_baskets(partner_id, id) on delete cascade,
      foreign key (partner_id, order_id) references orders(partner_id, id)
    )`);

  // ---------- loyalty ----------
  await ddl(`
    create table loyalty_programs (
      partner_id bigint primary key references partners(id),
      installed_at timestamptz not null default now(),
      enabled boolean not null default false,
      title text not null check (char_length(title) <= 35),
      description text,
      logo_file_id uuid,
      offer_file_id uuid,
      visibility text not null default 'ALL' check (visibility in ('ALL','AUTH','ENABLED')),
      set_new_clients boolean not null default false,
      burn_days integer not null default 365
    )`);
  await ddl(`
    create table loyalty_statuses (
      partner_id bigint not null references partners(id),
      id bigint generated always as identity,
      title text not null,
      multiplier numeric(7,2) not null default 100,
      threshold ${MONEY} not null default 0,
      sort integer not null default 500,
      primary key (partner_id, id)
    )`);
  await ddl(`
    create table loyalty_brand_coefficients (
      partner_id bigint not null references partners(id),
      brand_id bigint not null references catalog_brands(id),
      multiplier numeric(7,2) not null,
      primary key (partner_id, brand_id)
    )`);
  await ddl(`
    create table loyalty_scoring_rules (
      partner_id bigint not null references partners(id),
      id bigint generated always as identity,
      markup_from ${MONEY},
      markup_to ${MONEY},
      markup_pct_from numeric(7,2),
      markup_pct_to numeric(7,2),
      points_pct numeric(7,2) not null,
      primary key (partner_id, id)
    )`);
  await ddl(`
    create table loyalty_group_visibility (
      partner_id bigint not null,
      group_id bigint not null,
      visibility text not null check (visibility in ('ALL','AUTH','ENABLED')),
      primary key (partner_id, group_id),
      foreign key (partner_id, group_id) references client_groups(partner_id, id) on delete cascade
    )`);
  await ddl(`
    create table loyalty_members (
      partner_id bigint not null,
      client_id bigint not null,
      enabled boolean not null default true,
      enabled_at timestamptz not null default now(),
      card_code text not null,
      status_id bigint,
      date_status_end timestamptz,
      balance ${MONEY} not null default 0 check (balance >= 0),
      primary key (partner_id, client_id),
      unique (partner_id, card_code),
      foreign key (partner_id, client_id) references clients(partner_id, id) on delete cascade
    )`);
  await ddl(`
    create table loyalty_ledger (
      partner_id bigint not null,
      id bigint generated always as identity,
      client_id bigint not null,
      order_id bigint,
      operation text not null check (operation in ('CREDIT','DEBIT','BURN','RETURN','PLUS','MINUS')),
      points ${MONEY} not null,
      title text not null,
      comment text,
      burn_at timestamptz,
      idempotency_key text,
      created_by bigint references users(id),
      created_at timestamptz not null default now(),
      primary key (partner_id, id),
      unique (partner_id, idempotency_key),
      foreign key (partner_id, client_id) references loyalty_members(partner_id, client_id)
    )`);
  await ddl(`create index loyalty_ledger_client_idx on loyalty_ledger (partner_id, client_id, created_at desc)`);

  // ---------- content pages (/partner/info, /content) ----------
  await ddl(`
    create table content_pages (
      id bigint generated always as identity primary key,
      type text not null,
      code text not null,
      title text not null,
      body jsonb not null default '{}',
      unique (type, code)
    )`);
}

export async function down(db: Kysely<any>): Promise<void> {
  const tables = [
    'content_pages',
    'loyalty_ledger',
    'loyalty_members',
    'loyalty_group_visibility',
    'loyalty_scoring_rules',
    'loyalty_brand_coefficients',
    'loyalty_statuses',
    'loyalty_programs',
    'dc_basket_items',
    'dc_baskets',
    'order_history',
    'order_items',
    'orders',
    'offer_products',
    'offer_presents',
    'offers',
    'offer_types',
    'client_reviews',
    'client_prices',
    'client_group_members',
    'client_groups',
    'client_files',
  ];
  for (const t of tables) await sql.raw(`drop table if exists ${t} cascade`).execute(db);
  await sql.raw('alter table users drop column client_id').execute(db);
  const rest = [
    'clients',
    'yml_links',
    'partner_product_remains',
    'price_list_products',
    'price_uploads',
    'price_product_rates',
    'price_section_rates',
    'price_lists',
    'price_types',
    'commercial_offer_settings',
    'delivery_exclude_products',
    'delivery_excludes',
    'delivery_zones',
    'tradepoints',
    'shop_files',
    'shops',
    'catalog_stock',
    'catalog_warehouses',
    'catalog_products',
    'catalog_lines',
    'catalog_manufacturers',
    'catalog_countries',
    'catalog_brands',
    'catalog_sections',
    'mail_outbox',
    'jobs',
    'files',
    'login_failures',
    'auth_checkwords',
    'auth_tokens',
    'oauth_clients',
    'partners',
    'users',
  ];
  for (const t of rest) await sql.raw(`drop table if exists ${t} cascade`).execute(db);
}
