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
