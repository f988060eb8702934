import type { ColumnType, Generated, GeneratedAlways } from 'kysely';

/*
 * Table types of the migrations in ./migrations. bigint columns arrive as JS numbers (ids stay far below
 * 2^53), NUMERIC money as decimal strings, timestamptz as Date.
 */

type Id = Generated<number>;
type Money = string;
type Created = ColumnType<Date, Date | string | undefined, Date | string>;
type Ts = ColumnType<Date, Date | string, Date | string>;
type Json<T = unknown> = ColumnType<T, string | T, string | T>;
type Def<T> = ColumnType<T, T | undefined, T>;
/** A JSON column with a default: optional on insert. */
type JsonDef<T = unknown> = ColumnType<T, string | T | undefined, string | T>;

export interface PartnersTable {
  id: Id;
  name: string;
  legal_name: string | null;
  inn: string | null;
  manager_user_id: number | null;
  loyalty_enabled: Def<boolean>;
  active: Def<boolean>;
  created_at: Created;
}

export interface UsersTable {
  id: Id;
  kind: 'PARTNER' | 'MANAGER' | 'CLIENT';
  partner_id: number | null;
  client_id: number | null;
  email: string;
  password_hash: string | null;
  name: Def<string>;
  surname: Def<string>;
  middle_name: Def<string>;
  phone: string | null;
  is_owner: Def<boolean>;
  role_admin: Def<boolean>;
  role_orders: Def<boolean>;
  role_price: Def<boolean>;
  role_clients: Def<boolean>;
  role_loyalty: Def<boolean>;
  active: Def<boolean>;
  email_confirmed_at: Date | null;
  last_login_at: Date | null;
  created_at: Created;
  updated_at: Created;
  deleted_at: Date | null;
}

export interface OauthClientsTable {
  id: string;
  secret_hash: string;
  name: string;
  created_at: Created;
}

export interface AuthTokensTable {
  token_hash: string;
  kind: 'ACCESS' | 'REFRESH';
  family_id: string;
  client_id: string;
  user_id: number | null;
  expires_at: Ts;
  used_at: Date | null;
  revoked_at: Date | null;
  /** On a used refresh token: the seed its successor pair was derived from (migration 0009). */
  successor_seed: string | null;
  created_at: Created;
}

export interface AuthCheckwordsTable {
  id: Id;
  user_id: number;
  purpose: 'RECOVERY' | 'CONFIRM_EMAIL' | 'SET_PASSWORD';
  checkword_hash: string;
  expires_at: Ts;
  used_at: Date | null;
  created_at: Created;
}

export interface LoginFailuresTable {
  id: Id;
  account: string;
  address: string;
  created_at: Created;
}

/** A request-rate window of @fastify/rate-limit (http/rate-limit-store.ts): shared by every server process. */
export interface RateLimitHitsTable {
  key: string;
  hits: number;
  window_ends: Date;
}

export interface FilesTable {
  partner_id: number;
  id: Generated<string>;
  purpose: string;
  original_name: string;
  mime: string;
  size: number;
  sha256: string;
  storage_path: string;
  created_by: number | null;
  created_at: Created;
  /** A generated file's end (issue 37.6): the purge deletes it then; null for a stored file. */
  expires_at: Date | null;
}

export interface JobsTable {
  id: Id;
  partner_id: number | null;
  type: string;
  payload: Json<Record<string, unknown>>;
  status: Def<'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED'>;
  progress: Def<number>;
  attempts: Def<number>;
  max_attempts: Def<number>;
  run_at: Created;
  locked_at: Date | null;
  locked_by: string | null;
  result: Json<unknown> | null;
  error: string | null;
  created_by: number | null;
  created_at: Created;
  updated_at: Created;
}

export interface DomainEventsTable {
  id: Id;
  partner_id: number | null;
  type: string;
  payload: Json<Record<string, unknown>>;
  created_by: number | null;
  created_at: Created;
}

export interface DomainEventDeliveriesTable {
  event_id: number;
  subscriber: string;
  delivered_at: Created;
}

export interface MailOutboxTable {
  id: Id;
  partner_id: number | null;
  template: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: Def<'QUEUED' | 'SENT' | 'FAILED'>;
  message_id: string | null;
  eml_path: string | null;
  attempts: Def<number>;
  error: string | null;
  created_at: Created;
  sent_at: Date | null;
}

export interface CatalogSectionsTable {
  id: Id;
  parent_id: number | null;
  depth: number;
  code: string;
  name: string;
  sort: Def<number>;
}

/** Read model: each section's own active products (triggers on catalog_products keep it). */
export interface CatalogSectionCountsTable {
  section_id: number;
  active_products: number;
}

/** Moves on every change of what a partner's shop sells (partner 0: the distributor's catalogue). */
export interface CatalogVersionsTable {
  partner_id: number;
  version: string;
}

/** Moves on every change of which lists price a partner's clients and of those lists' rules (migration 0028). */
export interface PricingVersionsTable {
  partner_id: number;
  version: string;
}

export interface NamedTable {
  id: Id;
  name: string;
}

export interface CatalogLinesTable {
  id: Id;
  brand_id: number;
  name: string;
}

export interface CatalogProductsTable {
  id: Id;
  up_code_1c: string;
  name: string;
  section_id: number;
  brand_id: number | null;
  country_id: number | null;
  manufacturer_id: number | null;
  line_id: number | null;
  unit: Def<string>;
  preview_picture: string | null;
  detail_picture: string | null;
  pictures: Json<string[]>;
  purchase_price: Money;
  rrc: Money;
  vat_rate: Def<number>;
  multiplicity: Def<number>;
  multiplicity_corporate: Def<number>;
  multiplicity_commercial: Def<number>;
  active: Def<boolean>;
  updated_at: Created;
}

export interface CatalogWarehousesTable {
  id: Id;
  code: string;
  name: string;
  city: string;
  sort: Def<number>;
}

export interface CatalogStockTable {
  product_id: number;
  warehouse_id: number;
  quantity: number;
}

export interface ShopsTable {
  partner_id: number;
  name: string;
  shop_link: string | null;
  domain_name: string | null;
  logo_file_id: string | null;
  color_logo: string | null;
  color_scheme: Def<string>;
  header_no_name: Def<boolean>;
  about_company: Json<unknown> | null;
  address: string | null;
  phones: Json<unknown[]>;
  opening_hours: string | null;
  selfdelivery_only: Def<boolean>;
  /** Addresses outside every delivery zone are accepted at a price agreed later (migration 0046). */
  delivery_outside_zones: Def<boolean>;
  min_sum: Money | null;
  delivery_price: Money | null;
  about_delivery: string | null;
  about_delivery_default: Def<boolean>;
  no_check_order_sum: Def<boolean>;
  min_order_sum: Money | null;
  payment_types: Def<string[]>;
  tax_system: string | null;
  about_payment: string | null;
  about_payment_default: Def<boolean>;
  allow_physical: Def<boolean>;
  google_id: string | null;
  shop_emails: Def<string[]>;
  notify_emails: Def<string[]>;
  notify_checkbox: Def<boolean>;
  show_delay_text: Def<boolean>;
  about_delay: string | null;
  registration_enabled: Def<boolean>;
  search_title: string | null;
  search_description: string | null;
  price_type: Def<string>;
  show_margin: Def<boolean>;
  tax_type: Def<'WITH_VAT' | 'WO_VAT'>;
  currency: Def<string>;
  currency_rate: string | null;
  assortment: Def<'BASE' | 'EXTENDED'>;
  show_stock: Def<boolean>;
  multiplicity: Def<'COMMERCIAL' | 'CORPORATE' | 'EDINICA'>;
  main_tradepoint_id: number | null;
  /** IANA zone the shop's dates are shown in (migration 0043). */
  time_zone: Def<string>;
  updated_at: Created;
}

export interface ShopFilesTable {
  partner_id: number;
  file_id: string;
  sort: Def<number>;
}

export interface TradepointsTable {
  partner_id: number;
  id: Id;
  address: string;
  address_fields: Json<Record<string, unknown>>;
  longitude: string;
  latitude: string;
  phones: Json<unknown[]>;
  work_days: Def<string[]>;
  work_schedule: Json<Record<string, unknown>>;
  holiday_schedule: Json<Record<string, unknown>>;
  holiday_work: Def<boolean>;
  is_base: Def<boolean>;
  date_start: Date | null;
  date_end: Date | null;
  created_at: Created;
}

export interface DeliveryZonesTable {
  partner_id: number;
  /** The spec's delivery_zone_id. */
  id: Id;
  name: Def<string>;
  price: Money | null;
  sort: Def<number>;
  /** Free delivery from this basket sum in roubles; null: the shop's MIN_SUM (migration 0046). */
  free_from: Money | null;
  /** The zone's outline, [latitude, longitude] points, for a geocoded address. */
  polygon: Json<[number, number][]> | null;
}

export interface DeliveryExcludesTable {
  partner_id: number;
  id: Id;
  file_id: string | null;
  active: Def<boolean>;
  count_items: Def<number>;
  count_in_file: Def<number>;
  created_at: Created;
}

export interface DeliveryExcludeProductsTable {
  partner_id: number;
  exclude_id: number;
  product_id: number;
}

export interface CommercialOfferSettingsTable {
  partner_id: number;
  org_name: string | null;
  inn: string | null;
  ogrn: string | null;
  kpp: string | null;
  postcode: string | null;
  phone: string | null;
  email: string | null;
  url: string | null;
  legal_address: string | null;
  bank: string | null;
  checking_account: string | null;
  bik: string | null;
  cor_account: string | null;
  logo_file_id: string | null;
  stamp_file_id: string | null;
  vat: Def<string>;
  basket_export: Json<Record<string, unknown>>;
  actual_days: number | null;
  is_actual_days: Def<boolean>;
  updated_at: Created;
}

export interface PriceTypesTable {
  partner_id: number;
  id: Id;
  code: string;
  name: string;
  inner_type: Def<string>;
  sort: Def<number>;
}

export interface PriceListsTable {
  partner_id: number;
  id: Id;
  kind: 'PRICELIST' | 'COLUMN';
  parent_id: number | null;
  is_base: Def<boolean>;
  name: string;
  sort: Def<number>;
  edit_1c: Def<boolean>;
  price_type: Def<string>;
  section_rate: string | null;
  rounding: Def<'ONE_DECIMAL' | 'TWO_DECIMAL' | 'NO_DECIMAL'>;
  unit: Def<'RUB' | 'RATE'>;
  created_at: Created;
  deleted_at: Date | null;
}

export interface PriceSectionRatesTable {
  partner_id: number;
  price_list_id: number;
  section_id: number;
  percent: string | null;
  show: Def<boolean>;
  sort: Def<number>;
}

export interface PriceProductRatesTable {
  partner_id: number;
  price_list_id: number;
  product_id: number;
  percent: string;
}

export interface PriceUploadsTable {
  partner_id: number;
  id: Id;
  price_list_id: number | null;
  client_id: number | null;
  kind: 'PRICE' | 'CATALOG' | 'REMAIN' | 'MULTIPLICITY' | 'PERSONAL' | 'OFFER';
  mode: Def<'KEEP' | 'REPLACE'>;
  file_id: string | null;
  job_id: number | null;
  status: Def<string>;
  string_count: Def<number>;
  applied_count: Def<number>;
  period_days: number | null;
  date_end: Date | null;
  errors: Json<unknown[]>;
  created_by: number | null;
  created_at: Created;
  catalog_status: Def<UploadPartStatus>;
  price_status: Def<UploadPartStatus>;
  original_name: string | null;
  error_count: Def<number>;
  errors_file_id: string | null;
  preview: Json<unknown> | null;
  applied_at: Date | null;
  rolled_back_at: Date | null;
  progress: Def<number>;
  /** The last staged line applied by a chunked apply (migration 0022); null: none yet. */
  applied_line: number | null;
  /** The last product put back by a chunked rollback (migration 0030); null: none yet. */
  rolled_back_product: number | null;
  /** FILE: an Excel file; 1C: an offers.xml of the 1C exchange (migration 0059). */
  source: Def<'FILE' | '1C'>;
}

/**
 * A part of a price upload: QUEUED or PROCESSING (in progress), WAITING (for the user), FINISHED, or an error; the
 * price part of an applied upload is ROLLING_BACK while its rollback runs.
 */
export type UploadPartStatus = 'QUEUED' | 'PROCESSING' | 'WAITING' | 'FINISHED' | 'ERROR_DATA' | 'ERROR_FILE' | 'CANCELLED' | 'ROLLING_BACK';

export interface ShopBasketsTable {
  partner_id: number;
  client_id: number;
  product_id: number;
  quantity: number;
  added_at: Created;
}

export interface PriceUploadRowsTable {
  partner_id: number;
  upload_id: number;
  line: number;
  code: string | null;
  product_id: number | null;
  site_price: Money | null;
  percent: string | null;
  quantity: number | null;
  multiplicity: string | null;
  error: string | null;
}

export interface PriceUploadBackupsTable {
  partner_id: number;
  upload_id: number;
  product_id: number;
  existed: boolean;
  site_price: Money | null;
  percent: string | null;
  quantity: number | null;
  multiplicity: string | null;
  previous_upload_id: number | null;
  valid_until: Date | null;
}

export interface PriceListProductsTable {
  partner_id: number;
  price_list_id: number;
  product_id: number;
  site_price: Money | null;
  percent: string | null;
  upload_id: number | null;
  valid_until: Date | null;
}

export interface PartnerProductRemainsTable {
  partner_id: number;
  product_id: number;
  quantity: number | null;
  multiplicity: string | null;
  upload_id: number | null;
}

export interface YmlLinksTable {
  partner_id: number;
  id: Id;
  price_list_id: number | null;
  client_id: number | null;
  token: string;
  active: Def<boolean>;
  created_at: Created;
}

export interface ClientsTable {
  partner_id: number;
  id: Id;
  name: string;
  short_name: string | null;
  inn: string | null;
  legal_entity: Def<boolean>;
  phone: string | null;
  email: string | null;
  address: string | null;
  is_new: Def<boolean>;
  blacklisted: Def<boolean>;
  blacklisted_at: Date | null;
  currency: Def<string>;
  price_type: string | null;
  price_list_id: number | null;
  price_column_id: number | null;
  has_individual: Def<boolean>;
  registered_at: Created;
  /** How the client came to be when it did not register itself (a routed order's client: «Получен от менеджера», 0049). */
  origin_note: string | null;
}

export interface ClientFilesTable {
  partner_id: number;
  client_id: number;
  file_id: string;
}

export interface ClientGroupsTable {
  partner_id: number;
  id: Id;
  name: string;
  description: string | null;
  price_list_id: number | null;
  created_at: Created;
}

export interface ClientGroupMembersTable {
  partner_id: number;
  group_id: number;
  client_id: number;
  added_at: Created;
}

export interface ClientPricesTable {
  partner_id: number;
  client_id: number;
  product_id: number;
  price: Money;
  upload_id: number | null;
  valid_until: Date | null;
}

export interface ClientReviewsTable {
  partner_id: number;
  id: Id;
  client_id: number | null;
  user_id: number | null;
  text: string;
  created_at: Created;
}

export interface OfferTypesTable {
  code: string;
  name: string;
  sort: Def<number>;
}

export interface OffersTable {
  partner_id: number;
  id: Id;
  type: string;
  name: string;
  description: string | null;
  active: Def<boolean>;
  date_start: Ts;
  date_end: Date | null;
  limit_count: number | null;
  used_count: Def<number>;
  not_in_basket: Def<boolean>;
  sort: Def<number>;
  xls_file_id: string | null;
  banner_main_file_id: string | null;
  banner_slider_file_id: string | null;
  banner_catalog_file_id: string | null;
  created_at: Created;
}

export interface OfferPresentsTable {
  partner_id: number;
  offer_id: number;
  id: Id;
  product_id: number;
  sum: Money;
  product_type: Def<string>;
  sort: Def<number>;
}

export interface OfferProductsTable {
  partner_id: number;
  offer_id: number;
  product_id: number;
  site_price: Money | null;
}

export interface OrdersTable {
  partner_id: number;
  id: Id;
  order_number: string;
  client_id: number;
  client_user_id: number | null;
  status: Def<'NEW' | 'VIEWED' | 'IN_BASKET' | 'COMPLETED' | 'CANCELED'>;
  payment_type: Def<'CASH' | 'NON_CASH' | 'CARD'>;
  online_pay_status: string | null;
  currency: Def<string>;
  currency_rate: Def<string>;
  position_count: Def<number>;
  position_sum: Def<Money>;
  purchase_sum: Def<Money>;
  position_margin: Def<Money>;
  delivery_price: Def<Money>;
  /** The delivery zone of the moment the order was placed, and whether its delivery price is to be agreed (0046). */
  delivery_zone_id: number | null;
  delivery_zone_name: string | null;
  delivery_by_agreement: Def<boolean>;
  tax_type: Def<string>;
  min_order_sum: Money | null;
  contact_name: string | null;
  contact_phone: string | null;
  contact_email: string | null;
  user_phone: string | null;
  address: string | null;
  tradepoint_id: number | null;
  manager_user_id: number | null;
  comment: string | null;
  shop_comment: string | null;
  note: string | null;
  cancel_comment: string | null;
  is_loyalty: Def<boolean>;
  loyalty_sum: Def<Money>;
  returned_bonus: Def<Money>;
  created_at: Created;
  updated_at: Created;
  viewed_at: Date | null;
  sent_at: Date | null;
  completed_at: Date | null;
  canceled_at: Date | null;
  /** The client's name, kept by a trigger (sorting and searching on one table). */
  client_name: Generated<string>;
  /** lower(number ␁ client name ␁ e-mail): what a row read along another index is tested on (migration 0031). */
  search_text: GeneratedAlways<string>;
  phone_digits: GeneratedAlways<string>;
  /** The workflow's order of the status (NEW 1 … CANCELED 5), the list's STATUS sort. */
  status_rank: GeneratedAlways<number>;
  /** A tombstone of an order the manager routed to another partner (CANCELED, migration 0049): where it went, when, by whom. */
  routed_to_partner_id: number | null;
  routed_to_order_id: number | null;
  routed_at: Date | null;
  routed_by: number | null;
  /** An order received by routing: the partner and order it came from (no foreign key: another partner's row). */
  routed_from_partner_id: number | null;
  routed_from_order_id: number | null;
}

/** The partner's orders per Moscow calendar day and status (a read model kept by triggers on orders). */
export interface OrderCountsTable {
  partner_id: number;
  day: string;
  status: string;
  n: number;
}

/** The partner's orders per status (a read model kept by triggers, migration 0036). */
export interface OrderStatusCountsTable {
  partner_id: number;
  status: string;
  n: number;
}

/** The partner's clients per Moscow registration day and black-list flag (a read model kept by triggers). */
export interface ClientCountsTable {
  partner_id: number;
  day: string;
  blacklisted: boolean;
  n: number;
}

/** Each client's order figures (a read model kept by triggers on orders and clients). */
export interface ClientOrderStatsTable {
  partner_id: number;
  client_id: number;
  orders_count: Def<number>;
  orders_sum: Def<Money>;
  orders_average: GeneratedAlways<Money>;
  last_order_id: number | null;
  last_order_at: Date | null;
}

export interface OrderItemsTable {
  partner_id: number;
  order_id: number;
  id: Id;
  product_id: number;
  up_code_1c: string;
  name: string;
  buying_price: Money;
  price: Money;
  /** The shown price in the order's currency (migration 0045); price = round4(cur_price × rate). Defaults to price. */
  cur_price: Def<Money>;
  quantity: number;
  special: Def<boolean>;
  offer_id: number | null;
}

export interface OrderHistoryTable {
  partner_id: number;
  order_id: number;
  id: Id;
  user_id: number | null;
  action: string;
  details: Json<Record<string, unknown>>;
  created_at: Created;
}

export interface DcBasketsTable {
  partner_id: number;
  id: Id;
  status: Def<'OPEN' | 'SUBMITTED'>;
  created_at: Created;
  submitted_at: Date | null;
}

export interface DcBasketItemsTable {
  partner_id: number;
  basket_id: number;
  order_id: number;
  product_id: number;
  quantity: number;
  price: Money;
  offer_id: number | null;
  added_at: Created;
}

export interface LoyaltyProgramsTable {
  partner_id: number;
  installed_at: Created;
  enabled: Def<boolean>;
  title: string;
  description: string | null;
  logo_file_id: string | null;
  offer_file_id: string | null;
  visibility: Def<'ALL' | 'AUTH' | 'ENABLED'>;
  set_new_clients: Def<boolean>;
  burn_days: Def<number>;
}

export interface LoyaltyStatusesTable {
  partner_id: number;
  id: Id;
  title: string;
  multiplier: Def<string>;
  threshold: Def<Money>;
  sort: Def<number>;
}

export interface LoyaltyBrandCoefficientsTable {
  partner_id: number;
  brand_id: number;
  multiplier: string;
}

export interface LoyaltyScoringRulesTable {
  partner_id: number;
  id: Id;
  markup_from: Money | null;
  markup_to: Money | null;
  markup_pct_from: string | null;
  markup_pct_to: string | null;
  points_pct: string;
}

export interface LoyaltyGroupVisibilityTable {
  partner_id: number;
  group_id: number;
  visibility: 'ALL' | 'AUTH' | 'ENABLED';
}

export interface LoyaltyMembersTable {
  partner_id: number;
  client_id: number;
  enabled: Def<boolean>;
  enabled_at: Created;
  card_code: string;
  status_id: number | null;
  date_status_end: Date | null;
  balance: Def<Money>;
}

export interface LoyaltyLedgerTable {
  partner_id: number;
  id: Id;
  client_id: number;
  order_id: number | null;
  operation: 'CREDIT' | 'DEBIT' | 'BURN' | 'RETURN' | 'PLUS' | 'MINUS';
  points: Money;
  title: string;
  comment: string | null;
  burn_at: Date | null;
  idempotency_key: string | null;
  created_by: number | null;
  created_at: Created;
}

/** Migration 0019: the reporting read model (sales of orders not CANCELED by Moscow day, ISO week and month; money ×10⁴). */
interface ReportSales {
  partner_id: number;
  product_id: number;
  orders: number;
  quantity: number;
  revenue_e4: number;
  cost_e4: number;
}
export type ReportSalesDayTable = ReportSales & { day: string };
export type ReportSalesWeekTable = ReportSales & { week: string };
export type ReportSalesMonthTable = ReportSales & { month: string };
interface ReportClients {
  partner_id: number;
  client_id: number;
  orders: number;
  revenue_e4: number;
}
export type ReportClientsDayTable = ReportClients & { day: string };
export type ReportClientsWeekTable = ReportClients & { week: string };
export type ReportClientsMonthTable = ReportClients & { month: string };
export interface ReportPartnerDayTable {
  partner_id: number;
  day: string;
  orders: number;
  revenue: string;
  cost: string;
  canceled: number;
}
/** Distinct orders per partner, period and brand / top section / all lines (migration 0048). */
interface ReportGroupOrders {
  partner_id: number;
  kind: 'brand' | 'section' | 'all';
  group_id: number;
  orders: number;
}
export type ReportGroupOrdersDayTable = ReportGroupOrders & { day: string };
export type ReportGroupOrdersWeekTable = ReportGroupOrders & { week: string };
export type ReportGroupOrdersMonthTable = ReportGroupOrders & { month: string };
/** Each order that is not CANCELED with its brands (0: none) and products (migration 0048). */
export interface ReportOrderSetsTable {
  partner_id: number;
  order_id: number;
  day: string;
  brands: number[];
  products: number[];
}

/** A built report kept for a day under its REPORT_ID (migration 0051): what action=export&report_id writes. */
export interface ReportResultsTable {
  id: string;
  code: string;
  user_id: number;
  result: Json<unknown>;
  created_at: Created;
  expires_at: Date;
}

export interface ContentPagesTable {
  id: Id;
  type: string;
  code: string;
  title: string;
  body: Json<unknown>;
}

/** 1C's price type (ТипЦены) mapped to a price list or a column of the partner's (migration 0059). */
export interface Exchange1cPriceMapping {
  /** 1C's Ид of the price type, or its name when matched by name. */
  typeId: string;
  typeName: string;
  priceListId: number;
}

export interface Exchange1cSettingsTable {
  partner_id: number;
  login: string | null;
  password_hash: string | null;
  statuses: Def<string[]>;
  price_map: JsonDef<Exchange1cPriceMapping[]>;
  /** The price types of the last offers.xml received: { id, name, currency }. */
  price_types_seen: JsonDef<{ id: string; name: string; currency: string | null }[]>;
  updated_at: Created;
}

export interface Exchange1cSessionsTable {
  partner_id: number;
  id: GeneratedAlways<number>;
  token_hash: string;
  created_at: Created;
  last_seen_at: Created;
  bytes_received: Def<number>;
}

export interface Exchange1cRunsTable {
  partner_id: number;
  id: GeneratedAlways<number>;
  session_id: number | null;
  type: 'catalog' | 'sale';
  mode: 'import' | 'query' | 'success';
  filename: string | null;
  status: Def<'RUNNING' | 'SUCCESS' | 'FAILURE'>;
  job_id: number | null;
  progress: Def<number>;
  progress_text: string | null;
  /** The files of the run: { name, bytes }. */
  files: JsonDef<{ name: string; bytes: number }[]>;
  products_matched: Def<number>;
  prices: Def<number>;
  stock_rows: Def<number>;
  orders_sent: Def<number>;
  orders_updated: Def<number>;
  unmatched_count: Def<number>;
  /** The first unmatched codes (capped): { id, code, name }. */
  unmatched: JsonDef<{ id: string; code: string | null; name: string | null }[]>;
  rows_refused: Def<number>;
  /** Russian messages: the failure's reason, the refused rows (capped). */
  errors: JsonDef<string[]>;
  upload_ids: Def<number[]>;
  started_at: Created;
  finished_at: Date | null;
}

export interface Exchange1cProductsTable {
  partner_id: number;
  ext_id: string;
  product_id: number;
  updated_at: Created;
}

export interface Exchange1cOrdersTable {
  partner_id: number;
  order_id: number;
  sent_at: Date | null;
  /** The order's updated_at when it was sent: 1C is sent it again once the order changes. */
  sent_version: Date | null;
  sent_session_id: number | null;
  taken_version: Date | null;
  taken_at: Date | null;
}

/** Which host last ran an upkeep task shared by all hosts (migration 0061). */
export interface UpkeepTurnsTable {
  name: string;
  last_run_at: Generated<Date>;
}

export interface DB {
  partners: PartnersTable;
  users: UsersTable;
  oauth_clients: OauthClientsTable;
  auth_tokens: AuthTokensTable;
  auth_checkwords: AuthCheckwordsTable;
  login_failures: LoginFailuresTable;
  rate_limit_hits: RateLimitHitsTable;
  files: FilesTable;
  jobs: JobsTable;
  domain_events: DomainEventsTable;
  domain_event_deliveries: DomainEventDeliveriesTable;
  mail_outbox: MailOutboxTable;
  catalog_sections: CatalogSectionsTable;
  catalog_section_counts: CatalogSectionCountsTable;
  catalog_versions: CatalogVersionsTable;
  pricing_versions: PricingVersionsTable;
  catalog_brands: NamedTable;
  catalog_countries: NamedTable;
  catalog_manufacturers: NamedTable;
  catalog_lines: CatalogLinesTable;
  catalog_products: CatalogProductsTable;
  catalog_warehouses: CatalogWarehousesTable;
  catalog_stock: CatalogStockTable;
  shops: ShopsTable;
  shop_files: ShopFilesTable;
  tradepoints: TradepointsTable;
  delivery_zones: DeliveryZonesTable;
  delivery_excludes: DeliveryExcludesTable;
  delivery_exclude_products: DeliveryExcludeProductsTable;
  commercial_offer_settings: CommercialOfferSettingsTable;
  price_types: PriceTypesTable;
  price_lists: PriceListsTable;
  price_section_rates: PriceSectionRatesTable;
  price_product_rates: PriceProductRatesTable;
  price_uploads: PriceUploadsTable;
  price_upload_rows: PriceUploadRowsTable;
  shop_baskets: ShopBasketsTable;
  price_upload_backups: PriceUploadBackupsTable;
  price_list_products: PriceListProductsTable;
  partner_product_remains: PartnerProductRemainsTable;
  yml_links: YmlLinksTable;
  clients: ClientsTable;
  client_files: ClientFilesTable;
  client_groups: ClientGroupsTable;
  client_group_members: ClientGroupMembersTable;
  client_prices: ClientPricesTable;
  client_reviews: ClientReviewsTable;
  offer_types: OfferTypesTable;
  offers: OffersTable;
  offer_presents: OfferPresentsTable;
  offer_products: OfferProductsTable;
  orders: OrdersTable;
  order_counts: OrderCountsTable;
  order_status_counts: OrderStatusCountsTable;
  client_order_stats: ClientOrderStatsTable;
  client_counts: ClientCountsTable;
  order_items: OrderItemsTable;
  order_history: OrderHistoryTable;
  dc_baskets: DcBasketsTable;
  dc_basket_items: DcBasketItemsTable;
  loyalty_programs: LoyaltyProgramsTable;
  loyalty_statuses: LoyaltyStatusesTable;
  loyalty_brand_coefficients: LoyaltyBrandCoefficientsTable;
  loyalty_scoring_rules: LoyaltyScoringRulesTable;
  loyalty_group_visibility: LoyaltyGroupVisibilityTable;
  loyalty_members: LoyaltyMembersTable;
  loyalty_ledger: LoyaltyLedgerTable;
  report_sales_day: ReportSalesDayTable;
  report_sales_week: ReportSalesWeekTable;
  report_sales_month: ReportSalesMonthTable;
  report_clients_day: ReportClientsDayTable;
  report_clients_week: ReportClientsWeekTable;
  report_clients_month: ReportClientsMonthTable;
  report_partner_day: ReportPartnerDayTable;
  report_group_orders_day: ReportGroupOrdersDayTable;
  report_group_orders_week: ReportGroupOrdersWeekTable;
  report_group_orders_month: ReportGroupOrdersMonthTable;
  report_order_sets: ReportOrderSetsTable;
  report_results: ReportResultsTable;
  exchange_1c_settings: Exchange1cSettingsTable;
  exchange_1c_sessions: Exchange1cSessionsTable;
  exchange_1c_runs: Exchange1cRunsTable;
  exchange_1c_products: Exchange1cProductsTable;
  exchange_1c_orders: Exchange1cOrdersTable;
  content_pages: ContentPagesTable;
  upkeep_turns: UpkeepTurnsTable;
}
