import { z } from 'zod';
import { LIMITS, ORDER_STATUSES, type OrderStatus } from './limits';

/*
 * Orders: the wire contract of /v3/api/partner/orderlist/, /partner/order/{id}/, /partner/sendtorelef/ and
 * /partner/payment/type/{orderId}/{paymentType}/ (back-office.md §3, §4, §7). Server and web both use it.
 */

export const PAYMENT_TYPES = ['CASH', 'NON_CASH', 'CARD'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const PAYMENT_TYPE_LABEL: Record<PaymentType, string> = {
  CASH: 'Наличные',
  NON_CASH: 'Безналичный расчет',
  CARD: 'Банковской картой',
};

export const ORDER_SORTS = ['CREATE_DATE', 'ORDER_NUMBER', 'STATUS', 'CLIENT', 'POSITION_COUNT', 'POSITION_SUM'] as const;

/** Dates in list filters travel as YYYY-MM-DD (the partner's calendar day, Moscow time); dd.MM.yyyy is accepted too. */
export const filterDate = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
    const ru = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(v);
    const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : ru ? [ru[3], ru[2], ru[1]] : [];
    const date = y ? new Date(`${y}-${m}-${d}T00:00:00Z`) : undefined;
    if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== `${y}-${m}-${d}`) {
      ctx.addIssue({ code: 'custom', message: 'Некорректная дата' });
      return z.NEVER;
    }
    return `${y}-${m}-${d}`;
  });

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** GET /v3/api/partner/orderlist/ query. Unknown or malformed values fall back to the defaults. */
export const orderListQuerySchema = z.object({
  sort: z.preprocess(emptyToUndefined, z.enum(ORDER_SORTS).catch('CREATE_DATE').default('CREATE_DATE')),
  order: z.preprocess(
    (v) => (typeof v === 'string' ? v.toUpperCase() : v),
    z.enum(['ASC', 'DESC']).catch('DESC').default('DESC'),
  ),
  limit: z.coerce
    .number()
    .int()
    .refine((n) => (LIMITS.pageSizeChoices as readonly number[]).includes(n))
    .catch(LIMITS.orderListPageSize)
    .default(LIMITS.orderListPageSize),
  offset: z.coerce.number().int().min(0).max(10_000_000).catch(0).default(0),
  date_start: z.preprocess(emptyToUndefined, filterDate.optional()),
  date_end: z.preprocess(emptyToUndefined, filterDate.optional()),
  query: z.preprocess(emptyToUndefined, z.string().trim().max(200).optional()),
  status: z.preprocess(emptyToUndefined, z.enum(ORDER_STATUSES).optional()),
  client_id: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().optional()),
  shop_id: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().optional()),
  action: z.preprocess(emptyToUndefined, z.enum(['export']).optional()),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

export interface OrderStatusRef {
  STATUS_CODE: OrderStatus;
  STATUS_NAME: string;
}

export interface PaymentTypeRef {
  CODE: PaymentType;
  NAME: string;
}

/** One row of the order list. Money is a decimal string; dates are Unix seconds. */
export interface OrderListItem {
  ID: number;
  ORDER_NUMBER: string;
  CREATE_DATE: number;
  STATUS: OrderStatusRef;
  CLIENT: { ID: number; NAME: string };
  SHOP: { ID: number; NAME: string };
  CONTACTS: { NAME: string | null; PHONE: string | null; MAIL: string | null };
  ADDRESS: string | null;
  PAYMENT_TYPE: PaymentTypeRef;
  CURRENCY: string;
  POSITION_COUNT: number;
  POSITION_SUM: string;
  CUR_POSITION_SUM: string;
  /** The shop's minimum order sum when the order was placed (shown in the client card's order list). */
  MIN_ORDER_SUM: string | null;
}

export interface OrderItem {
  ID: number;
  PRODUCT_ID: number;
  UP_CODE_1C: string;
  NAME: string;
  BUYING_PRICE: string;
  PRICE: string;
  QUANTITY: number;
  /** Stock the distributor holds now (all warehouses). */
  REMAIN: number;
  /** (PRICE − BUYING_PRICE) × QUANTITY */
  MARGIN: string;
  /** Quantity missing from stock: max(0, QUANTITY − REMAIN). */
  TO_ORDER: number;
  PREVIEW_PICTURE_PATH: string | null;
  DETAIL_PICTURE_PATH: string | null;
  CURRENCY: string;
  /** PRICE × QUANTITY in the order's currency. */
  CUR_SUM: string;
  SPECIAL: 'Y' | 'N';
}

export interface OrderHistoryEntry {
  ID: number;
  DATE: number;
  ACTION: string;
  /** Russian description of what happened. */
  TITLE: string;
  USER: { ID: number; NAME: string } | null;
  DETAILS: Record<string, unknown>;
}

/** GET /v3/api/partner/order/{id}/ (back-office.md §3 Order). */
export interface OrderCard extends OrderListItem {
  USER: { PHONE: string | null };
  TRADEPOINT: { ID: number; ADDRESS: { ADDRESS: string } } | null;
  MANAGER: { ID: number; NAME: string } | null;
  PAYMENT_TYPES: PaymentTypeRef[];
  ONLINE_PAY_STATUS: { CODE: string; TITLE: string } | null;
  CUR_POSITION_SUM: string;
  POSITION_MARGIN: string;
  CUR_POSITION_MARGIN: string;
  PRODUCTS: OrderItem[];
  PRODUCTS_SUM: string;
  OFFERS: { OFFER: { ID: number; NAME: string }; PRODUCT_ID: number }[];
  HAS_OFFER: 'Y' | 'N';
  DELIVERY_PRICE: string;
  TAX_TYPE: string;
  COMMENT: string | null;
  SHOP_COMMENT: string | null;
  NOTE: string | null;
  CANCEL_COMMENT: string | null;
  IS_LOYALTY: 'Y' | 'N';
  LOYALTY_SUM: string;
  RETURNED_BONUS: string;
  HISTORY_OPERATIONS: OrderHistoryEntry[];
  /** The actions the signed-in user may take on this order now. */
  ACTIONS: OrderAction[];
  /** The last basket message: sent, or the first error. */
  BASKET_MESSAGE: string | null;
}

/** POST /v3/api/partner/order/{id}/ `action` values. */
export const ORDER_ACTIONS = ['accept', 'complete', 'cancel', 'comment', 'note', 'export', 'loyalty_history'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number] | 'send_to_basket' | 'payment_type';

export const orderActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('accept') }),
  /** confirm_stock=Y: the user confirmed the goods are there although the distributor's stock looks short. */
  z.object({ action: z.literal('complete'), confirm_stock: z.enum(['Y', 'N']).default('N') }),
  z.object({ action: z.literal('cancel'), cancel_comment: z.string().trim().default('') }),
  z.object({ action: z.literal('comment'), shop_comment: z.string().default('') }),
  z.object({ action: z.literal('note'), note: z.string().default('') }),
  z.object({ action: z.literal('export') }),
  z.object({ action: z.literal('loyalty_history') }),
]);

/** POST /v3/api/partner/sendtorelef/: `orders` = "all" or a list of order ids; optional product ids and offers. */
export const sendToBasketSchema = z.object({
  orders: z.union([z.literal('all'), z.array(z.coerce.number().int().positive()).min(1).max(1000)]),
  products: z.array(z.coerce.number().int().positive()).max(5000).optional(),
  offers: z.array(z.coerce.number().int().positive()).max(100).optional(),
});

/** GET /v3/api/partner/sendtorelef/ */
export interface BasketAnswer {
  CNT: number;
  SUM: string;
  ITEMS: { PRODUCT_ID: number; UP_CODE_1C: string; NAME: string; QUANTITY: number; PRICE: string; SUM: string; ORDERS: string[] }[];
  ORDERS: { ID: number; ORDER_NUMBER: string }[];
}

export const ORDER_MSG = {
  accepted: 'Заказ принят',
  sentToBasket: 'Заказ отправлен в корзину РЦ',
  completed: 'Заказ исполнен. Клиент уведомлен по электронной почте',
  canceled: 'Заказ отменен. Клиент уведомлен по электронной почте',
  cancelReasonRequired: 'Укажите причину отмены заказа',
  noteTooLong: `Текст не должен превышать ${LIMITS.orderNoteMax} символов`,
  commentSaved: 'Комментарий сохранен',
  noteSaved: 'Заметка сохранена',
  illegalTransition: (status: string) => `Действие недоступно для заказа в статусе «${status}»`,
  nothingToSend: 'Нет заказов для отправки в корзину РЦ',
  paymentTypeNotAllowed: 'Этот способ оплаты недоступен в магазине',
  clientBlacklisted: 'Клиент находится в черном списке',
} as const;

/* ---------- added with the orders server (issue 3); the names above stay as they are ---------- */

/** More texts of the order actions (the ones above are unchanged). */
export const ORDER_ACTION_MSG = {
  notAcceptedYet: (orderNumber: string) => `Заказ ${orderNumber} еще не принят: сначала примите его, затем отправьте в корзину РЦ`,
  alreadyInBasket: (orderNumber: string) => `Заказ ${orderNumber} уже отправлен в корзину РЦ`,
  notSendable: (orderNumber: string, status: string) =>
    `Заказ ${orderNumber} в статусе «${status}» нельзя отправить в корзину РЦ`,
  /**
   * Completing confirms the goods are there (back-office.md §4 "Fulfil: all goods are in stock"); the distributor's
   * live stock may lag, so a shortage is a warning the user confirms (errors.stock), not a refusal.
   */
  stockShort: (lines: string[]) =>
    `По остаткам РЦ не хватает товара: ${lines.join('; ')}. Исполняя заказ, вы подтверждаете, что весь товар в наличии.`,
  stockShortLine: (code: string, need: number, have: number) => `${code} — нужно ${need}, есть ${have}`,
  completedNotNotified: 'Заказ исполнен. У клиента не указан адрес электронной почты, уведомление не отправлено',
  canceledNotNotified: 'Заказ отменен. У клиента не указан адрес электронной почты, уведомление не отправлено',
  paymentTypeNotChangeable: (status: string) => `Способ оплаты нельзя изменить у заказа в статусе «${status}»`,
  exported: 'Файл сформирован',
} as const;

/** Online payment status labels (ONLINE_PAY_STATUS.TITLE); an unknown code is shown as is. */
export const ONLINE_PAY_STATUS_LABEL: Record<string, string> = {
  NOT_PAID: 'Не оплачен',
  PENDING: 'Ожидает оплаты',
  PAID: 'Оплачен',
  REFUNDED: 'Возвращен',
  FAILED: 'Ошибка оплаты',
};

/** order_history.action values. */
export const ORDER_HISTORY_ACTIONS = [
  'CREATED', 'VIEWED', 'SENT_TO_BASKET', 'SEND_TO_BASKET_REFUSED', 'COMPLETED', 'CANCELED',
  'COMMENT', 'NOTE', 'PAYMENT_TYPE', 'EXPORT',
] as const;
export type OrderHistoryAction = (typeof ORDER_HISTORY_ACTIONS)[number];

export const ORDER_HISTORY_LABEL: Record<OrderHistoryAction, string> = {
  CREATED: 'Заказ оформлен',
  VIEWED: 'Заказ принят',
  SENT_TO_BASKET: 'Заказ отправлен в корзину РЦ',
  SEND_TO_BASKET_REFUSED: 'Отправка в корзину РЦ не выполнена',
  COMPLETED: 'Заказ исполнен',
  CANCELED: 'Заказ отменен',
  COMMENT: 'Изменен комментарий магазина',
  NOTE: 'Изменена заметка',
  PAYMENT_TYPE: 'Изменен способ оплаты',
  EXPORT: 'Заказ выгружен в Excel',
};

/** The Russian TITLE of a history entry (HISTORY_OPERATIONS[].TITLE): the label plus the details that matter. */
export function orderHistoryTitle(action: string, details: Record<string, unknown>): string {
  const label = ORDER_HISTORY_LABEL[action as OrderHistoryAction] ?? action;
  const text = (key: string) => (typeof details[key] === 'string' && details[key] ? (details[key] as string) : null);
  const paymentName = (key: string) => PAYMENT_TYPE_LABEL[text(key) as PaymentType] ?? text(key) ?? '—';
  switch (action) {
    case 'CANCELED':
      return text('comment') ? `${label}. Причина: ${text('comment')}` : label;
    case 'PAYMENT_TYPE':
      return `${label}: «${paymentName('old')}» → «${paymentName('new')}»`;
    case 'SEND_TO_BASKET_REFUSED':
      return text('error') ? `${label}: ${text('error')}` : label;
    case 'EXPORT':
      return text('file_name') ? `${label}: ${text('file_name')}` : label;
    default:
      return label;
  }
}

/** Column headers of the order list and the order export (the web's table may use them too). */
export const ORDER_FIELD_LABEL = {
  ORDER_NUMBER: 'Номер заказа',
  CREATE_DATE: 'Дата',
  STATUS: 'Статус',
  CLIENT: 'Клиент',
  CONTACT_NAME: 'Контактное лицо',
  CONTACT_PHONE: 'Телефон',
  CONTACT_MAIL: 'E-mail',
  ADDRESS: 'Адрес доставки',
  TRADEPOINT: 'Пункт самовывоза',
  PAYMENT_TYPE: 'Способ оплаты',
  CURRENCY: 'Валюта',
  POSITION_COUNT: 'Позиций',
  POSITION_SUM: 'Сумма, руб.',
  CUR_POSITION_SUM: 'Сумма в валюте заказа',
  POSITION_MARGIN: 'Маржа, руб.',
  DELIVERY_PRICE: 'Стоимость доставки',
  COMMENT: 'Комментарий клиента',
  SHOP_COMMENT: 'Комментарий магазина',
  CANCEL_COMMENT: 'Причина отмены',
  UP_CODE_1C: 'Код',
  NAME: 'Наименование',
  QUANTITY: 'Количество',
  BUYING_PRICE: 'Закупочная цена',
  PRICE: 'Цена',
  SUM: 'Сумма',
  MARGIN: 'Маржа',
  REMAIN: 'Остаток',
  TO_ORDER: 'Под заказ',
  TOTAL: 'Итого',
} as const;

/** Names of the .xlsx files the exports produce (FILENAME). */
export const ORDER_EXPORT_FILE = {
  listSheet: 'Заказы',
  orderSheet: 'Заказ',
  list: (day: string) => `Заказы ${day}.xlsx`,
  order: (orderNumber: string) => `Заказ ${orderNumber}.xlsx`,
} as const;

/** GET /v3/api/partner/orderlist/ */
export interface OrderListAnswer {
  ITEMS: OrderListItem[];
  NAV: { CNT: number; CNT_ALL: number; NEW_CNT: number };
  ENTITIES: { STATUS: Record<OrderStatus, string>; PAYMENT_TYPE: Record<PaymentType, string> };
}

/** action=export of the list or of one order: a stored .xlsx, downloadable at URL (GET, same token). */
export interface ExportAnswer {
  SUCCESS: 'Y';
  MESSAGE: string;
  FILENAME: string;
  URL: string;
}

/** GET or POST /v3/api/partner/order/{id}/?action=loyalty_history: ITEMS of this list, NAV { CNT, CNT_ALL }. */
export interface LoyaltyHistoryEntry {
  ID: number;
  TITLE: string;
  OPERATION: 'CREDIT' | 'DEBIT' | 'BURN' | 'RETURN' | 'PLUS' | 'MINUS';
  /** Points, signed (a write-off is negative), as a decimal string. */
  BONUS_CNT: string;
  COMMENT: string | null;
  DATE: number;
  DATE_BURN: number | null;
}

/** POST /v3/api/partner/payment/type/{orderId}/{paymentType}/ */
export interface PaymentTypeAnswer {
  SUCCESS: 'Y';
  PAYMENT_TYPE: PaymentTypeRef;
  MESSAGE: string;
}

/** POST /v3/api/partner/sendtorelef/ on success: the open basket's totals after the send (as GET answers them). */
export interface SendToBasketAnswer {
  SUCCESS: 'Y';
  MESSAGE: string;
  CNT: number;
  SUM: string;
}
