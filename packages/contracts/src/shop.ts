import { compareDecimal } from './decimal-text';
import { LIMITS } from './limits';
import { MSG } from './messages';

/**
 * Shop settings, tradepoints, delivery and commercial-offer settings (shop-pricing-offers-loyalty.md §3, §5, §7):
 * the texts, the choices and the answer shapes both the server and the web use.
 */

export const SHOP_MSG = {
  // §5 Shop settings, exactly as the spec writes them
  nameRequired: 'Не указано название магазина',
  requiredFields: 'Не заполнены обязательные поля',
  addressRequired: 'Не указан адрес',
  addressOrCoordinates: 'Не указан адрес или координаты',
  shopLinkInvalid: 'Ссылка должна содержать буквы латинского алфавита, цифровые и символьные значения, без пробелов',
  emailInvalid: 'Неверный формат e-mail адреса',
  emailDuplicate: 'Данная почта уже введена',
  confirmActions: 'Подтвердите выполнение всех действий',
  paymentTypeRequired: 'Не указан способ оплаты',
  nameMissing: 'Не указано название',
  sumMissing: 'Не указана сумма',
  currencyRateRequired: 'Не указано значение курса валюты',
  shopFileTooLarge: 'Размер файла не должен превышать 5МБ',
  fileTypeInvalid: MSG.fileTypeInvalid,
  fileFormatUnsupported: MSG.fileFormatUnsupported,
  fileUploadFailed: MSG.fileUploadFailed,
  // where the spec names the rule but not its words
  shopLinkTaken: 'Эта ссылка уже занята другим магазином',
  domainInvalid: 'Неверный формат доменного имени',
  domainTaken: 'Этот домен уже занят другим магазином',
  selfdeliveryNeedsTradepoint: 'Для самовывоза добавьте хотя бы одну торговую точку',
  taxSystemRequired: 'Для онлайн-оплаты картой сначала выберите систему налогообложения',
  notifyEmailsTooMany: `Можно указать не более ${LIMITS.notifyEmailsMax} адресов для уведомлений`,
  shopFilesTooMany: `Можно загрузить не более ${LIMITS.shopFilesMax} файлов`,
  sumInvalid: 'Сумма указана неверно',
  rateInvalid: 'Курс валюты указан неверно',
  colorInvalid: 'Цвет указан неверно',
  choiceInvalid: 'Выберите значение из списка',
  aboutInvalid: 'Описание сохранено в неизвестном формате',
  textTooLong: (max: number) => `Не более ${max} символов`,
  timeInvalid: 'Время указывается в формате ЧЧ:ММ',
  coordinatesInvalid: 'Координаты указаны неверно',
  workDaysRequired: 'Не выбраны рабочие дни',
  dateInvalid: 'Дата указана неверно',
  sortInvalid: 'Сортировка указывается целым числом от 0 до 100000',
  excludeNoCodes: 'В файле не найдено ни одного кода товара из 6 цифр',
  geocoderOff: 'Поиск адреса на карте не подключен: укажите широту и долготу вручную',
  geocoderNothing: 'Адрес не найден: уточните его или укажите координаты вручную',
  geocoderFailed: 'Сервис поиска адреса не отвечает: укажите координаты вручную',
  saved: 'Настройки сохранены',
  tradepointSaved: 'Торговая точка сохранена',
  tradepointDeleted: 'Торговая точка удалена',
  tradepointInUse: 'Торговая точка указана в заказах, ее нельзя удалить',
  lastTradepointSelfDelivery: 'Нельзя удалить последнюю торговую точку, пока в магазине включен только самовывоз',
  zoneSaved: 'Зона доставки сохранена',
  zoneDeleted: 'Зона доставки удалена',
  zonePolygonInvalid: (max: number) => `Контур зоны — список от 3 до ${max} точек [широта, долгота]`,
  zoneOutlinePoints: (max: number) => `Контур зоны — от 3 до ${max} разных точек`,
  zonePointRange: (n: number) => `Точка ${n} контура: широта — от −90 до 90, долгота — от −180 до 180`,
  zoneOutlineLine: (line: number) => `Строка ${line}: укажите широту и долготу через запятую, например 55.7558, 37.6173`,
  zoneOutlineLineRange: (line: number) => `Строка ${line}: широта — от −90 до 90, долгота — от −180 до 180`,
  excludeLoaded: 'Файл исключений загружен',
  excludeDeactivated: 'Исключения из доставки отключены',
} as const;

/** The parts of the shop settings that POST /partner/shop/ saves, one per tab or card (`type` of the payload). */
export const SHOP_SAVE_TYPES = ['shop', 'payment', 'delivery', 'settings', 'remains'] as const;
export type ShopSaveType = (typeof SHOP_SAVE_TYPES)[number];

export { ONLINE_PAYMENT_TYPE, PAYMENT_TYPE_LABEL, type PaymentType } from './payment-types';

export const TAX_SYSTEMS = {
  OSN: 'ОСН — общая система',
  USN_INCOME: 'УСН «Доходы»',
  USN_INCOME_OUTCOME: 'УСН «Доходы минус расходы»',
  ESHN: 'ЕСХН',
  PATENT: 'Патентная система',
} as const;

export const COLOR_SCHEMES = {
  green: 'Зеленая',
  blue: 'Синяя',
  red: 'Красная',
  orange: 'Оранжевая',
  purple: 'Фиолетовая',
  gray: 'Серая',
} as const;

export const CURRENCIES = { RUB: 'Рубль', USD: 'Доллар США', EUR: 'Евро', KZT: 'Тенге', BYN: 'Белорусский рубль' } as const;
export const TAX_TYPES = { WITH_VAT: 'С НДС', WO_VAT: 'Без НДС' } as const;
export const ASSORTMENTS = { BASE: 'Корпоративный', EXTENDED: 'Сайт' } as const;
export const MULTIPLICITIES = { COMMERCIAL: 'Коммерческая', CORPORATE: 'Корпоративная', EDINICA: 'Поштучно' } as const;

/** Working days of a tradepoint; WD is the holiday day. */
export const WORK_DAYS = {
  MO: 'Пн',
  TU: 'Вт',
  WE: 'Ср',
  TH: 'Чт',
  FR: 'Пт',
  SA: 'Сб',
  SU: 'Вс',
  WD: 'Праздничные дни',
} as const;
export type WorkDay = keyof typeof WORK_DAYS;

/** Texts a shop shows when its own text is switched off (the default-text toggles). */
export const SHOP_DEFAULT_TEXT = {
  delivery: 'Доставка осуществляется после подтверждения заказа менеджером. Сроки и стоимость уточняйте у менеджера.',
  payment: 'Оплата заказа наличными, по безналичному расчету или банковской картой — способ выбирается при оформлении.',
} as const;

/** Text limits of the shop settings. */
export const SHOP_TEXT_MAX = { name: 100, short: 255, text: 2000, about: 50_000 } as const;

/**
 * A working-hours time as HH:MM: "9" → "09:00", "9:5" → "09:05", "930" → "09:30", "9.30" → "09:30".
 * Null when it is not a time of day.
 */
export function normaliseTime(value: string): string | null {
  const text = value.trim();
  let h: string;
  let m: string;
  const parts = /^(\d{1,2})(?:[:.\-\s](\d{1,2}))?$/.exec(text);
  if (parts) {
    h = parts[1];
    m = parts[2] ?? '0';
  } else if (/^\d{3,4}$/.test(text)) {
    h = text.slice(0, text.length - 2);
    m = text.slice(-2);
  } else return null;
  const hours = Number(h);
  const minutes = Number(m);
  if (hours > 24 || minutes > 59 || (hours === 24 && minutes > 0)) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/**
 * A sum as the web sends it (the spec cleans amounts of spaces before sending, the server once more):
 * spaces removed, a comma read as the decimal point, at most 4 decimals. '' → null; 'bad' when it is not a
 * non-negative number or above LIMITS.moneyMax.
 */
export function parseSum(text: string): string | null | 'bad' {
  const v = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (!v) return null;
  return /^\d{1,14}(\.\d{1,4})?$/.test(v) && compareDecimal(v, LIMITS.moneyMax) <= 0 ? v : 'bad';
}

/** A stored sum as the spec shows it: a decimal string without trailing zeros ("" for none). */
export function sumOut(value: string | null): string {
  if (value == null) return '';
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value;
}
