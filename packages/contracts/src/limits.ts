/** Every limit and constant of the spec, once. */
export const LIMITS = {
  orderListPageSize: 12,
  clientListPageSize: 24,
  clientOrderListPageSize: 12,
  offersPageSize: 12,
  /** A list's default period (shop-pricing-offers-loyalty.md §2 "three months back to now"): the offers and the loyalty balance. */
  listPeriodMonths: 3,
  pageSizeChoices: [12, 24, 36],
  groupPageSizeChoices: [24, 48, 96],
  topPositionChoices: [5, 10, 20, 100, 250],
  uploadMaxBytes: 10 * 1024 * 1024,
  shopFileMaxBytes: 5 * 1024 * 1024,
  bannerMaxBytes: 307200,
  /** Offers (§5 "other limits 175, 1000, 6 and 8"): name and description lengths, code digits, gifts per offer. */
  offerNameMax: 175,
  offerDescriptionMax: 1000,
  offerPresentsMax: 8,
  /** Products of an offer's promo assortment file. */
  offerProductsMax: 20_000,
  shopFilesMax: 5,
  notifyEmailsMax: 5,
  orderNoteMax: 1000,
  priceColumnsMax: 3,
  /** Live YML links of a partner (the spec names the limit, not its value). */
  ymlLinksMax: 5,
  /** Lines of a buyer's basket (the spec names none: a wholesale order of a few hundred lines is large). */
  basketLinesMax: 500,
  loyaltyTitleMax: 35,
  /**
   * The tradepoint form's lengths (§5 "tradepoint length limits 3, 30, 20 and 2", their meaning not shown; decided in
   * issue 39 §3): the house number, a phone's comment, the phone as typed (a Russian number formatted reads
   * «+7 (495) 787-45-12», 18) and the building (корпус).
   */
  tradepointHouseMax: 3,
  tradepointPhoneCommentMax: 30,
  tradepointPhoneMax: 20,
  tradepointBuildingMax: 2,
  /** The buyer's points history (issue 39 §4): «сгорят в ближайшие N дней» counts the awards burning within these days; its page size. */
  loyaltyBurnSoonDays: 30,
  buyerPointsPageSize: 20,
  domainLabelMax: 63,
  domainTotalMax: 255,
  requestTimeoutMs: 30000,
  shopChatTimeoutMs: 3000,
  moneyDecimalsInput: 4,
  /** Decimals of a percent (a markup or discount typed or read from a price file). */
  percentDecimals: 2,
  /**
   * Numbers (issue 37.4), checked by the shared number schemas (numbers.ts) and by the database's CHECKs: a basket
   * line's (and an order line's) quantity, the highest money amount anywhere (an order's total, a price, a gift's
   * threshold; numeric(18,4) holds more), an integer column (PostgreSQL's integer), a row id (15 digits, bigint)
   * and the points of one manual loyalty operation.
   */
  basketQuantityMax: 99_999,
  moneyMax: '999999999.99',
  /** Points of a delivery zone's outline (issue 38 §4). */
  deliveryZonePointsMax: 1000,
  intMax: 2_147_483_647,
  idMax: 999_999_999_999_999,
  loyaltyPointsMax: 999_999_999,
  priceDigits: 2,
  productCodeLength: 6,
  /** Spreadsheet uploads (price files of 100k rows, delivery exclusions): data rows, the unpacked size of an xlsx, reading time. */
  spreadsheetMaxRows: 200_000,
  spreadsheetMaxUnpackedMb: 256,
  spreadsheetMaxColumns: 100,
  spreadsheetReadMaxMs: 30_000,
  /**
   * Request bodies, checked before they are read (issue 37.1): a route open to signed-out visitors that takes no file,
   * any other form, a route that takes no body (a client may still send its request_id there); an upload route adds
   * its files (RouteContract.files). Parts of a multipart body; the nesting of a JSON body.
   */
  publicBodyMaxBytes: 64 * 1024,
  formBodyMaxBytes: 1024 * 1024,
  bodylessMaxBytes: 1024,
  publicBodyMaxParts: 100,
  formBodyMaxParts: 2000,
  jsonMaxDepth: 32,
  /** Failed sign-ins (and wrong current passwords) judged per account and per address within the window (issue 37.3). */
  signInFailureWindowMinutes: 15,
  signInFailuresPerAccount: 10,
  signInFailuresPerAddress: 50,
  /** Any one text value of a form body (a long about text included) and of a query string. */
  textValueMaxChars: 100_000,
  queryValueMaxChars: 1000,
  /** Person names (employee, contact), e-mail (RFC 5321), company name, phone, uploaded file name. */
  personNameMax: 50,
  emailMax: 254,
  companyNameMax: 255,
  phoneMax: 32,
  fileNameMax: 255,
  /**
   * Issue 37.7: a buyer's reviews per hour, counted per buyer and per network address; the letters a registration
   * with a known address or INN sends its owner per hour (per address, per INN), so the form cannot flood a mailbox.
   */
  reviewsPerHour: 5,
  registrationNoticesPerHour: 3,
  /** Cookies: site-wide one year, partner-path one month. */
  cookieSiteDays: 365,
  cookiePartnerDays: 30,
  /** Hours a generated file (an export) stays downloadable by its requester; the hourly purge then deletes it (issue 37.6). */
  generatedFileTtlHours: 24,
  /**
   * Calendar days any date field accepts (list filters, report periods, offer and tradepoint dates, a loyalty
   * status's end), YYYY-MM-DD, both included: a far date is an input error, never a timestamp the database refuses.
   */
  dateMin: '2000-01-01',
  dateMax: '2100-12-31',
} as const;

export const ALLOWED_UPLOAD_EXTENSIONS = ['jpeg', 'jpg', 'png', 'doc', 'docx', 'xls', 'xlsx', 'csv', 'pdf', 'odt', 'ods', 'ots'] as const;

/**
 * The spreadsheets a price, remains, multiplicity, promo or exclusion file is read from. The old binary Excel (.xls)
 * is refused by the web before upload and by the server (by its name and its OLE2 bytes) with MSG.spreadsheetOldExcel.
 */
export const SPREADSHEET_EXTENSIONS = ['xlsx', 'csv'] as const;

export const DEFAULTS = {
  currency: 'RUB',
  priceType: 'RRC',
  taxType: 'WITH_VAT',
  colorScheme: 'green',
  paymentTypes: ['CASH', 'NON_CASH', 'CARD'],
  paymentType: 'CASH',
  basePriceListId: 'personal_price',
  basePriceListName: 'Базовый прайс',
  basePriceListSort: 200,
  mapCentre: { lat: 55.755826, lng: 37.6173 },
  delayText: 'Заказы, оформленные в нерабочее время, подтверждаются на следующий рабочий день',
  workHoursText: 'с 9:00 до 18:00',
} as const;

/** Minimum supported browsers (back-office.md §9). */
export const MIN_BROWSERS = {
  chrome: 49,
  firefox: 52,
  edge: 17,
  ie: 11,
  opera: 36,
  safari: 9,
  samsung: 10,
  android: 49,
} as const;

/** Cookies the web keeps and sign-out clears (back-office.md §4, shop §9). */
export const SAVED_STATE_COOKIES = [
  'columnId',
  'pricelistId',
  'params_clients',
  'params_orders',
  'params_groups',
  'params_offers',
  'params_pricesettings',
  'params_loyalty_participation',
  'params_loyalty_balance',
  /** The manager's partner filter, shared by the orders and offers screens. */
  'params_manager_partner',
  /** The manager's reports: the report and its own partner filter (never the orders screen's, issue 38.2). */
  'params_reports',
  /** The shop settings tab last viewed: /partner/settings opens it again (§2, issue 39 §3). */
  'settings_page',
] as const;

export const ORDER_STATUSES = ['NEW', 'VIEWED', 'IN_BASKET', 'COMPLETED', 'CANCELED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
