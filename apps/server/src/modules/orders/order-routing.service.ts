import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { MSG, ORDER_ROUTING_MSG } from '@b2b/contracts/messages';
import type { OrderRouted } from '@b2b/contracts/order-routing';
import type { PaymentType } from '@b2b/contracts/payment-types';
import type { Db } from '@/db/database';
import type { EventBus } from '@/events/event-bus';
import { dateTimeText } from '@/files/shop-time-zone';
import { notFound } from '@/http/app-error';
import { failed, type ActionFailed } from '@/http/envelope';
import type { Mailer } from '@/mail/mailer';
import { orderRoutedMail } from '@/mail/templates/order-mails';
import type { ClientsService } from '../clients/clients.service';
import type { LoyaltyPointsService } from '../loyalty/loyalty-points.service';
import type { OffersService } from '../offers/offers.service';
import { orderChangesRepo } from './order-changes.repo';
import { placeOrder } from './order-placement';
import { orderRoutingRepo, type RoutedSource } from './order-routing.repo';
import { personName } from './order-view';

/*
 * The distributor's manager routes an order to another partner (issue 39 §1): a buyer reached the wrong supplier, or
 * the supplier cannot serve the order. partner_id is the distribution column and never changes, so the order is
 * COPIED to the target (a new order there: the target's next number, its lines at the prices placed, gifts, delivery,
 * currency and rate, tax type, contacts, address, comment, payment type; status NEW) and the source's row becomes a
 * tombstone: CANCELED (every report and sum already leaves CANCELED orders out, so the order counts once, at the
 * target) and marked routed_to_*. The source's staff no longer see it (lists and counts leave tombstones out:
 * list/order-list.repo.ts, migration 0049) and opening it answers 404 «Заказ передан партнеру «…»».
 *
 * Decisions where the issue leaves a choice:
 * - Offers: checkout counts an order once against each offer it used (offers.used_count, its promo prices and gifts).
 *   The source's offers stop counting the routed order (offers.releaseForOrder); the target has none of them, so the
 *   copied lines keep their prices (a gift's 0, a promo price), their SPECIAL mark, and no offer (offer_id null).
 * - Loyalty: an order the client paid for with points (loyalty_sum > 0) is refused: the points belong to the source's
 *   programme, and only its staff return them (bonus_return, on a canceled order). The tombstone earns nothing: points
 *   are credited on order.completed, which a tombstone never reaches, and no order.canceled is published for it. At the
 *   target the order earns (is_loyalty) when its client is a member of the target's running programme, as placement
 *   decides it.
 * - The client at the target: the one with the source client's INN, else the one whose user or e-mail is the ordering
 *   user's e-mail, else a new one (clients module: NEW=Y, «Получен от менеджера…») with a user without a password
 *   (auth), who can set one through the shop's password recovery. A client blacklisted at the target is refused.
 * - The target order keeps the placing time (reports count it on the day it was placed, now at the target); its
 *   tradepoint is the source's, which the target does not have: null, its address kept as the order's address text.
 *   The source staff's own texts (shop comment, note) and responsible employee stay behind.
 * - The mail goes to the target shop's notification addresses (else its shop addresses, as the shop's notices to its
 *   partner do), whether or not its new-order checkbox is on: an order routed to it by hand is not a routine order.
 */

export interface OrderRoutingDeps {
  mailer: Mailer;
  events: EventBus;
  clients: Pick<ClientsService, 'matchRouted' | 'createRouted'>;
  /** auth's: the user of a client created at the target (no password), in the routing's transaction. */
  createClientUser: (
    trx: Db,
    row: { partnerId: number; clientId: number; email: string; name: string; phone: string | null; passwordHash: string | null },
  ) => Promise<number>;
  offers: Pick<OffersService, 'releaseForOrder'>;
  loyalty: Pick<LoyaltyPointsService, 'isMember'>;
  /** Where the target shop's notices go (shop module). */
  notifyAddresses: (partnerId: number) => Promise<string[]>;
}

/** The statuses an order may be routed in: a new or viewed order, not yet in the DC basket, completed or canceled. */
const MOVABLE = ['NEW', 'VIEWED'] as const;

/** The e-mail the client is matched by at the target: the ordering user's, else the order's contact, else the client's. */
const emailOf = (o: Pick<RoutedSource, 'u_email' | 'contact_email' | 'c_email'>) => o.u_email || o.contact_email || o.c_email || null;

export function orderRoutingService(db: Db, deps: OrderRoutingDeps) {
  const repo = orderRoutingRepo(db);

  /** The partner's order that was routed away: 404 with where it went. */
  const refuseRouted = (partnerName: string) => notFound(ORDER_ROUTING_MSG.routedAway(partnerName));

  return {
    /** Throws 404 «Заказ передан партнеру «…»» when the partner's order is a routed tombstone (its card and actions). */
    async assertHere(partnerId: number, orderId: number): Promise<void> {
      const away = await repo.routedAway(partnerId, orderId);
      if (away) throw refuseRouted(away.name);
    },

    /** The partner of an order the manager opens: 404 for an unknown id, 404 with where it went for a tombstone. */
    async partnerOf(orderId: number): Promise<number> {
      const at = await repo.whereIs(orderId);
      if (!at) throw notFound(MSG.notFound);
      if (at.routed_to_partner_id !== null) throw refuseRouted(at.routed_to_name ?? '');
      return at.partner_id;
    },

    /**
     * Moves the order to `targetId` in one transaction, under the source order's row lock: of parallel routings of one
     * order one succeeds, the others find it CANCELED and are refused.
     */
    async route(manager: { id: number }, orderId: number, targetId: number | undefined): Promise<OrderRouted | ActionFailed> {
      const sourceId = await this.partnerOf(orderId);
      if (targetId === undefined) return failed({ partner_id: ORDER_ROUTING_MSG.partnerRequired });
      if (targetId === sourceId) return failed({ partner_id: ORDER_ROUTING_MSG.samePartner });
      const [target, from, who] = await Promise.all([repo.partner(targetId), repo.partner(sourceId), repo.userName(manager.id)]);
      if (!target) return failed({ partner_id: ORDER_ROUTING_MSG.partnerNotFound });
      if (target.shop_id === null || !(target.shop_link || target.domain_name)) return failed({ partner_id: ORDER_ROUTING_MSG.noShop });
      const managerName = personName(who?.name ?? null, who?.surname ?? null) || '—';
      const fromName = from?.name ?? '';

      // Read before the transaction (the embedded database has one connection: inside it only `trx` may be used):
      // whether the client the order will likely find at the target is in its loyalty programme, and where the mail goes.
      const preview = await repo.source(sourceId, orderId);
      if (!preview) throw notFound(MSG.notFound);
      const likely = await deps.clients.matchRouted(db, targetId, { inn: preview.c_inn, email: emailOf(preview) });
      const likelyMember = likely && !likely.blacklisted ? await deps.loyalty.isMember(targetId, likely.id) : false;
      const notify = await deps.notifyAddresses(targetId);

      return db.transaction().execute(async (trx) => {
        const o = await orderRoutingRepo(trx).source(sourceId, orderId, { lock: true });
        if (!o) throw notFound(MSG.notFound);
        if (o.routed_to_partner_id !== null || !(MOVABLE as readonly string[]).includes(o.status))
          return failed({ action: ORDER_ROUTING_MSG.closed });
        if (new Decimal(o.loyalty_sum).gt(0)) return failed({ action: ORDER_ROUTING_MSG.paidWithPoints });

        // One routing at a time finds or creates clients at the target: two orders of one new client make one client.
        await sql`select pg_advisory_xact_lock(${targetId}::int, hashtext('routed_client'))`.execute(trx);
        const email = emailOf(o);
        const match = await deps.clients.matchRouted(trx, targetId, { inn: o.c_inn, email });
        if (match?.blacklisted) return failed({ partner_id: ORDER_ROUTING_MSG.clientBlacklisted });
        let client: { id: number; userId: number | null; member: boolean };
        if (match) {
          client = { id: match.id, userId: match.userId, member: likely?.id === match.id && likelyMember };
        } else {
          const id = await deps.clients.createRouted(trx, targetId, {
            name: o.c_name,
            inn: o.c_inn,
            phone: o.c_phone ?? o.contact_phone,
            email,
            address: o.c_address,
            legalEntity: o.c_legal_entity,
            note: ORDER_ROUTING_MSG.clientOrigin(fromName, o.order_number),
          });
          const userId = email
            ? await deps.createClientUser(trx, {
                partnerId: targetId,
                clientId: id,
                email,
                name: o.u_name ?? o.contact_name ?? '',
                phone: o.u_phone ?? o.contact_phone,
                passwordHash: null,
              })
            : null;
          client = { id, userId, member: false };
        }

        const items = await orderRoutingRepo(trx).items(sourceId, orderId);
        const placed = await placeOrder(trx, {
          partnerId: targetId,
          clientId: client.id,
          userId: client.userId,
          paymentType: o.payment_type as PaymentType,
          currency: o.currency,
          currencyRate: o.currency_rate,
          taxType: o.tax_type,
          deliveryPrice: o.delivery_price,
          // The zone's name as placed; its id is the source's zone, which the target does not have.
          deliveryZone: o.delivery_zone_name === null ? null : { id: null, name: o.delivery_zone_name },
          deliveryByAgreement: o.delivery_by_agreement,
          minOrderSum: o.min_order_sum,
          contactName: o.contact_name ?? o.c_name,
          contactPhone: o.contact_phone ?? '',
          contactEmail: o.contact_email,
          address: o.address ?? o.tradepoint_address,
          tradepointId: null,
          comment: o.comment,
          isLoyalty: client.member,
          lines: items.map((i) => ({
            productId: i.product_id,
            code: i.up_code_1c,
            name: i.name,
            price: i.price,
            curPrice: i.cur_price,
            purchase: i.buying_price,
            quantity: i.quantity,
            offerId: null,
            special: i.special,
          })),
          routed: {
            createdAt: o.created_at,
            fromPartnerId: sourceId,
            fromOrderId: orderId,
            history: {
              userId: manager.id,
              details: { partner_id: sourceId, partner: fromName, order_id: orderId, order_number: o.order_number, manager: managerName },
            },
          },
        });

        await deps.offers.releaseForOrder(
          trx,
          sourceId,
          items.flatMap((i) => (i.offer_id === null ? [] : [Number(i.offer_id)])),
        );
        const changes = orderChangesRepo(trx);
        const now = new Date();
        const closed = await changes.updateIf(sourceId, orderId, MOVABLE, {
          status: 'CANCELED',
          canceled_at: now,
          routed_to_partner_id: targetId,
          routed_to_order_id: placed.id,
          routed_at: now,
          routed_by: manager.id,
        });
        // The row is locked and its status was checked under the lock: it cannot have changed.
        if (!closed) throw new Error(`order ${orderId} changed under its lock`);
        await changes.removeFromOpenBasket(sourceId, orderId);
        await changes.addHistory(sourceId, [
          {
            orderId,
            userId: manager.id,
            action: 'ROUTED_OUT',
            details: {
              from: o.status,
              to: 'CANCELED',
              partner_id: targetId,
              partner: target.name,
              order_id: placed.id,
              order_number: placed.number,
              manager: managerName,
            },
          },
        ]);
        await deps.events.publish(
          trx,
          'order.routed',
          {
            orderId,
            orderNumber: o.order_number,
            clientId: o.client_id,
            toPartnerId: targetId,
            toOrderId: placed.id,
            toOrderNumber: placed.number,
            toClientId: client.id,
          },
          { partnerId: sourceId, userId: manager.id },
        );
        const shopName = target.shop_name ?? target.name;
        const mail = orderRoutedMail({
          name: '',
          orderNumber: placed.number,
          shopName,
          sum: placed.curSum,
          currency: placed.currency,
          rubles: placed.sum,
          lines: items.length,
          placedAt: dateTimeText(o.created_at, target.time_zone ?? 'Europe/Moscow'),
          client: o.c_name,
          from: fromName,
          manager: managerName,
        });
        for (const to of notify) await deps.mailer.send({ partnerId: targetId, to, template: 'order.routed', ...mail }, trx);

        const done: OrderRouted = {
          SUCCESS: 'Y',
          MESSAGE: ORDER_ROUTING_MSG.routed(o.order_number, target.name, placed.number),
          ORDER: { ID: placed.id, ORDER_NUMBER: placed.number, PARTNER_ID: targetId, PARTNER_NAME: target.name },
        };
        return done;
      });
    },
  };
}

export type OrderRoutingService = ReturnType<typeof orderRoutingService>;
