import Decimal from 'decimal.js';
import type { OrderStatus } from '@b2b/contracts/limits';
import { ORDER_STATUS_LABEL } from '@b2b/contracts/messages';
import { productPhotoPath } from '@b2b/contracts/routes/storefront';
import {
  ONLINE_PAY_STATUS_LABEL,
  orderHistoryTitle,
  PAYMENT_TYPE_LABEL,
  PAYMENT_TYPES,
  type OrderCard,
  type OrderHistoryEntry,
  type OrderItem,
  type OrderListItem,
  type OrderStatusRef,
  type PaymentType,
  type PaymentTypeRef,
} from '@b2b/contracts/orders';
import { toSeconds } from '@/http/envelope';
import { inOrderCurrency, money, sumOf } from './order-money';
import type { OrderListRow } from './list/order-list.repo';
import type { OrderHistoryRow, OrderItemRow, OrderRow } from './orders.repo';

/* The wire shapes of the orders area (packages/contracts/src/orders.ts) from repository rows. */

export interface ShopRef {
  partner_id: number;
  name: string;
  payment_types: string[];
}

export const statusRef = (status: OrderStatus): OrderStatusRef => ({ STATUS_CODE: status, STATUS_NAME: ORDER_STATUS_LABEL[status] });

export const paymentTypeRef = (code: PaymentType): PaymentTypeRef => ({ CODE: code, NAME: PAYMENT_TYPE_LABEL[code] });

/** The shop's enabled payment types, in the catalogue's order, unknown codes dropped. */
export const enabledPaymentTypes = (shop: { payment_types: string[] | null } | undefined | null): PaymentType[] =>
  PAYMENT_TYPES.filter((code) => (shop?.payment_types ?? []).includes(code));

export const personName = (name: string | null, surname: string | null) => [name, surname].filter(Boolean).join(' ').trim();

/** The list row's fields (the card starts from the same ones). */
type ListFields = Pick<
  OrderListRow,
  | 'id'
  | 'order_number'
  | 'created_at'
  | 'status'
  | 'client_id'
  | 'client_name'
  | 'contact_name'
  | 'contact_phone'
  | 'contact_email'
  | 'address'
  | 'payment_type'
  | 'currency'
  | 'currency_rate'
  | 'position_count'
  | 'position_sum'
  | 'min_order_sum'
> & {
  /** Σ quantity × cur_price of the order's lines: the goods in the order's currency, as the buyer was shown them. */
  cur_position_sum: string;
};

export function toListItem(row: ListFields, shop: Pick<ShopRef, 'name'> | undefined, partnerId: number): OrderListItem {
  return {
    ID: row.id,
    ORDER_NUMBER: row.order_number,
    CREATE_DATE: toSeconds(row.created_at)!,
    STATUS: statusRef(row.status),
    CLIENT: { ID: row.client_id, NAME: row.client_name },
    SHOP: { ID: partnerId, NAME: shop?.name ?? '' },
    CONTACTS: { NAME: row.contact_name, PHONE: row.contact_phone, MAIL: row.contact_email },
    ADDRESS: row.address,
    PAYMENT_TYPE: paymentTypeRef(row.payment_type),
    CURRENCY: row.currency,
    POSITION_COUNT: row.position_count,
    POSITION_SUM: money(row.position_sum),
    CUR_POSITION_SUM: money(row.cur_position_sum),
    MIN_ORDER_SUM: row.min_order_sum == null ? null : money(row.min_order_sum),
  };
}

/**
 * An order line. Its stored figures are roubles (price, buying_price: 4 decimals, summed before rounding); CUR_PRICE
 * and CUR_SUM are the price the buyer was shown, in the order's currency (issue 38.7).
 */
export function toOrderItem(row: OrderItemRow, currency: string): OrderItem {
  const remain = Number(row.remain ?? 0);
  return {
    ID: row.id,
    PRODUCT_ID: row.product_id,
    UP_CODE_1C: row.up_code_1c,
    NAME: row.name,
    BUYING_PRICE: money(row.buying_price),
    PRICE: money(row.price),
    QUANTITY: row.quantity,
    REMAIN: remain,
    MARGIN: money(new Decimal(row.price).minus(row.buying_price).mul(row.quantity)),
    TO_ORDER: Math.max(0, row.quantity - remain),
    // The photo route the shop shows too (issue 38.6): the catalogue's own picture paths name files nobody serves.
    PREVIEW_PICTURE_PATH: productPhotoPath(row.product_id),
    DETAIL_PICTURE_PATH: productPhotoPath(row.product_id),
    CURRENCY: currency,
    CUR_SUM: money(new Decimal(row.cur_price).mul(row.quantity)),
    CUR_PRICE: money(row.cur_price),
    SUM: money(new Decimal(row.price).mul(row.quantity)),
    SPECIAL: row.special ? 'Y' : 'N',
  };
}

export function toHistoryEntry(row: OrderHistoryRow): OrderHistoryEntry {
  const details = (row.details ?? {}) as Record<string, unknown>;
  return {
    ID: row.id,
    DATE: toSeconds(row.created_at)!,
    ACTION: row.action,
    TITLE: orderHistoryTitle(row.action, details),
    USER: row.user_id ? { ID: row.user_id, NAME: personName(row.user_name, row.user_surname) } : null,
    DETAILS: details,
  };
}

export interface CardParts {
  order: OrderRow;
  items: OrderItemRow[];
  history: OrderHistoryRow[];
  shop: ShopRef | undefined;
  actions: OrderCard['ACTIONS'];
  basketMessage: string | null;
}

export function toCard({ order, items, history, shop, actions, basketMessage }: CardParts): OrderCard {
  const products = items.map((i) => toOrderItem(i, order.currency));
  const curPositionSum = sumOf(items, (i) => new Decimal(i.cur_price).mul(i.quantity));
  const offers = items
    .filter((i) => i.offer_id != null)
    .map((i) => ({ OFFER: { ID: i.offer_id!, NAME: i.offer_name ?? '' }, PRODUCT_ID: i.product_id }));
  return {
    ...toListItem(
      { ...order, address: order.address ?? order.tradepoint_address, cur_position_sum: curPositionSum.toFixed(4) },
      shop,
      order.partner_id,
    ),
    USER: { PHONE: order.user_phone },
    TRADEPOINT: order.tradepoint_id ? { ID: order.tradepoint_id, ADDRESS: { ADDRESS: order.tradepoint_address ?? '' } } : null,
    MANAGER: order.manager_id ? { ID: order.manager_id, NAME: personName(order.manager_name, order.manager_surname) } : null,
    PAYMENT_TYPES: enabledPaymentTypes(shop).map(paymentTypeRef),
    ONLINE_PAY_STATUS: order.online_pay_status
      ? { CODE: order.online_pay_status, TITLE: ONLINE_PAY_STATUS_LABEL[order.online_pay_status] ?? order.online_pay_status }
      : null,
    POSITION_MARGIN: money(order.position_margin),
    // A margin has no shown price to sum: the roubles' margin converted once.
    CUR_POSITION_MARGIN: money(inOrderCurrency(order.position_margin, order.currency, order.currency_rate)),
    PRODUCTS: products,
    PRODUCTS_SUM: money(sumOf(items, (i) => new Decimal(i.price).mul(i.quantity))),
    OFFERS: offers,
    HAS_OFFER: offers.length ? 'Y' : 'N',
    DELIVERY_PRICE: money(order.delivery_price),
    DELIVERY_ZONE: order.delivery_zone_id == null ? null : { ID: Number(order.delivery_zone_id), NAME: order.delivery_zone_name ?? '' },
    DELIVERY_BY_AGREEMENT: order.delivery_by_agreement ? 'Y' : 'N',
    TAX_TYPE: order.tax_type,
    COMMENT: order.comment,
    SHOP_COMMENT: order.shop_comment,
    NOTE: order.note,
    CANCEL_COMMENT: order.cancel_comment,
    IS_LOYALTY: order.is_loyalty ? 'Y' : 'N',
    LOYALTY_SUM: money(order.loyalty_sum),
    RETURNED_BONUS: money(order.returned_bonus),
    HISTORY_OPERATIONS: history.map(toHistoryEntry),
    ACTIONS: actions,
    BASKET_MESSAGE: basketMessage,
  };
}
