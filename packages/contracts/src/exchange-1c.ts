import { z } from 'zod';
import { listOf, seconds, yn } from './http/envelope';
import { formList, formText, formWholeRows } from './http/form-fields';
import { ORDER_STATUSES } from './limits';
import { formInt } from './numbers';

/*
 * The exchange with the partner's 1C:Enterprise (issue 41): 1C's standard «Обмен с сайтом», CommerceML 2 over HTTP.
 * Its limits and its Russian messages, once: 1C shows a `failure` line's reason to its administrator as it is.
 */

export const EXCHANGE_1C_LIMITS = {
  /** The part size `mode=init` announces (file_limit): 1C cuts larger files into parts of this size. */
  filePartBytes: 8 * 1024 * 1024,
  /** All the files of one exchange session together, as received (zips counted packed). */
  sessionBytes: 1024 * 1024 * 1024,
  /** What the zips of one session may unpack to, in all. */
  unpackedBytes: 1024 * 1024 * 1024,
  /** Entries of one zip. */
  zipEntries: 10_000,
  /** One XML document's bytes (offers.xml of 100,000 offers is about 60 MB). */
  xmlBytes: 512 * 1024 * 1024,
  /** Elements nested in an XML document: CommerceML needs about 10. */
  xmlDepth: 64,
  /** A text or attribute value's characters (a description may be long; nothing needs a megabyte). */
  xmlTextChars: 1024 * 1024,
  /** Offers of one package, products of one catalogue, documents of one orders file. */
  recordsPerFile: 1_000_000,
  /** Orders one sale query sends (the rest go in the next exchange). */
  ordersPerQuery: 5_000,
  /** Unmatched codes and refused rows the log keeps of one run (the counts are whole). */
  logItems: 1_000,
  /** A session ends this long after its last call. */
  sessionHours: 24,
  /** Login and password of the exchange account. */
  loginMax: 100,
  passwordMin: 6,
  passwordMax: 100,
  /** Runs a page of the exchange log shows. */
  logPageSize: 20,
} as const;

export const EXCHANGE_1C_MSG = {
  // checkauth
  noCredentials: 'Не указаны логин и пароль обмена с 1С',
  wrongCredentials: 'Неправильный логин или пароль обмена с 1С',
  tooManyAttempts: 'Слишком много попыток входа. Попробуйте позже',
  exchangeOff: 'Обмен с 1С не настроен: задайте логин и пароль в настройках магазина',
  // every later call
  noSession: 'Сеанс обмена не найден или истек: выполните авторизацию (checkauth) заново',
  unknownMode: 'Неизвестный режим обмена',
  unknownType: 'Неизвестный тип обмена',
  // files
  badFileName: 'Недопустимое имя файла',
  filePartTooLarge: 'Часть файла больше заявленного лимита file_limit',
  sessionTooLarge: 'Файлы сеанса обмена превышают допустимый объем',
  fileNotFound: 'Файл не получен: передайте его (mode=file) перед загрузкой',
  zipBroken: 'Архив поврежден или не является zip-архивом',
  zipTooLarge: 'Архив распаковывается в слишком большой объем',
  zipEncrypted: 'Архив защищен паролем',
  // XML
  xmlMalformed: 'Файл не является корректным XML',
  xmlDoctype: 'XML с объявлением DTD или сущностями не принимается',
  xmlEncoding: 'Неподдерживаемая кодировка XML (поддерживаются UTF-8 и windows-1251)',
  xmlTooLarge: 'XML-файл слишком большой',
  xmlTooDeep: 'XML-файл слишком глубоко вложен',
  xmlNotCommerceMl: 'Файл не является документом CommerceML (нет элемента КоммерческаяИнформация)',
  tooManyRecords: 'В файле слишком много записей',
  // import
  importStarted: 'Файл принят, загрузка начата',
  importFailed: 'Загрузка не выполнена',
  importInterrupted: 'Загрузка прервана перезапуском сервера и будет продолжена',
  noPriceMapping: 'Типы цен 1С не сопоставлены с прайс-листами: сопоставьте их в настройках магазина («Обмен с 1С»)',
  badPrice: 'Цена не является неотрицательным числом',
  badQuantity: 'Количество не является неотрицательным числом',
  unmatchedProduct: 'Товар не найден в каталоге по коду, артикулу или штрихкоду',
  // orders back
  orderNotFound: 'Заказ не найден',
  orderTransitionRefused: 'Статус заказа нельзя изменить так',
  // settings
  loginTaken: 'Этот логин уже используется для обмена с 1С',
  loginRequired: 'Укажите логин',
  passwordTooShort: 'Пароль должен быть не короче 6 символов',
  unknownPriceList: 'Прайс-лист не найден',
  unknownStatus: 'Неизвестный статус заказа',
} as const;

/** The XML reader's further caps (issue 41, helper "xml"). */
export const EXCHANGE_1C_XML_LIMITS = {
  /** Elements of one record (a Товар, Предложение or Документ with all it holds): an order of 5,000 lines fits. */
  recordNodes: 100_000,
  /** Attributes of one element. */
  attributes: 1_000,
  /** Characters of one record's texts and attribute values together. */
  recordChars: 16 * 1024 * 1024,
} as const;

/** The XML reader's further refusals (issue 41, helper "xml"). */
export const EXCHANGE_1C_XML_MSG = {
  xmlTextTooLong: 'Текст или значение атрибута в XML-файле слишком длинные',
  xmlEncodingMismatch: 'Текст XML-файла не соответствует объявленной в нем кодировке (encoding)',
  xmlRecordTooLarge: 'Элемент XML-файла (товар, предложение или документ) слишком большой',
  xmlTooManyAttributes: 'У элемента XML-файла слишком много атрибутов',
  noOffersPackage: 'В файле нет пакета предложений (ПакетПредложений): это не файл цен или остатков',
} as const;

/** The settings screen «Обмен с 1С» and its log (issue 41, helper "settings"). */
export const EXCHANGE_1C_SETTINGS_LIMITS = {
  /** Unmatched codes and errors a run shows in a page of the log (the run keeps up to logItems; the counts are whole). */
  logListItems: 100,
  /** Rows of the price-type mapping. */
  priceMapRows: 100,
  /** A 1C price type's Ид or name. */
  priceTypeChars: 255,
} as const;

export const EXCHANGE_1C_SETTINGS_MSG = {
  saved: 'Настройки обмена с 1С сохранены',
  loginTooLong: `Логин длиннее ${EXCHANGE_1C_LIMITS.loginMax} символов`,
  loginInvalid: 'Логин не может содержать пробелы, двоеточие и управляющие символы',
  passwordRequired: 'Задайте пароль',
  passwordTooLong: `Пароль длиннее ${EXCHANGE_1C_LIMITS.passwordMax} символов`,
  passwordInvalid: 'Пароль не может содержать управляющие символы',
  priceTypeRequired: 'Укажите тип цен 1С',
  priceTypeTooLong: `Тип цен длиннее ${EXCHANGE_1C_SETTINGS_LIMITS.priceTypeChars} символов`,
  priceTypeTwice: 'Этот тип цен уже сопоставлен',
  priceListRequired: 'Выберите прайс-лист или колонку цен',
  priceListTwice: 'Этот прайс-лист уже сопоставлен с другим типом цен',
  tooManyRows: `Не больше ${EXCHANGE_1C_SETTINGS_LIMITS.priceMapRows} строк`,
} as const;

/** A 1C price type mapped to a price list or column: TYPE_ID is 1C's Ид, or the name for a type added by name. */
export const exchange1cPriceMapping = z.object({ TYPE_ID: z.string(), TYPE_NAME: z.string(), PRICE_LIST_ID: z.number().int() });

/** A price type of the last offers.xml 1C sent. */
export const exchange1cPriceTypeSeen = z.object({ ID: z.string(), NAME: z.string(), CURRENCY: z.string().nullable() });

/** A price list or column of the partner, to map a price type to. */
export const exchange1cPriceList = z.object({
  ID: z.number().int(),
  NAME: z.string(),
  KIND: z.enum(['PRICELIST', 'COLUMN']),
  PARENT_ID: z.number().int().nullable(),
  IS_BASE: yn,
});

/**
 * GET /partner/exchange1c/: the exchange account (the password never leaves the server: HAS_PASSWORD), the address to
 * paste into 1C (as the request reached this server), the statuses sent, the mapping and what it maps to.
 */
export const exchange1cSettingsAnswer = z.object({
  LOGIN: z.string().nullable(),
  HAS_PASSWORD: yn,
  URL: z.string(),
  STATUSES: z.array(z.enum(ORDER_STATUSES)),
  PRICE_MAP: z.array(exchange1cPriceMapping),
  PRICE_TYPES_SEEN: z.array(exchange1cPriceTypeSeen),
  PRICE_LISTS: z.array(exchange1cPriceList),
  /** Status code → its Russian name. */
  ORDER_STATUSES: z.record(z.enum(ORDER_STATUSES), z.string()),
});
export type Exchange1cSettingsAnswer = z.infer<typeof exchange1cSettingsAnswer>;

/**
 * POST /partner/exchange1c/: the parts sent are saved, the others kept; an empty password keeps the stored one.
 * statuses='' and price_map='' save empty lists. Errors are keyed by field (`price_map[1][price_list_id]`).
 */
export const exchange1cSaveBody = z.object({
  login: formText.optional(),
  // Not trimmed: a password's spaces are its own.
  password: z.string().optional(),
  statuses: formList.optional(),
  price_map: formWholeRows({
    type_id: formText.optional(),
    type_name: formText.optional(),
    price_list_id: formText.optional(),
  }).optional(),
});
export type Exchange1cSaveBody = z.infer<typeof exchange1cSaveBody>;
export type Exchange1cSaveInput = z.input<typeof exchange1cSaveBody>;

const EXCHANGE_1C_RUN_STATUSES = ['RUNNING', 'SUCCESS', 'FAILURE'] as const;

/** A run of the exchange log: an import of a file or a sale query, with its counts (UNMATCHED, ERRORS: the first ones). */
export const exchange1cRun = z.object({
  ID: z.number().int(),
  TYPE: z.enum(['catalog', 'sale']),
  MODE: z.enum(['import', 'query', 'success']),
  FILENAME: z.string().nullable(),
  STATUS: z.enum(EXCHANGE_1C_RUN_STATUSES),
  PROGRESS: z.number().int(),
  PROGRESS_TEXT: z.string().nullable(),
  FILES: z.array(z.object({ NAME: z.string(), BYTES: z.number() })),
  PRODUCTS_MATCHED: z.number().int(),
  PRICES: z.number().int(),
  STOCK_ROWS: z.number().int(),
  ORDERS_SENT: z.number().int(),
  ORDERS_UPDATED: z.number().int(),
  UNMATCHED_COUNT: z.number().int(),
  UNMATCHED: z.array(z.object({ ID: z.string(), CODE: z.string().nullable(), NAME: z.string().nullable() })),
  ROWS_REFUSED: z.number().int(),
  ERRORS: z.array(z.string()),
  STARTED_AT: seconds,
  FINISHED_AT: seconds.nullable(),
});
export type Exchange1cRun = z.infer<typeof exchange1cRun>;

export const exchange1cLogQuery = z.object({
  limit: formInt({ max: 100 }).catch(EXCHANGE_1C_LIMITS.logPageSize).default(EXCHANGE_1C_LIMITS.logPageSize),
  offset: formInt({ min: 0, max: 10_000_000 }).catch(0).default(0),
});

/** GET /partner/exchange1c/log/: the runs, newest first; NAV.CNT = NAV.CNT_ALL = the partner's runs. */
export const exchange1cLogAnswer = listOf(exchange1cRun);
export type Exchange1cLogAnswer = z.infer<typeof exchange1cLogAnswer>;

/** What the appliers of 1C's files write in the exchange log and its progress line (issue 41). */
export const EXCHANGE_1C_APPLY_MSG = {
  priceTypeNotMapped: (name: string) => `Тип цен «${name}» не сопоставлен с прайс-листом: его цены не загружены`,
  priceListGone: (name: string) => `Прайс-лист, сопоставленный типу цен «${name}», удален: его цены не загружены`,
  offerRefused: (offer: string, reason: string) => `Предложение ${offer}: ${reason} — строка не загружена`,
  duplicateOffer: 'товар уже указан в другом предложении пакета',
  priceTooLarge: 'цена больше 999 999 999,99',
  quantityTooLarge: 'количество больше 999 999 999',
  offersRead: (n: number) => `Прочитано предложений: ${n}`,
  applyingPrices: (list: string) => `Применяются цены прайс-листа «${list}»`,
  applyingStock: 'Применяются остатки',
  offersDone: (prices: number, stock: number) => `Загружено цен: ${prices}, остатков: ${stock}`,
  productsMatched: (matched: number, total: number) => `Сопоставлено товаров: ${matched} из ${total}`,
  orderRefused: (order: string, reason: string) => `Заказ ${order}: ${reason}`,
  ordersDone: (n: number) => `Обновлено заказов: ${n}`,
  canceledIn1c: 'Отменен в 1С',
  /** Who changed an order, in its history, when 1C's orders document did. */
  actor: 'Обмен с 1С',
} as const;
