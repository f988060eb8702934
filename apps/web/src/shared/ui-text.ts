/**
 * Interface labels of the web app that packages/contracts/src/messages.ts does not hold (menu items, tab
 * titles, buttons). Spec messages come from MSG; these are candidates to move there.
 */
export const SECTION_TITLE = {
  orders: 'Заказы',
  clients: 'Клиенты',
  employees: 'Сотрудники',
  pricing: 'Прайсы',
  assortment: 'Ассортимент',
  offers: 'Акции',
  loyalty: 'Программа лояльности',
  settings: 'Настройки магазина',
  reports: 'Отчеты',
  partners: 'Партнеры',
} as const;

const PRICE_ITEM_TYPE: Record<string, string> = { pricelist: 'Прайс', column: 'Колонка цен', client: 'Цены клиента' };

export const PAGE_TITLE = {
  orderCard: (id: string) => `Заказ № ${id}`,
  clientCard: (id: string) => `Клиент № ${id}`,
  clientGroup: (id: string) => `Группа № ${id}`,
  content: 'Информация',
  offerCreate: 'Новая акция',
  offerEdit: (id: string) => `Акция № ${id}`,
  priceItem: (type: string, id: string) => `${PRICE_ITEM_TYPE[type] ?? 'Прайс'} № ${id}`,
  managerOrders: 'Заказы партнеров',
  clientHome: 'Личный кабинет',
  login: 'Вход в личный кабинет',
  register: 'Регистрация',
  recovery: 'Восстановление пароля',
} as const;

export const TAB_LABEL = {
  clients: { 'active-list': 'Активные', groups: 'Группы', 'black-list': 'Черный список', reviews: 'Отзывы' },
  clientCard: {
    orders: 'Заказы',
    info: 'Общая информация',
    'price-type': 'Тип цен',
    'personal-settings': 'Цены клиента',
    loyalty: 'Программа лояльности',
  },
  pricing: { pricelist: 'Прайсы', column: 'Колонки цен', pricesettings: 'Установка цен', settings: 'Настройки цен' },
  assortment: { assortment: 'Настройка ассортимента' },
  settings: {
    'my-shop': 'Магазин',
    'my-payment': 'Оплата',
    'my-shipping': 'Доставка',
    'my-settings': 'Настройки',
    'my-settings-commercialoffer': 'Коммерческое предложение',
    'exchange-1c': 'Обмен с 1С',
  },
} as const;

export const UI = {
  signIn: 'Войти',
  signOut: 'Выйти',
  email: 'E-mail',
  password: 'Пароль',
  register: 'Регистрация',
  forgotPassword: 'Забыли пароль?',
  backToSignIn: 'Вернуться ко входу',
  toHome: 'На главную',
  retry: 'Повторить',
  reload: 'Обновить страницу',
  /** The refresh control of the lists (RefreshButton). */
  refresh: 'Обновить',
  signedInAs: 'Вы вошли как',
  clientCount: 'Клиенты',
  orderCount: 'Заказы',
  partnerCount: 'Партнеры',
  since: 'с',
  manager: 'Менеджер платформы',
  /** The manager's partner filter: no partner chosen means every partner. */
  allPartners: 'Все партнеры',
  partner: 'Партнер',
} as const;
