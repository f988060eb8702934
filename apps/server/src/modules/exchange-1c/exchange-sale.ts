import Decimal from 'decimal.js';
import { EXCHANGE_1C_LIMITS } from '@b2b/contracts/exchange-1c';
import type { OrderStatus } from '@b2b/contracts/limits';
import { ORDER_STATUS_LABEL } from '@b2b/contracts/messages';
import { PAYMENT_TYPE_LABEL, type PaymentType } from '@b2b/contracts/payment-types';
import type { Db } from '@/db/database';
import { partnerTimeZone } from '@/files/shop-time-zone';
// The order's money rule, pure arithmetic (a delivery price in the order's currency), borrowed as the order card reads it.
// eslint-disable-next-line no-restricted-imports
import { inOrderCurrency, money } from '../orders/order-money';
import { encodeText, type ExchangeCharset } from './commerceml/windows-1251';
import { deliveryLineName, writeOrders, type SaleOrderOut } from './commerceml/write-orders';
import { exchangeOrdersRepo, type OrderLineToSendRow, type OrderToSendRow } from './exchange-orders.repo';

/*
 * 1C's sale query (issue 41): `type=sale&mode=query` answers the orders 1C has not taken as a CommerceML document and
 * records them as sent by the session; `mode=success` marks what the session was sent as taken. An order changed after
 * 1C took it is sent again; a query not followed by success sends the same orders again.
 */

export interface ExchangeSaleDeps {
  /** Orders one query sends (EXCHANGE_1C_LIMITS.ordersPerQuery); the rest go in the next exchange. */
  ordersPerQuery?: number;
  now?: () => Date;
}

/**
 * A decimal as 1C reads money: a point, at least two decimals, at most four. The database's numeric(18,4) texts
 * ("856.6800") only lose trailing zeros; another value goes through a decimal.
 */
const amount = (value: Decimal.Value) => {
  if (typeof value === 'string' && /^\d+\.\d{4}$/.test(value)) return value.replace(/(\.\d\d\d*?)0*$/, '$1');
  const d = new Decimal(value);
  return d.toFixed(Math.min(4, Math.max(2, d.decimalPlaces())));
};

/** An ИНН 1C can match a counterparty by (10 or 12 digits), else none: 1C then matches by name. */
const innOf = (inn: string | null) => {
  const digits = inn?.replace(/\s/g, '') ?? '';
  return /^(\d{10}|\d{12})$/.test(digits) ? digits : null;
};

/** Курс: roubles per unit of the order's currency; 1 for roubles (and for a rate never set). */
const rateOf = (o: OrderToSendRow) => (o.currency === 'RUB' || !(Number(o.currency_rate) > 0) ? '1' : new Decimal(o.currency_rate).toFixed());

/**
 * An order as 1C is sent it: the buyer's figures, in the order's currency (the prices the buyer was shown,
 * order_items.cur_price); delivery, priced in roubles, converted once, to kopecks, as the shop shows it.
 */
export function toSaleOrder(o: OrderToSendRow, lines: OrderLineToSendRow[]): SaleOrderOut {
  const goods = new Decimal(lines[0]?.goods ?? 0);
  const deliveryPrice = new Decimal(money(inOrderCurrency(o.delivery_price, o.currency, o.currency_rate)));
  return {
    id: o.id,
    number: o.order_number,
    createdAt: o.created_at,
    currency: o.currency,
    rate: rateOf(o),
    total: amount(goods.plus(deliveryPrice)),
    status: o.status,
    statusName: ORDER_STATUS_LABEL[o.status as OrderStatus] ?? o.status,
    statusChangedAt: o.status_at,
    paymentTypeName: PAYMENT_TYPE_LABEL[o.payment_type as PaymentType] ?? o.payment_type,
    paid: o.online_pay_status === 'PAID',
    comment: o.comment,
    canceled: o.status === 'CANCELED',
    cancelReason: o.cancel_comment,
    deliveryAddress: o.delivery_address,
    client: {
      id: o.client_id,
      name: o.client_name,
      inn: innOf(o.client_inn),
      kpp: null,
      address: o.client_address,
      contactName: o.contact_name,
      phone: o.client_phone ?? o.contact_phone,
      email: o.client_email ?? o.contact_email,
    },
    lines: lines.map((l) => ({
      id: l.ext_id ?? l.up_code_1c.trim(),
      article: l.up_code_1c.trim(),
      name: l.name,
      quantity: l.quantity,
      price: amount(l.cur_price),
      sum: amount(l.sum),
      gift: Number(l.cur_price) === 0,
    })),
    delivery: deliveryPrice.gt(0) ? { name: deliveryLineName(o.delivery_zone_name), price: amount(deliveryPrice) } : null,
  };
}

export function exchangeSale(db: Db, deps: ExchangeSaleDeps = {}) {
  const repo = exchangeOrdersRepo(db);
  const limit = deps.ordersPerQuery ?? EXCHANGE_1C_LIMITS.ordersPerQuery;
  const now = deps.now ?? (() => new Date());

  return {
    /** mode=query: the document of the orders to send, in the charset asked, and how many it holds. */
    async saleQuery(partnerId: number, sessionId: number, charset: ExchangeCharset): Promise<{ body: Buffer; orders: number }> {
      const orders = await repo.ordersToSend(partnerId, limit);
      const lines = await repo.linesOf(
        partnerId,
        orders.map((o) => o.id),
      );
      const byOrder = new Map<number, OrderLineToSendRow[]>();
      for (const l of lines) {
        const list = byOrder.get(l.order_id);
        if (list) list.push(l);
        else byOrder.set(l.order_id, [l]);
      }
      const timeZone = await partnerTimeZone(db, partnerId);
      const text = writeOrders(
        orders.map((o) => toSaleOrder(o, byOrder.get(o.id) ?? [])),
        { timeZone, at: now(), charset },
      );
      await repo.markSent(partnerId, sessionId, orders);
      return { body: encodeText(text, charset), orders: orders.length };
    },

    /** mode=success: the orders this session was sent are taken; answers how many. */
    saleSuccess(partnerId: number, sessionId: number): Promise<number> {
      return repo.markTaken(partnerId, sessionId);
    },
  };
}
