import { z } from 'zod';
import { formId, formInt } from './numbers';
import { filterDate } from './dates';
import { actionDone, listOf, money, nav, seconds, yn } from './http/envelope';
import { LIMITS, ORDER_STATUSES } from './limits';
import { ORDER_MANAGER_MSG } from './messages';
import { ORDER_ROUTING_MSG } from './messages';
import { PAYMENT_TYPE_LABEL, PAYMENT_TYPES, type PaymentType } from './payment-types';

/*
 * Orders: the wire contract of /v3/api/partner/orderlist/, /partner/order/{id}/, /partner/sendtorelef/ and
 * /partner/payment/type/{orderId}/{paymentType}/ (back-office.md §3, §4, §7). Server and web both use it.
 */

export { PAYMENT_TYPE_LABEL, PAYMENT_TYPES, type PaymentType } from './payment-types';

export const ORDER_SORTS = ['CREATE_DATE', 'ORDER_NUMBER', 'STATUS', 'CLIENT', 'POSITION_COUNT', 'POSITION_SUM'] as const;

/** Dates in list filters travel as YYYY-MM-DD (the partner's calendar day, Moscow time); dd.MM.yyyy is accepted too. */
export { filterDate };

/** A list's page size: one of the spec's choices (12, 24, 36), else `fallback`. */
export const pageSizeParam = (fallback: number) =>
  formInt()
    .refine((n) => (LIMITS.pageSizeChoices as readonly number[]).includes(n))
    .catch(fallback)
    .default(fallback);

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** GET /v3/api/partner/orderlist/ query. Unknown or malformed values fall back to the defaults. */
export const orderListQuerySchema = z.object({
  sort: z.preprocess(emptyToUndefined, z.enum(ORDER_SORTS).catch('CREATE_DATE').default('CREATE_DATE')),
  order: z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(['ASC', 'DESC']).catch('DESC').default('DESC')),
  limit: pageSizeParam(LIMITS.orderListPageSize),
  offset: formInt({ min: 0, max: 10_000_000 }).catch(0).default(0),
  date_start: z.preprocess(emptyToUndefined, filterDate.optional()),
  date_end: z.preprocess(emptyToUndefined, filterDate.optional()),
  query: z.preprocess(emptyToUndefined, z.string().trim().max(200).optional()),
  status: z.preprocess(emptyToUndefined, z.enum(ORDER_STATUSES).optional()),
  client_id: z.preprocess(emptyToUndefined, formId().optional()),
  shop_id: z.preprocess(emptyToUndefined, formId().optional()),
  action: z.preprocess(emptyToUndefined, z.enum(['export']).optional()),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

/* ---------- answers: one zod schema each, its type inferred (the server serialises through them) ---------- */

/** POST /v3/api/partner/order/{id}/ `action` values. */
export const ORDER_ACTIONS = ['accept', 'complete', 'cancel', 'comment', 'note', 'export', 'loyalty_history', 'bonus_return', 'manager'] as const;
/** What a user may do with an order (the card's ACTIONS): the route's actions, the basket send and the payment type. */
export const orderAction = z.enum([...ORDER_ACTIONS, 'send_to_basket', 'payment_type']);
export type OrderAction = z.infer<typeof orderAction>;

const rowId = z.number().int();
const idName = z.object({ ID: rowId, NAME: z.string() });
const nullableText = z.string().nullable();

export const orderStatusRef = z.object({ STATUS_CODE: z.enum(ORDER_STATUSES), STATUS_NAME: z.string() });
export type OrderStatusRef = z.infer<typeof orderStatusRef>;

export const paymentTypeRef = z.object({ CODE: z.enum(PAYMENT_TYPES), NAME: z.string() });
export type PaymentTypeRef = z.infer<typeof paymentTypeRef>;

/** One row of the order list. Money is a decimal string; dates are Unix seconds. */
export const orderListItem = z.object({
  ID: rowId,
  ORDER_NUMBER: z.string(),
  CREATE_DATE: seconds,
  STATUS: orderStatusRef,
  CLIENT: idName,
  SHOP: idName,
  CONTACTS: z.object({ NAME: nullableText, PHONE: nullableText, MAIL: nullableText }),
  ADDRESS: nullableText,
  PAYMENT_TYPE: paymentTypeRef,
  CURRENCY: z.string(),
  POSITION_COUNT: z.number().int(),
  POSITION_SUM: money,
  CUR_POSITION_SUM: money,
  /** The shop's minimum order sum when the order was placed (shown in the client card's order list). */
  MIN_ORDER_SUM: money.nullable(),
});
export type OrderListItem = z.infer<typeof orderListItem>;

export const orderItem = z.object({
  ID: rowId,
  PRODUCT_ID: rowId,
  UP_CODE_1C: z.string(),
  NAME: z.string(),
  BUYING_PRICE: money,
  PRICE: money,
  QUANTITY: z.number().int(),
  /** Stock the distributor holds now (all warehouses). */
  REMAIN: z.number().int(),
  /** (PRICE − BUYING_PRICE) × QUANTITY */
  MARGIN: money,
  /** Quantity missing from stock: max(0, QUANTITY − REMAIN). */
  TO_ORDER: z.number().int(),
  PREVIEW_PICTURE_PATH: nullableText,
  DETAIL_PICTURE_PATH: nullableText,
  CURRENCY: z.string(),
  /** PRICE × QUANTITY in the order's currency: QUANTITY × CUR_PRICE, the price the buyer was shown (issue 38.7). */
  CUR_SUM: money,
  /** The price the buyer was shown and agreed to, in the order's currency (PRICE is its roubles). */
  CUR_PRICE: money,
  /** PRICE × QUANTITY in roubles, exact from the stored 4-decimal price (not the shown PRICE × QUANTITY). */
  SUM: money,
  SPECIAL: yn,
});
export type OrderItem = z.infer<typeof orderItem>;

export const orderHistoryEntry = z.object({
  ID: rowId,
  DATE: seconds,
  ACTION: z.string(),
  /** Russian description of what happened. */
  TITLE: z.string(),
  USER: idName.nullable(),
  DETAILS: z.record(z.string(), z.unknown()),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntry>;

/** GET /v3/api/partner/order/{id}/ (back-office.md §3 Order). */
export const orderCard = orderListItem.extend({
  USER: z.object({ PHONE: nullableText }),
  TRADEPOINT: z.object({ ID: rowId, ADDRESS: z.object({ ADDRESS: z.string() }) }).nullable(),
  /** The partner employee responsible for the order (action=manager sets it); null: nobody yet. */
  MANAGER: idName.nullable(),
  /** The partner's active staff the responsible employee is chosen from: only for a user who may set it (editOrders). */
  MANAGERS: z.array(idName).optional(),
  PAYMENT_TYPES: z.array(paymentTypeRef),
  ONLINE_PAY_STATUS: z.object({ CODE: z.string(), TITLE: z.string() }).nullable(),
  POSITION_MARGIN: money,
  CUR_POSITION_MARGIN: money,
  PRODUCTS: z.array(orderItem),
  PRODUCTS_SUM: money,
  OFFERS: z.array(z.object({ OFFER: idName, PRODUCT_ID: rowId })),
  HAS_OFFER: yn,
  DELIVERY_PRICE: money,
  /** The delivery zone the buyer chose (its name at that moment), and whether its delivery price is to be agreed. */
  DELIVERY_ZONE: z.object({ ID: rowId, NAME: z.string() }).nullable(),
  DELIVERY_BY_AGREEMENT: yn,
  TAX_TYPE: z.string(),
  COMMENT: nullableText,
  SHOP_COMMENT: nullableText,
  NOTE: nullableText,
  CANCEL_COMMENT: nullableText,
  IS_LOYALTY: yn,
  LOYALTY_SUM: money,
  RETURNED_BONUS: money,
  HISTORY_OPERATIONS: z.array(orderHistoryEntry),
  /** The actions the signed-in user may take on this order now. */
  ACTIONS: z.array(orderAction),
  /** The last basket message: sent, or the first error. */
  BASKET_MESSAGE: nullableText,
});
export type OrderCard = z.infer<typeof orderCard>;

/** GET /v3/api/partner/orderlist/ */
export const orderListAnswer = listOf(
  orderListItem,
  z.object({ STATUS: z.record(z.enum(ORDER_STATUSES), z.string()), PAYMENT_TYPE: z.record(z.enum(PAYMENT_TYPES), z.string()) }),
).extend({
  NAV: nav.extend({
    NEW_CNT: z.number().int(),
    /** 'Y' when a text search matched more than CNT orders: CNT is the limit, the user narrows the query. */
    CNT_MORE: z.enum(['Y']).optional(),
  }),
});
export type OrderListAnswer = z.infer<typeof orderListAnswer>;

/** action=export of the list or of one order: a stored .xlsx, downloadable at URL (GET, same token). */
/** An order or order-list export: the one export answer of every area. */
export { exportDone as exportAnswer, type ExportDone as ExportAnswer } from './http/envelope';

/** GET or POST /v3/api/partner/order/{id}/?action=loyalty_history: ITEMS of this list, NAV { CNT, CNT_ALL }. */
export const loyaltyHistoryEntry = z.object({
  ID: rowId,
  TITLE: z.string(),
  OPERATION: z.enum(['CREDIT', 'DEBIT', 'BURN', 'RETURN', 'PLUS', 'MINUS']),
  /** Points, signed (a write-off is negative), as a decimal string. */
  BONUS_CNT: z.string(),
  COMMENT: nullableText,
  DATE: seconds,
  DATE_BURN: seconds.nullable(),
});
export type LoyaltyHistoryEntry = z.infer<typeof loyaltyHistoryEntry>;
export const loyaltyHistoryAnswer = listOf(loyaltyHistoryEntry);

/** A status or text action done: the new status (accept, complete, cancel) or the saved text (comment, note). */
export const orderChangeDone = actionDone({
  STATUS: orderStatusRef.optional(),
  SHOP_COMMENT: nullableText.optional(),
  NOTE: nullableText.optional(),
  /** action=bonus_return: the points given back to the client in all. */
  RETURNED_BONUS: z.string().optional(),
  /** action=manager: the responsible employee now (null: cleared). */
  MANAGER: idName.nullable().optional(),
});
export type OrderChangeDone = z.infer<typeof orderChangeDone>;

/** POST /v3/api/partner/payment/type/{orderId}/{paymentType}/ */
export const paymentTypeAnswer = actionDone({ PAYMENT_TYPE: paymentTypeRef }).extend({ MESSAGE: z.string() });
export type PaymentTypeAnswer = z.infer<typeof paymentTypeAnswer>;

/**
 * GET /v3/api/partner/sendtorelef/: the open basket's totals, CNT distinct products and SUM = Σ quantity × purchase
 * price (the spec answers only these: a large supplier's basket holds thousands of orders).
 */
export const basketAnswer = z.object({ CNT: z.number().int(), SUM: money });
export type BasketAnswer = z.infer<typeof basketAnswer>;

/** POST /v3/api/partner/sendtorelef/ on success: the open basket's totals after the send (as GET answers them). */
export const sendToBasketAnswer = actionDone(basketAnswer.shape).extend({ MESSAGE: z.string() });
export type SendToBasketAnswer = z.infer<typeof sendToBasketAnswer>;

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
  notSendable: (orderNumber: string, status: string) => `Заказ ${orderNumber} в статусе «${status}» нельзя отправить в корзину РЦ`,
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

/* ---------- requests of the card, the actions and the basket (their routes: routes/orders.ts) ---------- */

/** GET /v3/api/partner/order/{id}/ query: the card, or one of the actions that only read. */
export const orderCardQuerySchema = z.object({
  action: z.preprocess(emptyToUndefined, z.enum(['export', 'loyalty_history']).optional()),
});

/** Characters as the user counts them (an emoji is one), for the text limits. */
const charCount = (text: string) => [...text].length;

/** A shop comment or note: at most LIMITS.orderNoteMax characters; empty clears it. */
export const orderTextSchema = z.string().refine((text) => charCount(text) <= LIMITS.orderNoteMax, ORDER_MSG.noteTooLong);

/** A cancel reason: required (blank is none), at most LIMITS.orderNoteMax characters; stored trimmed. */
export const cancelReasonSchema = z
  .string()
  .trim()
  .min(1, ORDER_MSG.cancelReasonRequired)
  .refine((text) => charCount(text) <= LIMITS.orderNoteMax, ORDER_MSG.noteTooLong);

/**
 * POST /v3/api/partner/order/{id}/ body. An unknown action is a 400; the texts are checked against
 * cancelReasonSchema and orderTextSchema by the action, which answers SUCCESS=N with the field's message.
 */
export const orderActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('accept') }),
  /** confirm_stock=Y: the user confirmed the goods are there although the distributor's stock looks short. */
  z.object({ action: z.literal('complete'), confirm_stock: yn.default('N') }),
  z.object({ action: z.literal('cancel'), cancel_comment: z.string().default('') }),
  z.object({ action: z.literal('comment'), shop_comment: z.string().default('') }),
  z.object({ action: z.literal('note'), note: z.string().default('') }),
  z.object({ action: z.literal('export') }),
  z.object({ action: z.literal('loyalty_history') }),
  /** The points the order was paid with go back to the client, once (the loyalty ledger's RETURN). */
  z.object({ action: z.literal('bonus_return') }),
  /** The responsible employee: one of the partner's active staff (the card's MANAGERS), empty clears it; checked by the action. */
  z.object({ action: z.literal('manager'), manager_id: z.string().default('') }),
]);
export type OrderActionInput = z.input<typeof orderActionSchema>;

/** Whatever is wrong with the orders to send, the form answers this one message. */
const nothingToSend = { error: ORDER_MSG.nothingToSend };
const positiveIds = (max: number, params?: typeof nothingToSend) => z.array(formId(params?.error), params).max(max, params);

/**
 * POST /v3/api/partner/sendtorelef/: `orders` = "all", a list of order ids (orders[0]=…) or one id; optionally
 * the product ids to send of those orders and the offers whose items go.
 */
export const sendToBasketSchema = z.object({
  orders: z.preprocess(
    (v) => (typeof v === 'string' && v !== 'all' ? [v] : v),
    z.union([z.literal('all', nothingToSend), positiveIds(1000, nothingToSend).min(1, nothingToSend)], nothingToSend),
  ),
  products: positiveIds(5000).optional(),
  offers: positiveIds(100).optional(),
});
export type SendToBasketInput = z.infer<typeof sendToBasketSchema>;

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
  'CREATED',
  'VIEWED',
  'SENT_TO_BASKET',
  'SEND_TO_BASKET_REFUSED',
  'COMPLETED',
  'CANCELED',
  'COMMENT',
  'NOTE',
  'PAYMENT_TYPE',
  'EXPORT',
  'MANAGER',
  // The manager routed the order to another partner (issue 39 §1): the source's tombstone, the target's new order.
  'ROUTED_OUT',
  'ROUTED_IN',
  // 1C's payment of the order came in (issue 41): online_pay_status PAID.
  'PAID',
] as const;
export type OrderHistoryAction = (typeof ORDER_HISTORY_ACTIONS)[number];

export const ORDER_HISTORY_LABEL: Record<OrderHistoryAction, string> = {
  CREATED: 'Заказ оформлен',
  VIEWED: 'Заказ принят',
  SENT_TO_BASKET: ORDER_MSG.sentToBasket,
  SEND_TO_BASKET_REFUSED: 'Отправка в корзину РЦ не выполнена',
  COMPLETED: 'Заказ исполнен',
  CANCELED: 'Заказ отменен',
  COMMENT: 'Изменен комментарий магазина',
  NOTE: 'Изменена заметка',
  PAYMENT_TYPE: 'Изменен способ оплаты',
  EXPORT: 'Заказ выгружен в Excel',
  MANAGER: 'Ответственный',
  ROUTED_OUT: 'Заказ передан другому партнеру',
  ROUTED_IN: 'Заказ получен от другого партнера',
  PAID: 'Заказ оплачен',
};

/** The Russian TITLE of a history entry (HISTORY_OPERATIONS[].TITLE): the label plus the details that matter. */
export function orderHistoryTitle(action: string, details: Record<string, unknown>): string {
  const title = historyTitle(action, details);
  // A change made by no user but by the partner's 1C exchange says so (details.via «Обмен с 1С»).
  return typeof details.via === 'string' && details.via ? `${title} (${details.via})` : title;
}

function historyTitle(action: string, details: Record<string, unknown>): string {
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
    case 'ROUTED_OUT':
      return text('partner') ? ORDER_ROUTING_MSG.historyOut(text('partner')!) : label;
    case 'ROUTED_IN':
      return text('partner') ? ORDER_ROUTING_MSG.historyIn(text('partner')!, text('manager') ?? '—') : label;
    case 'MANAGER':
      return `${label}: ${text('new_name') ?? ORDER_MANAGER_MSG.none}`;
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
  DELIVERY_ZONE: 'Зона доставки',
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
