import type { Exchange1cRun } from '@b2b/contracts/exchange-1c';

/** Labels of the tab «Обмен с 1С» (issue 41); the messages come from the contracts (EXCHANGE_1C_*_MSG). */
export const EXCHANGE_1C_TEXT = {
  accountCard: 'Учетная запись для обмена',
  url: 'Адрес для настройки обмена в 1С',
  urlHint: 'В 1С откройте настройки обмена с сайтом (узел обмена) и вставьте этот адрес, логин и пароль ниже.',
  login: 'Логин для 1С',
  password: 'Пароль для 1С',
  passwordKept: 'Пароль задан. Оставьте поле пустым, чтобы не менять его',
  passwordNew: `Не короче 6 символов`,
  statuses: 'Отправлять в 1С заказы в статусах',
  priceMap: 'Сопоставление типов цен',
  priceMapHint: 'Цены каждого типа цен 1С загружаются в выбранный прайс-лист или колонку цен. Типы цен без выбора не загружаются.',
  priceType: 'Тип цен 1С',
  priceTypeName: 'Название типа цен, как в 1С',
  priceList: 'Прайс-лист или колонка',
  notLoaded: 'Не загружать',
  priceLists: 'Прайс-листы',
  columns: 'Колонки цен',
  addPriceType: 'Добавить тип цен',
  removePriceType: 'Удалить',
  noPriceTypes: 'Типы цен появятся после первой выгрузки из 1С; можно добавить их по названию заранее',
  seenFrom1c: 'получен из 1С',
  log: 'Журнал обмена',
  logEmpty: 'Обменов с 1С еще не было',
  refresh: 'Обновить',
  columnDate: 'Дата',
  columnType: 'Тип',
  columnFiles: 'Файлы',
  columnProducts: 'Товары',
  columnPrices: 'Цены',
  columnStock: 'Остатки',
  columnOrders: 'Заказы',
  columnUnmatched: 'Не найдено',
  columnResult: 'Результат',
  success: 'Выполнено',
  failure: 'Ошибка',
  running: 'Выполняется',
  rowsRefused: (n: number) => `Строк отклонено: ${n}`,
  unmatchedTitle: 'Не найдены в каталоге (Ид, код, наименование)',
  moreItems: (n: number) => `и еще ${n}`,
  errorsTitle: 'Сообщения',
} as const;

/** What a run of the log did, by its type and mode. */
export function runKindLabel(run: Pick<Exchange1cRun, 'TYPE' | 'MODE'>): string {
  if (run.TYPE === 'catalog') return 'Загрузка из 1С';
  if (run.MODE === 'query') return 'Выгрузка заказов в 1С';
  if (run.MODE === 'success') return 'Заказы приняты 1С';
  return 'Статусы заказов из 1С';
}
