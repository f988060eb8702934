import Decimal from 'decimal.js';
import type { OrderStatus } from '@b2b/contracts/limits';
import { ORDER_STATUS_LABEL } from '@b2b/contracts/messages';
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
import type { OrderListRow } from './order-list.repo';
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
  | 'id' | 'order_number' | 'created_at' | 'status' | 'client_id' | 'client_name' | 'contact_name' | 'contact_phone'
  | 'contact_email' | 'address' | 'payment_type' | 'currency' | 'currency_rate' | 'position_count' | 'position_sum' | 'min_order_sum'
>;

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
    CUR_POSITION_SUM: money(inOrderCurrency(row.position_sum, row.currency, row.currency_rate)),
    MIN_ORDER_SUM: row.min_order_sum == null ? null : money(row.min_order_sum),
  };
}

export function toOrderItem(row: OrderItemRow, currency: string, rate: string): OrderItem {
  const remain = Number(row.remain ?? 0);
  const sum = new Decimal(row.price).mul(row.quantity);
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
    PREVIEW_PICTURE_PATH: row.preview_picture,
    DETAIL_PICTURE_PATH: row.detail_picture,
    CURRENCY: currency,
    CUR_SUM: money(inOrderCurrency(sum, currency, rate)),
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
  const cur = (value: Decimal.Value) => money(inOrderCurrency(value, order.currency, order.currency_rate));
  const products = items.map((i) => toOrderItem(i, order.currency, order.currency_rate));
  const offers = items
    .filter((i) => i.offer_id != null)
    .map((i) => ({ OFFER: { ID: i.offer_id!, NAME: i.offer_name ?? '' }, PRODUCT_ID: i.product_id }));
  return {
    ...toListItem({ ...order, address: order.address ?? order.tradepoint_address }, shop, order.partner_id),
    USER: { PHONE: order.user_phone },
    TRADEPOINT: order.tradepoint_id ? { ID: order.tradepoint_id, ADDRESS: { ADDRESS: order.tradepoint_address ?? '' } } : null,
    MANAGER: order.manager_id ? { ID: order.manager_id, NAME: personName(order.manager_name, order.manager_surname) } : null,
    PAYMENT_TYPES: enabledPaymentTypes(shop).map(paymentTypeRef),
    ONLINE_PAY_STATUS: order.online_pay_status
      ? { CODE: order.online_pay_status, TITLE: ONLINE_PAY_STATUS_LABEL[order.online_pay_status] ?? order.online_pay_status }
      : null,
    POSITION_MARGIN: money(order.position_margin),
    CUR_POSITION_MARGIN: cur(order.position_margin),
    PRODUCTS: products,
    PRODUCTS_SUM: money(sumOf(items, (i) => new Decimal(i.price).mul(i.quantity))),
    OFFERS: offers,
    HAS_OFFER: offers.length ? 'Y' : 'N',
    DELIVERY_PRICE: money(order.delivery_price),
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
