/** Every limit and constant of the spec, once. */
export const LIMITS = {
  orderListPageSize: 12,
  clientListPageSize: 24,
  clientOrderListPageSize: 12,
  offersPageSize: 12,
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
  domainLabelMax: 63,
  domainTotalMax: 255,
  requestTimeoutMs: 30000,
  shopChatTimeoutMs: 3000,
  moneyDecimalsInput: 4,
  priceDigits: 2,
  productCodeLength: 6,
  /** Spreadsheet uploads (price files of 100k rows, delivery exclusions): data rows, the unpacked size of an xlsx, reading time. */
  spreadsheetMaxRows: 200_000,
  spreadsheetMaxUnpackedMb: 256,
  spreadsheetMaxColumns: 100,
  spreadsheetReadMaxMs: 30_000,
  /** Any one text value of a form body (a long about text included) and of a query string. */
  textValueMaxChars: 100_000,
  queryValueMaxChars: 1000,
  /** Person names (employee, contact), e-mail (RFC 5321), company name, phone, uploaded file name. */
  personNameMax: 50,
  emailMax: 254,
  companyNameMax: 255,
  phoneMax: 32,
  fileNameMax: 255,
  /** Cookies: site-wide one year, partner-path one month. */
  cookieSiteDays: 365,
  cookiePartnerDays: 30,
} as const;

export const ALLOWED_UPLOAD_EXTENSIONS = [
  'jpeg', 'jpg', 'png', 'doc', 'docx', 'xls', 'xlsx', 'csv', 'pdf', 'odt', 'ods', 'ots',
] as const;

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
  /** The manager's partner filter, shared by the orders, offers and reports screens. */
  'params_manager_partner',
] as const;

export const ORDER_STATUSES = ['NEW', 'VIEWED', 'IN_BASKET', 'COMPLETED', 'CANCELED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
