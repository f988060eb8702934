import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { z } from 'zod';
import { ORDER_STATUS_LABEL } from '@b2b/contracts/messages';
import { LIMITS } from '@b2b/contracts/limits';
import { ORDER_MSG } from '@b2b/contracts/orders';
import { PAYMENT_TYPE_LABEL, type PaymentType } from '@b2b/contracts/payment-types';
import { STOREFRONT_MSG, type CheckoutAnswer, type DeliveryChoice, type orderBody } from '@b2b/contracts/storefront';
import type { GeocoderPlace } from '@b2b/contracts/tradepoint-wire';
import type { Db } from '@/db/database';
import { notFound } from '@/http/app-error';
import { failed, ok, toSeconds, yn } from '@/http/envelope';
import type { Mailer } from '@/mail/mailer';
import { orderPlacedMail, orderReceivedMail } from '@/mail/templates/order-mails';
import { dateTimeText } from '@/files/shop-time-zone';
import { formatPhone } from '@b2b/contracts/phone-format';
import { MSG } from '@b2b/contracts/messages';
import type { DeliveryZonesService } from '../delivery/delivery-zones.service';
import type { LoyaltyPointsService } from '../loyalty/loyalty-points.service';
import type { OffersService } from '../offers/offers.service';
import type { OrdersService } from '../orders/orders.service';
import type { PricedDelivery } from './basket-delivery';
import { overCap, type ShopBasketService, type ShopTerms } from './shop-basket.service';
import type { Buyer } from './shop-catalog.service';

/*
 * Checkout and the buyer's orders (issue 13.4–5). An order is the basket priced at that moment by the price engine,
 * written by the orders module in one transaction with the basket emptied and the mails queued (to the buyer, and to
 * the shop's notification addresses when its checkbox is on). Borrowed read-only: shops, tradepoints, clients, users
 * (modules shop, tradepoints, clients, auth), orders and order_items for the buyer's own history (module orders).
 */

type Body = z.output<typeof orderBody>;

export function shopCheckoutService(
  db: Db,
  deps: {
    basket: ShopBasketService;
    mailer: Mailer;
    orders: OrdersService;
    offers: Pick<OffersService, 'claimForOrder'>;
    loyalty: Pick<LoyaltyPointsService, 'isMember'>;
    /** Where configured, a delivery address is geocoded and its zone found by the zones' outlines. */
    geocoder: { readonly configured: boolean; search(address: string): Promise<GeocoderPlace[]> };
    zones: Pick<DeliveryZonesService, 'zoneAt'>;
  },
) {
  const shopOf = (partnerId: number) =>
    db
      .selectFrom('shops')
      .select([
        'name',
        'payment_types',
        'selfdelivery_only',
        'about_delivery',
        'about_payment',
        'notify_emails',
        'notify_checkbox',
        'tax_type',
        'currency',
        'currency_rate',
        'time_zone',
      ])
      .where('partner_id', '=', partnerId)
      .executeTakeFirstOrThrow();
  const tradepointsOf = (partnerId: number) =>
    db
      .selectFrom('tradepoints')
      .select(['id', 'address', 'is_base'])
      .where('partner_id', '=', partnerId)
      .orderBy('is_base', 'desc')
      .orderBy('id')
      .execute();
  const buyerOf = (buyer: Buyer) =>
    db
      .selectFrom('clients as c')
      .innerJoin('users as u', (j) => j.onRef('u.partner_id', '=', 'c.partner_id').onRef('u.client_id', '=', 'c.id'))
      .select(['c.name as client', 'c.address', 'c.blacklisted', 'c.phone as client_phone', 'u.name', 'u.surname', 'u.phone', 'u.email'])
      .where('c.partner_id', '=', buyer.partnerId)
      .where('c.id', '=', buyer.clientId)
      .where('u.id', '=', buyer.id)
      .executeTakeFirstOrThrow();

  /**
   * Why a delivery cannot go to the zone chosen: none chosen where the shop has zones, not the shop's zone, outside
   * the zones where the shop does not allow it; where a geocoder is configured and zones have outlines, the address
   * must lie in the zone chosen (or outside them all, chosen as such). A provider that fails leaves the choice as is.
   */
  async function zoneError(terms: ShopTerms, delivery: PricedDelivery, address: string): Promise<Record<string, string> | undefined> {
    if (delivery.unknownZone) return { delivery_zone_id: STOREFRONT_MSG.zoneUnknown };
    if (delivery.outsideRefused) return { delivery_zone_id: STOREFRONT_MSG.outsideNotAllowed };
    if (delivery.needsZone) return { delivery_zone_id: STOREFRONT_MSG.zoneRequired };
    if (!deps.geocoder.configured || !terms.zones.some((z) => z.polygon) || !address) return undefined;
    let places;
    try {
      places = await deps.geocoder.search(address);
    } catch {
      return undefined;
    }
    if (!places.length) return { address: STOREFRONT_MSG.addressNotFound };
    const at = deps.zones.zoneAt(terms.zones, [Number(places[0].LATITUDE), Number(places[0].LONGITUDE)]);
    if (at) return at.id === delivery.zone?.id ? undefined : { delivery_zone_id: STOREFRONT_MSG.zoneOfAddress(at.name) };
    if (!terms.outsideZones) return { address: STOREFRONT_MSG.outsideZones };
    return delivery.byAgreement ? undefined : { delivery_zone_id: STOREFRONT_MSG.outsideByAgreement };
  }

  return {
    async options(buyer: Buyer, choice: DeliveryChoice = {}): Promise<CheckoutAnswer> {
      const [shop, tradepoints, who, basket] = await Promise.all([
        shopOf(buyer.partnerId),
        tradepointsOf(buyer.partnerId),
        buyerOf(buyer),
        deps.basket.view(buyer, choice),
      ]);
      return {
        PAYMENT_TYPES: (shop.payment_types as PaymentType[]).map((id) => ({ ID: id, NAME: PAYMENT_TYPE_LABEL[id] })),
        TRADEPOINTS: tradepoints.map((t) => ({ ID: Number(t.id), ADDRESS: t.address, BASE: yn(t.is_base) })),
        SELFDELIVERY_ONLY: yn(shop.selfdelivery_only),
        ABOUT_DELIVERY: shop.about_delivery,
        ABOUT_PAYMENT: shop.about_payment,
        CONTACT: {
          NAME: [who.name, who.surname].filter(Boolean).join(' '),
          PHONE: who.phone ?? who.client_phone ?? '',
          EMAIL: who.email ?? '',
          ADDRESS: who.address ?? '',
        },
        GEOCODER: yn(deps.geocoder.configured),
        BASKET: basket,
      };
    },

    async place(buyer: Buyer, body: Body) {
      const [shop, tradepoints, who] = await Promise.all([shopOf(buyer.partnerId), tradepointsOf(buyer.partnerId), buyerOf(buyer)]);
      if (who.blacklisted) return failed({ order: ORDER_MSG.clientBlacklisted });
      const errors: Record<string, string> = {};
      if (!(shop.payment_types as string[]).includes(body.payment_type)) errors.payment_type = STOREFRONT_MSG.paymentTypeRequired;
      if (body.delivery === 'DELIVERY' && shop.selfdelivery_only) errors.delivery = STOREFRONT_MSG.selfdeliveryOnly;
      if (body.delivery === 'DELIVERY' && !body.address) errors.address = STOREFRONT_MSG.addressRequired;
      if (body.delivery === 'PICKUP' && !tradepoints.some((t) => Number(t.id) === body.tradepoint_id))
        errors.tradepoint_id = STOREFRONT_MSG.tradepointRequired;
      if (!body.contact_name || !body.contact_phone) errors.contact_name = STOREFRONT_MSG.contactRequired;
      const delivering = body.delivery === 'DELIVERY';
      if (Object.keys(errors).length) return failed(errors);

      // Priced before the transaction (the embedded database has one connection: inside it only `trx` may be used).
      const { answer, items, sum, rubSum, terms, delivery, currency, rate } = await deps.basket.priced(
        buyer,
        delivering ? { delivery_zone_id: body.delivery_zone_id, outside_zone: body.outside_zone } : {},
      );
      if (delivering) {
        const refused = await zoneError(terms, delivery, body.address ?? '');
        if (refused) return failed(refused);
      }
      if (body.expected_sum !== undefined && !sum.eq(body.expected_sum)) return failed({ basket: STOREFRONT_MSG.pricesChanged });
      const deliveryRubles = delivering ? delivery.rubles : new Decimal(0);
      // The order's total in roubles (with the delivery it pays for) stays below the cap; the orders table's CHECK is the last guard.
      if (overCap(rubSum.plus(deliveryRubles))) return failed({ basket: STOREFRONT_MSG.orderTotalMax(LIMITS.moneyMax) });
      const isLoyalty = await deps.loyalty.isMember(buyer.partnerId, buyer.clientId);
      const placed = await db.transaction().execute(async (trx) => {
        // The basket is read and emptied under its lock: a double click places one order.
        await sql`select pg_advisory_xact_lock(${buyer.partnerId}::int, hashtext(${`basket:${buyer.clientId}`}))`.execute(trx);
        const stored = await deps.basket.lines(trx, buyer);
        if (!stored.length) return { refused: STOREFRONT_MSG.basketEmpty };
        if (answer.CAN_ORDER !== 'Y') return { refused: answer.MESSAGE ?? STOREFRONT_MSG.basketEmpty };
        const same =
          stored.length === items.length && stored.every((l) => items.some((i) => i.item.ID === Number(l.product_id) && i.quantity === l.quantity));
        if (!same) return { refused: STOREFRONT_MSG.basketChanged };
        // The offers the order uses are counted against their limits under their row locks (gift thresholds are roubles).
        const claimed = await deps.offers.claimForOrder(trx, buyer.partnerId, {
          promoOfferIds: items.flatMap((i) => (i.price.offer ? [i.price.offer.id] : [])),
          sum: rubSum,
        });
        if ('ended' in claimed) return { refused: STOREFRONT_MSG.offerEnded };
        const order = await deps.orders.place(trx, {
          partnerId: buyer.partnerId,
          clientId: buyer.clientId,
          userId: buyer.id,
          paymentType: body.payment_type,
          currency,
          currencyRate: rate,
          taxType: shop.tax_type,
          // Roubles, as every stored figure; the zone of the moment is kept with it.
          deliveryPrice: deliveryRubles.toFixed(4),
          deliveryZone: delivering && delivery.zone ? { id: delivery.zone.id, name: delivery.zone.name } : null,
          deliveryByAgreement: delivering && delivery.byAgreement,
          minOrderSum: terms.minOrderSum,
          contactName: body.contact_name,
          // Stored as every screen shows it (issue 38 §8), so the order list's search and the exports read one format.
          contactPhone: formatPhone(body.contact_phone),
          contactEmail: body.contact_email || who.email || null,
          address: body.delivery === 'DELIVERY' ? (body.address ?? null) : null,
          tradepointId: body.delivery === 'PICKUP' ? (body.tradepoint_id ?? null) : null,
          comment: body.comment || null,
          isLoyalty,
          lines: items
            .map((i) => ({
              productId: i.item.ID,
              code: i.item.UP_CODE_1C,
              name: i.item.NAME,
              price: i.price.rubles,
              curPrice: i.price.price,
              purchase: i.price.purchase,
              quantity: i.quantity,
              offerId: i.price.offer?.id ?? null,
            }))
            .concat(
              claimed.gifts.map((g) => ({
                productId: g.productId,
                code: g.code,
                name: g.name,
                price: '0',
                curPrice: '0',
                purchase: g.purchase,
                quantity: 1,
                offerId: g.offerId,
              })),
            ),
        });
        await deps.basket.clear(trx, buyer);
        const params = {
          name: body.contact_name,
          orderNumber: order.number,
          shopName: shop.name,
          sum: order.curSum,
          currency: order.currency,
          rubles: order.sum,
          lines: items.length,
          placedAt: dateTimeText(new Date(), shop.time_zone),
        };
        const buyerMail = body.contact_email || who.email;
        if (buyerMail)
          await deps.mailer.send({ partnerId: buyer.partnerId, to: buyerMail, template: 'order.placed', ...orderPlacedMail(params) }, trx);
        if (shop.notify_checkbox) {
          for (const to of shop.notify_emails) {
            await deps.mailer.send(
              { partnerId: buyer.partnerId, to, template: 'order.received', ...orderReceivedMail({ ...params, client: who.client }) },
              trx,
            );
          }
        }
        return { order };
      });
      if ('refused' in placed) return failed({ basket: placed.refused! });
      return ok({ ORDER_ID: placed.order.id, ORDER_NUMBER: placed.order.number }, STOREFRONT_MSG.orderPlaced(placed.order.number));
    },

    async orders(buyer: Buyer, q: { limit: number; offset: number }) {
      // An order the manager routed to another partner is no longer this shop's (its tombstone is not shown).
      const base = db
        .selectFrom('orders')
        .where('partner_id', '=', buyer.partnerId)
        .where('client_id', '=', buyer.clientId)
        .where('routed_to_order_id', 'is', null);
      const [rows, count] = await Promise.all([
        base
          .select(['id', 'order_number', 'created_at', 'status', 'position_count', 'delivery_price', 'payment_type', 'currency', 'currency_rate'])
          .select(buyerSum)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(q.limit)
          .offset(q.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { ITEMS: rows.map(orderRow), NAV: { CNT: Number(count.n), CNT_ALL: Number(count.n) } };
    },

    async order(buyer: Buyer, id: number) {
      const o = await db
        .selectFrom('orders')
        .select([
          'id',
          'order_number',
          'created_at',
          'status',
          'position_count',
          'delivery_price',
          'payment_type',
          'currency',
          'currency_rate',
          'address',
          'comment',
        ])
        .select(buyerSum)
        .where('partner_id', '=', buyer.partnerId)
        .where('client_id', '=', buyer.clientId)
        .where('id', '=', id)
        .where('routed_to_order_id', 'is', null)
        .executeTakeFirst();
      if (!o) throw notFound(MSG.notFound);
      const items = await db
        .selectFrom('order_items')
        .select(['product_id', 'up_code_1c', 'name', 'cur_price', 'quantity', 'offer_id'])
        .where('partner_id', '=', buyer.partnerId)
        .where('order_id', '=', id)
        .orderBy('id')
        .execute();
      return {
        ...orderRow(o),
        ADDRESS: o.address,
        COMMENT: o.comment,
        ITEMS: items.map((i) => ({
          PRODUCT_ID: Number(i.product_id),
          UP_CODE_1C: i.up_code_1c,
          NAME: i.name,
          PRICE: new Decimal(i.cur_price).toFixed(2),
          QUANTITY: i.quantity,
          SUM: new Decimal(i.cur_price).mul(i.quantity).toFixed(2),
          GIFT: yn(i.offer_id !== null && new Decimal(i.cur_price).isZero()),
        })),
      };
    },
  };
}

/**
 * The buyer's figure of an order's goods (issue 38.7): Σ quantity × the price it was shown, in the order's currency.
 * A rouble order's lines are at their shown prices: its stored sum is that figure, its lines are not read.
 */
const buyerSum = sql<string>`case when currency = 'RUB' then position_sum else (
  select coalesce(sum(i.quantity * i.cur_price), 0) from order_items i where i.partner_id = orders.partner_id and i.order_id = orders.id
) end`.as('buyer_sum');

function orderRow(o: {
  id: number;
  order_number: string;
  created_at: Date;
  status: string;
  position_count: number;
  buyer_sum: string;
  delivery_price: string;
  payment_type: string;
  currency: string;
  currency_rate: string;
}) {
  return {
    ID: Number(o.id),
    ORDER_NUMBER: o.order_number,
    CREATE_DATE: toSeconds(o.created_at)!,
    STATUS: { ID: o.status, NAME: ORDER_STATUS_LABEL[o.status as keyof typeof ORDER_STATUS_LABEL] ?? o.status },
    POSITION_COUNT: o.position_count,
    CURRENCY: o.currency,
    POSITION_SUM: new Decimal(o.buyer_sum).toFixed(2),
    // Delivery is priced in roubles: converted once, for display.
    DELIVERY_PRICE: (o.currency === 'RUB' || !new Decimal(o.currency_rate).gt(0)
      ? new Decimal(o.delivery_price)
      : new Decimal(o.delivery_price).div(o.currency_rate)
    ).toFixed(2),
    PAYMENT_TYPE: o.payment_type,
  };
}

export type ShopCheckoutService = ReturnType<typeof shopCheckoutService>;
