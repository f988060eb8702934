import { countRu, groupThousands, PLURAL, type PluralForms } from '@b2b/contracts/plural-ru';
import type { PriceKind, PriceUpload, PricingProduct, SectionsTotal } from '@b2b/contracts/pricing';
import type { FilePart } from '@/features/pricing/panel/price-file-target';
import type { UploadPhase } from '@/features/pricing/panel/upload-phase';

const SECTION_FORMS: PluralForms = ['раздел', 'раздела', 'разделов'];

/** Interface labels of the pricing panel (the spec's messages come from PRICING_MSG and MSG). */
export const PANEL_UI = {
  kind: { pricelist: 'Прайс', column: 'Колонка цен', client: 'Цены клиента' } satisfies Record<PriceKind, string>,
  // the section tree
  sections: 'Разделы каталога',
  sectionSearch: 'Поиск раздела',
  /** The tree's totals (action=total): «54 раздела · 2 934 товара · с наценкой: 3 · скрыто: 1 · с индивидуальными: 2». */
  sectionsTotal: (t: SectionsTotal) =>
    [
      countRu(t.SECTIONS, SECTION_FORMS),
      countRu(t.PRODUCTS, PLURAL.product),
      t.WITH_PERCENT ? `с наценкой: ${groupThousands(t.WITH_PERCENT)}` : '',
      t.HIDDEN ? `скрыто: ${groupThousands(t.HIDDEN)}` : '',
      t.WITH_INDIVIDUAL ? `с индивидуальными: ${groupThousands(t.WITH_INDIVIDUAL)}` : '',
    ]
      .filter(Boolean)
      .join(' · '),
  individualMark: 'инд.',
  individualHint: 'В разделе есть товары с индивидуальной наценкой',
  hiddenHint: 'Раздел скрыт в магазине',
  chooseSection: 'Выберите раздел каталога, чтобы увидеть его товары и цены',
  // the products of a section
  sectionRate: 'Наценка раздела, %',
  sectionRateOfList: 'Наценка раздела в прайсе клиента, %',
  noRate: 'не задана',
  clearRate: 'Очистить',
  clearRateConfirm: 'Очистить наценку раздела? Товары получат наценку вышестоящего раздела или прайса.',
  deleteIndividual: 'Удалить индивидуальные наценки',
  deleteIndividualConfirm: 'Удалить индивидуальные наценки всех товаров раздела? Для них будет действовать наценка раздела.',
  productSearch: 'Название или код товара',
  code: 'Код',
  name: 'Наименование',
  purchasePrice: 'Закупочная цена',
  basePrice: 'Базовая цена',
  percent: 'Наценка, %',
  price: 'Цена',
  source: 'Источник цены',
  individual: 'Индивидуальная',
  editRate: 'Наценка товара',
  editPrice: 'Индивидуальная цена',
  productRateTitle: (name: string) => `Наценка товара «${name}»`,
  pointPriceTitle: (name: string) => `Индивидуальная цена товара «${name}»`,
  deleteRate: 'Удалить наценку товара',
  deletePrice: 'Удалить индивидуальную цену',
  deleteRateConfirm: 'Удалить наценку товара? Для него будет действовать наценка раздела.',
  deletePriceConfirm: 'Удалить индивидуальную цену? Клиент будет видеть цену своего прайса.',
  yes: 'Да',
  no: 'Нет',
  // price files
  fileTitle: { price: 'Загрузка цен из Excel', remain: 'Остатки', multiplicity: 'Кратность' } satisfies Record<FilePart, string>,
  personalFileTitle: 'Индивидуальные цены из Excel',
  download: 'Скачать файл',
  upload: 'Загрузить файл',
  history: 'История загрузок',
  reset: 'Сбросить',
  resetTitle: { price: 'Сбросить цены', remain: 'Сбросить остатки', multiplicity: 'Сбросить кратность' } satisfies Record<FilePart, string>,
  resetConfirm: {
    price: 'Цены, загруженные из файла, будут сброшены. Товары получат цены по наценкам.',
    remain: 'Остатки, загруженные из файла, будут сброшены.',
    multiplicity: 'Кратность, загруженная из файла, будет сброшена.',
  } satisfies Record<FilePart, string>,
  loaded: 'Загружено из файла',
  loadedNone: 'Из файла ничего не загружено',
  validUntil: 'Действуют до',
  termless: 'Бессрочно',
  prolong: 'Продлить',
  prolongTo: 'Продлить на',
  periodLabel: (days: number) => (days ? `${days} дн.` : 'Бессрочно'),
  // the price-method choice
  methodTitle: 'Способ загрузки цен',
  methodFile: 'Файл',
  keepY: 'Сохранить загруженные цены и добавить цены из файла',
  keepN: 'Сбросить загруженные цены и заменить ценами из файла',
  keepYPart: 'Сохранить загруженные значения и добавить значения из файла',
  keepNPart: 'Сбросить загруженные значения и заменить значениями из файла',
  period: 'Срок действия цен',
  methodHint: 'Файл проверяется на сервере; перед применением вы увидите, что изменится. Загрузка большого прайса занимает от 5 до 10 минут.',
  send: 'Загрузить',
  // the state of the latest upload
  reading: 'Файл проверяется',
  applying: 'Цены из файла применяются',
  rollingBack: 'Цены возвращаются к состоянию до загрузки',
  previewTitle: 'Что изменится после применения файла',
  previewRows: 'Строк в файле',
  previewUp: 'Вырастет',
  previewDown: 'Снизится',
  previewNew: 'Новых',
  previewSame: 'Без изменений',
  previewRemoved: 'Будут удалены',
  topTitle: 'Наибольшие изменения',
  oldValue: 'Было',
  newValue: 'Станет',
  apply: 'Применить',
  cancel: 'Отменить',
  errorDataTitle: (n: number) => `В файле есть строки с ошибками (${n}). Ничего не изменено: исправьте их и загрузите файл снова.`,
  errorsShown: (shown: number, total: number) => `Показаны первые ${shown} из ${total}`,
  errorsFile: 'Скачать файл с ошибками',
  line: 'Строка',
  error: 'Ошибка',
  appliedOf: (count: string, date: string) => `Применено: ${count}, ${date}`,
  fileOf: (name: string, date: string) => `${name}, загружен ${date}`,
  // history
  type: 'Тип',
  file: 'Файл',
  uploadSource: 'Источник',
  rows: 'Строк',
  count: 'Применено',
  dateUpload: 'Дата загрузки',
  dateEnd: 'Действуют до',
  periodColumn: 'Срок',
  state: 'Состояние',
  rollback: 'Откатить',
  rollbackConfirm: 'Вернуть цены к состоянию до этой загрузки?',
  historyEmpty: 'Загрузок еще не было',
  // YML
  ymlTitle: 'Ссылки на YML',
  ymlCreate: 'Создать ссылку YML',
  ymlNone: 'Ссылок на YML нет',
  ymlOff: 'Отключить',
  ymlOffConfirm: 'Отключить ссылку? Тот, кто получает прайс по ней, перестанет его получать.',
  ymlCreated: (date: string) => `создана ${date}`,
  ymlRefusedTitle: 'Ссылка не создана',
  toClient: 'К карточке клиента',
} as const;

export const SOURCE_LABEL: Record<PricingProduct['SOURCE'], string> = {
  OFFER: 'Цена акции',
  PERSONAL: 'Индивидуальная цена',
  EXCEL_PRICE: 'Цена из Excel',
  EXCEL_PERCENT: 'Наценка из Excel',
  PRODUCT_RATE: 'Наценка товара',
  SECTION_RATE: 'Наценка раздела',
  LIST_RATE: 'Наценка прайса',
  START: 'Без наценки',
};

/** Where an upload came from: an Excel file or the 1C exchange's offers (issue 41). */
export const UPLOAD_SOURCE_LABEL: Record<PriceUpload['SOURCE'], string> = { FILE: 'Excel', '1C': '1С' };

export const UPLOAD_TYPE_LABEL: Record<PriceUpload['type'], string> = {
  PRICE: 'Цены',
  PERSONAL: 'Индивидуальные цены',
  REMAIN: 'Остатки',
  MULTIPLICITY: 'Кратность',
};

export const PHASE_LABEL: Record<UploadPhase, string> = {
  none: '',
  reading: 'Проверяется',
  preview: 'Ожидает применения',
  applying: 'Применяется',
  applied: 'Применена',
  rollingBack: 'Откатывается',
  rolledBack: 'Откачена',
  errorData: 'Ошибки в строках',
  errorFile: 'Ошибка файла',
  cancelled: 'Отменена',
};
