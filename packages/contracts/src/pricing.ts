import { z } from 'zod';
import { formDecimal, formId, formInt } from './numbers';
import { actionDone, money, seconds, yn } from './http/envelope';
import { formFile, formFlag, formText } from './http/form-fields';
import { pathId } from './http/path-params';
import { filterDate } from './orders';
import { DEFAULTS, LIMITS } from './limits';
import './zod-locale';

/*
 * The pricing page of a price list, a column or a client (shop-pricing-offers-loyalty.md §2 /partner/pricing/{type},
 * §3 Pricing section, Price file status, Upload history row, §7 /partner/pricing/*, /partner/sections/,
 * /partner/section/{id}/; back-office.md §7 /partner/pricing/excel/client/{id}/catalog/). Routes: routes/pricing.ts.
 */

export const PRICING_MSG = {
  /** GET /partner/sections/ with an action other than total. */
  sectionActionInvalid: 'Неизвестное действие: допустимо action=total',
  /** §8 */
  priceFileFailed: 'Ошибка формирования прайса. Повторите запрос позже.',
  priceUploadFailed: 'При загрузке цен произошла ошибка, попробуйте еще раз',
  personalAbovePurchase: 'У некоторых товаров закупочная цена превышает индивидуальную',
  ymlEmpty: 'Список прайсов пуст',
  /** §4: the section has individual rates of its products, which keep winning over the new percent. */
  sectionHasIndividual: 'В разделе есть товары с индивидуальной наценкой: для них действует своя наценка',
  sectionSaved: 'Наценка раздела сохранена',
  sectionShown: 'Раздел показывается в магазине',
  sectionHidden: 'Раздел скрыт из магазина',
  showOnlyBase: 'Показ разделов в магазине настраивается в базовом прайсе',
  individualDeleted: 'Индивидуальные наценки товаров раздела удалены',
  productRateSaved: 'Наценка товара сохранена',
  personalPriceSaved: 'Индивидуальная цена сохранена',
  percentInvalid: 'Укажите процент: до 3 цифр до запятой (до 2 у отрицательного) и до 2 после',
  priceInvalid: 'Укажите цену числом, не больше 4 знаков после запятой',
  sectionNotFound: 'Раздел не найден',
  productNotFound: 'Товар не найден',
  /** The price file's rows (line and reason, downloadable). */
  row: {
    code: 'Код товара должен состоять из 6 цифр',
    unknownProduct: 'Товар с таким кодом не найден в каталоге',
    duplicate: 'Код товара повторяется в файле',
    price: 'Цена должна быть числом с запятой в качестве разделителя, не больше 4 знаков после запятой',
    negative: 'Цена не может быть отрицательной',
    priceMax: 'Цена не может быть больше 999 999 999,99',
    percent: 'Скидка или наценка — процент: до 3 цифр до запятой (до 2 у отрицательной) и до 2 после',
    both: 'Процент указывается, только когда не указана цена на сайте',
    quantity: 'Остаток должен быть целым неотрицательным числом',
    multiplicity: 'Кратность — целые числа больше нуля через «/»',
  },
  fileEmpty: 'В файле нет строк с кодами товаров',
  uploadQueued: 'Файл загружен и проверяется',
  uploadBusy: 'Предыдущий файл еще обрабатывается. Дождитесь окончания и повторите',
  uploadNotReady: 'Файл еще не проверен или уже применен',
  applied: 'Цены из файла применены',
  applyQueued: 'Цены из файла применяются',
  cancelled: 'Загрузка отменена',
  rolledBack: 'Цены возвращены к состоянию до загрузки',
  rollbackQueued: 'Цены возвращаются к состоянию до загрузки',
  rollbackFailed: 'Не удалось вернуть цены к состоянию до загрузки. Повторите откат',
  rollbackOnlyLatest: 'Откатить можно только последнюю примененную загрузку',
  prolonged: 'Срок действия цен из файла продлен',
  /** prolong of a remains or multiplicity file: they hold until the next file, with no term to extend. */
  prolongNotForRemains: 'Остатки и кратность действуют без срока — продлевать их не нужно',
  reset: 'Цены, загруженные из файла, сброшены',
  ymlCreated: 'Ссылка на YML создана',
  ymlLimit: (max: number) => `Можно создать не больше ${max} ссылок на YML. Отключите одну из прежних ссылок`,
  ymlDeactivated: 'Ссылка на YML отключена',
} as const;

/** The pricing page's kinds of price: a price list, a column, or one client's own prices. */
export const PRICE_KINDS = ['pricelist', 'column', 'client'] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];

/** A price list's or column's id on the wire: a number, or `personal_price` for the base price list. */
export const priceIdParam = z.union([z.literal(DEFAULTS.basePriceListId), pathId]);

/** Percent (§5): integer part up to 3 digits (2 for a negative), fraction up to 2, a comma or a dot. */
export const PERCENT_PATTERN = /^(-\d{1,2}|\d{1,3})([.,]\d{1,2})?$/;
export const formPercent = formDecimal({ min: '-99.99', max: '999.99', decimals: 2, message: PRICING_MSG.percentInvalid });
/** Money typed in a form: 0 … LIMITS.moneyMax, up to 4 decimals (§5), a comma or a dot, spaces ignored. */
export const formMoney = formDecimal({ message: PRICING_MSG.priceInvalid });

/** A section of the assortment tree under one price (§3 Pricing section). */
export const pricingSection = z.object({
  ID: z.number().int(),
  IBLOCK_SECTION_ID: z.number().int().nullable(),
  NAME: z.string(),
  DEPTH: z.number().int(),
  PERCENT: z.string().nullable(),
  SHOW: yn,
  HAS_INDIVIDUAL: yn,
  SORT: z.number().int(),
  PRODUCTS_CNT: z.number().int(),
});
export type PricingSection = z.infer<typeof pricingSection>;

/** Which price a pricing page shows (ENTITIES.PRICE). */
export const pricingEntity = z.object({
  TYPE: z.enum(PRICE_KINDS),
  ID: z.union([z.number().int(), z.string()]),
  NAME: z.string(),
  PRICE_TYPE: z.string(),
  SECTION_RATE: z.string().nullable(),
});

/**
 * The totals of a section tree (§7 /partner/sections/ action=total): its sections, the products in them (each counted
 * once, in its own section), the sections hidden in the shop, those with a percent of their own in this price and
 * those holding products with individual rates.
 */
export const sectionsTotal = z.object({
  SECTIONS: z.number().int(),
  PRODUCTS: z.number().int(),
  HIDDEN: z.number().int(),
  WITH_PERCENT: z.number().int(),
  WITH_INDIVIDUAL: z.number().int(),
});
export type SectionsTotal = z.infer<typeof sectionsTotal>;

export const sectionsAnswer = z.object({
  ITEMS: z.array(pricingSection),
  ENTITIES: z.object({ PRICE: pricingEntity }),
  /** With action=total only. */
  TOTAL: sectionsTotal.optional(),
});
export type SectionsAnswer = z.infer<typeof sectionsAnswer>;

export const SECTION_ACTIONS = ['total'] as const;
/** GET a section tree: action=total adds its TOTAL. */
export const sectionsQuery = z.object({ action: z.enum(SECTION_ACTIONS, { error: PRICING_MSG.sectionActionInvalid }).optional() });

/**
 * POST a section: its percent (empty clears it), delete_individual=Y drops its products' own rates, delete=Y clears;
 * show=Y/N shows or hides it in the shop (the assortment: the base price list's sections only).
 */
export const sectionBody = z.object({
  show: formFlag.optional(),
  section_rate: formText
    .refine((v) => v === '' || PERCENT_PATTERN.test(v), PRICING_MSG.percentInvalid)
    .transform((v) => v.replace(',', '.'))
    .optional(),
  delete_individual: formFlag.optional(),
  delete: formFlag.optional(),
});
export const sectionSaved = actionDone({ HAS_INDIVIDUAL: yn, PERCENT: z.string().nullable(), SHOW: yn.optional() });

/** A product's row on a pricing page (§3 Price row percent: base_price, percent, price). */
export const pricingProduct = z.object({
  ID: z.number().int(),
  UP_CODE_1C: z.string(),
  NAME: z.string(),
  PURCHASE_PRICE: money,
  BASE_PRICE: money,
  PERCENT: z.string().nullable(),
  PRICE: money,
  CURRENCY: z.string(),
  SOURCE: z.enum(['OFFER', 'PERSONAL', 'EXCEL_PRICE', 'EXCEL_PERCENT', 'PRODUCT_RATE', 'SECTION_RATE', 'LIST_RATE', 'START']),
  INDIVIDUAL: yn,
});
export type PricingProduct = z.infer<typeof pricingProduct>;

export const sectionProductsQuery = z.object({
  limit: formInt({ max: 100 }).default(24),
  offset: formInt({ min: 0, max: 1_000_000 }).default(0),
  query: z.string().trim().max(100).optional(),
});
export const sectionProductsAnswer = z.object({
  ITEMS: z.array(pricingProduct),
  ENTITIES: z.object({ SECTION: z.object({ ID: z.number().int(), NAME: z.string(), PERCENT: z.string().nullable() }) }),
  NAV: z.object({ CNT: z.number().int(), CNT_ALL: z.number().int() }),
});
export type SectionProductsAnswer = z.infer<typeof sectionProductsAnswer>;

/** A product's own rate (a list or column) or a client's point price; delete=Y removes it. */
export const productPriceBody = z.object({
  percent: formPercent.optional(),
  price: formMoney.optional(),
  delete: formFlag.optional(),
});
export const productPriceSaved = actionDone({ ITEM: pricingProduct, WARNING: z.string().optional() });

/* ---------- price files ---------- */

export const UPLOAD_PARTS = ['catalog', 'remain', 'multiplicity'] as const;
export type UploadPart = (typeof UPLOAD_PARTS)[number];

/**
 * A part's status: FINISHED; ERROR_DATA and ERROR_FILE are errors; any other value means in progress (§3). The price
 * part of an applied upload is ROLLING_BACK while its rollback runs (issue 12.6).
 */
export const PART_STATUSES = ['QUEUED', 'PROCESSING', 'WAITING', 'FINISHED', 'ERROR_DATA', 'ERROR_FILE', 'CANCELLED', 'ROLLING_BACK'] as const;
export const partStatus = z.enum(PART_STATUSES);

/** What applying the file would change, shown before the user confirms (issue 12.6). */
export const uploadPreview = z.object({
  ROWS: z.number().int(),
  UP: z.number().int(),
  DOWN: z.number().int(),
  NEW: z.number().int(),
  SAME: z.number().int(),
  REMOVED: z.number().int(),
  TOP: z.array(
    z.object({ ID: z.number().int(), UP_CODE_1C: z.string(), NAME: z.string(), OLD_PRICE: money.nullable(), NEW_PRICE: money.nullable() }),
  ),
  /** The personal price file's warning (§8) when some prices are below the purchase price. */
  WARNING: z.string().optional(),
});
export type UploadPreview = z.infer<typeof uploadPreview>;

export const uploadErrorRow = z.object({ LINE: z.number().int(), CODE: z.string(), ERROR: z.string() });

/** One upload as the status and the history show it (§3 Upload history row, plus its state). */
export const priceUpload = z.object({
  ID: z.number().int(),
  type: z.enum(['PRICE', 'PERSONAL', 'REMAIN', 'MULTIPLICITY']),
  string_count: z.number().int(),
  count: z.number().int(),
  date_upload: seconds,
  date_end: seconds.nullable(),
  period: z.number().int().nullable(),
  download: z.string().nullable(),
  FILE_NAME: z.string(),
  MODE: z.enum(['Y', 'N']),
  CATALOG: z.object({ STATUS: partStatus }),
  PRICE: z.object({ STATUS: partStatus }),
  PROGRESS: z.number().int(),
  ERROR_COUNT: z.number().int(),
  ERRORS: z.array(uploadErrorRow),
  ERRORS_FILE: z.string().nullable(),
  PREVIEW: uploadPreview.nullable(),
  APPLIED: yn,
  ROLLED_BACK: yn,
  CAN_ROLLBACK: yn,
  /** FILE: an Excel file; 1C: an offers.xml of the exchange with 1C (issue 41). */
  SOURCE: z.enum(['FILE', '1C']),
});
export type PriceUpload = z.infer<typeof priceUpload>;

/** Extension periods of uploaded prices (§9): 7, 14, 21 days or termless (0). */
export const PROLONG_PERIODS = [7, 14, 21, 0] as const;
export const formPeriod = formInt({ min: 0, max: Math.max(...PROLONG_PERIODS) })
  .refine((n) => (PROLONG_PERIODS as readonly number[]).includes(n))
  .register(z.globalRegistry, {
    description: `Days: ${PROLONG_PERIODS.join(', ')} (0: without a term)`,
    anyOf: [
      { type: 'string', enum: PROLONG_PERIODS.map(String) },
      { type: 'integer', enum: [...PROLONG_PERIODS] },
    ],
  });

export const yml = z.object({ ID: z.number().int(), URL: z.string(), DATE: seconds });

/** GET /partner/pricing/status/…: the latest upload's parts, the validity of loaded prices, the YML links. */
export const pricingStatus = z.object({
  CATALOG: z.object({ STATUS: partStatus.nullable() }),
  PRICE: z.object({ STATUS: partStatus.nullable() }),
  UPLOAD: priceUpload.nullable(),
  LOADED: z.object({ COUNT: z.number().int(), DATE_END: seconds.nullable() }),
  PROLONG: z.array(z.number().int()),
  YML: z.array(yml),
});
export type PricingStatus = z.infer<typeof pricingStatus>;

export const statusQuery = z.object({ type: z.enum(['remain', 'multiplicity']).optional() });

/** The file: keep (Y: keep the loaded prices and add) or replace (N); the period of validity. */
export const excelUploadBody = z.object({
  file: formFile.optional(),
  keep: z.enum(['Y', 'N']).default('N'),
  period: formPeriod.default(0),
});
export const uploadQueued = actionDone({ UPLOAD_ID: z.number().int() });

export const UPLOAD_ACTIONS = ['apply', 'cancel', 'rollback', 'prolong'] as const;
export const uploadActionBody = z.object({
  action: z.enum(UPLOAD_ACTIONS),
  upload_id: formId().optional(),
  period: formPeriod.optional(),
  type: z.enum(['remain', 'multiplicity']).optional(),
});

export const uploadListQuery = z.object({
  sort: z.enum(['date_upload', 'string_count']).default('date_upload'),
  order: z.enum(['asc', 'desc', 'ASC', 'DESC']).default('desc'),
  date_start: filterDate.optional(),
  date_end: filterDate.optional(),
  type: z.enum(['PRICE', 'PERSONAL', 'REMAIN', 'MULTIPLICITY']).optional(),
  limit: formInt({ max: 100 }).default(20),
  offset: formInt({ min: 0 }).default(0),
});
export const uploadListAnswer = z.object({ ITEMS: z.array(priceUpload), NAV: z.object({ CNT: z.number().int(), CNT_ALL: z.number().int() }) });

/** action=create makes a link; action=delete with id switches one off. */
export const ymlBody = z.object({ action: z.enum(['create', 'delete']), id: formId().optional() });
export const ymlSaved = actionDone({ ITEMS: z.array(yml) });

export const pricingPathParams = z.object({ type: z.enum(PRICE_KINDS), priceId: z.union([z.literal(DEFAULTS.basePriceListId), pathId]) });
export const pricingSectionParams = pricingPathParams.extend({ id: pathId });

/* ---------- Установка цен: which clients and groups a price list or column prices ---------- */

/** Which price the tree shows checked, and which clients: a group's (0: clients in no group), a search, the dates. */
export const assignQuery = z.object({
  price_type: z.enum(['pricelist', 'column']).default('pricelist'),
  price_id: priceIdParam.default(DEFAULTS.basePriceListId),
  group_id: formInt({ min: 0, max: LIMITS.idMax }).optional(),
  query: z.string().trim().max(100).optional(),
  date_start: filterDate.optional(),
  date_end: filterDate.optional(),
  limit: formInt({ max: 200 }).default(50),
  offset: formInt({ min: 0, max: 1_000_000 }).default(0),
});

const priceRef = z.object({ ID: z.union([z.number().int(), z.string()]), NAME: z.string() });

export const assignClient = z.object({
  ID: z.number().int(),
  NAME: z.string(),
  REGISTRATION_DATE: seconds,
  PRICE_LIST: priceRef,
  COLUMN: priceRef.nullable(),
  /** Whether the selected price is this client's. */
  CHECKED: yn,
});
export type AssignClient = z.infer<typeof assignClient>;

export const assignGroup = z.object({
  ID: z.number().int(),
  NAME: z.string(),
  CLIENTS_CNT: z.number().int(),
  /** Members the selected price is assigned to: all of them checks the group, some half-checks it. */
  CHECKED_CNT: z.number().int(),
  /** Whether the group itself has the selected price list (its members without their own list get it). */
  CHECKED: yn,
});
export type AssignGroup = z.infer<typeof assignGroup>;

export const assignAnswer = z.object({
  ITEMS: z.array(assignClient),
  ENTITIES: z.object({
    GROUPS: z.array(assignGroup),
    PRICE: z.object({ TYPE: z.enum(['pricelist', 'column']), ID: z.union([z.number().int(), z.string()]), NAME: z.string() }),
  }),
  NAV: z.object({ CNT: z.number().int(), CNT_ALL: z.number().int() }),
});
export type AssignAnswer = z.infer<typeof assignAnswer>;

const idList = z
  .union([z.array(z.string()), z.string()])
  .transform((v) => (Array.isArray(v) ? v : v ? [v] : []))
  .pipe(
    z
      .array(
        z
          .string()
          .regex(/^\d{1,15}$/)
          .transform(Number),
      )
      .max(5000),
  );

/** Assigns the price to clients[] and (price lists only) groups[]; delete=Y takes it from them. */
export const assignBody = z.object({
  price_type: z.enum(['pricelist', 'column']),
  price_id: priceIdParam,
  clients: idList.optional(),
  groups: idList.optional(),
  delete: formFlag.optional(),
});
export const assignSaved = actionDone({ CLIENTS_CNT: z.number().int(), GROUPS_CNT: z.number().int() });

export const ASSIGN_MSG = {
  noGroup: 'Без группы',
  saved: 'Клиентам установлены новые настройки цен',
  nothing: 'Отметьте клиентов или группы',
  groupsOnlyLists: 'Группе назначается прайс, не колонка цен',
} as const;
