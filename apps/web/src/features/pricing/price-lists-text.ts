import type { PriceListKind, PriceRounding, PriceUnit } from '@b2b/contracts/price-lists';

/** Interface labels of the Прайсы and Колонки цен tabs (the spec's messages come from PRICE_LIST_MSG). */
export const PRICE_LISTS_UI = {
  create: { PRICELIST: 'Создать прайс', COLUMN: 'Создать колонку' } satisfies Record<PriceListKind, string>,
  newTitle: { PRICELIST: 'Новый прайс', COLUMN: 'Новая колонка цен' } satisfies Record<PriceListKind, string>,
  editTitle: { PRICELIST: 'Изменить прайс', COLUMN: 'Изменить колонку цен' } satisfies Record<PriceListKind, string>,
  copyTitle: { PRICELIST: 'Копировать прайс', COLUMN: 'Копировать колонку цен' } satisfies Record<PriceListKind, string>,
  deleteTitle: { PRICELIST: 'Удалить прайс', COLUMN: 'Удалить колонку цен' } satisfies Record<PriceListKind, string>,
  empty: { PRICELIST: 'Прайсов нет', COLUMN: 'Колонок цен нет' } satisfies Record<PriceListKind, string>,
  listTitle: { PRICELIST: 'Прайсы', COLUMN: 'Колонки цен' } satisfies Record<PriceListKind, string>,
  copy: 'Копировать',
  copyName: 'Название копии',
  copyHint: 'Копируются наценки разделов и товаров и цены, загруженные из Excel.',
  name: 'Название',
  sectionRate: 'Наценка, %',
  priceType: 'Тип цен',
  rounding: 'Округление',
  unit: 'Единица цен',
  parent: 'Прайс',
  base: 'Базовый',
  clients: 'Клиентов',
  groups: 'Групп',
  noRate: 'Не задана',
  baseNotDeletable: 'Базовый прайс удалить нельзя',
  deletedTitle: 'Удалено',
} as const;

export const ROUNDING_LABEL: Record<PriceRounding, string> = {
  ONE_DECIMAL: 'До 1 знака после запятой',
  TWO_DECIMAL: 'До 2 знаков после запятой',
  NO_DECIMAL: 'До целого',
};

export const UNIT_LABEL: Record<PriceUnit, string> = {
  RUB: 'В рублях',
  RATE: 'В валюте магазина по курсу',
};
