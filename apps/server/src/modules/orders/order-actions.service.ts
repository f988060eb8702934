import type { OrderStatus } from '@b2b/contracts/limits';
import { MSG, ORDER_STATUS_LABEL } from '@b2b/contracts/messages';
import {
  cancelReasonSchema,
  ORDER_ACTION_MSG,
  ORDER_EXPORT_FILE,
  ORDER_MSG,
  orderTextSchema,
  PAYMENT_TYPES,
  type ExportAnswer,
  type OrderAction,
  type PaymentType,
  type PaymentTypeAnswer,
} from '@b2b/contracts/orders';
import type { Updateable } from 'kysely';
import type { Db } from '@/db/database';
import type { OrdersTable } from '@/db/schema';
import { notFound } from '@/http/app-error';
import { failed, ok, type ActionFailed, type ActionOk } from '@/http/envelope';
import { XLSX_MIME, type FileStore } from '@/files/file-store';
import { orderCanceledMail, orderCompletedMail } from '@/mail/templates/order-mails';
import type { EventBus } from '@/events/event-bus';
import type { OrderStatusChanged } from '@/events/domain-events';
import type { Mailer } from '@/mail/mailer';
import { orderChangesRepo, type LockedOrder } from './order-changes.repo';
import type { OrderCardService } from './order-card.service';
import { partnerTimeZone } from '@/files/shop-time-zone';
import { writeOrderXlsx } from './order-export';
import { isActionAllowed } from './order-rules';
import { enabledPaymentTypes, paymentTypeRef, statusRef } from './order-view';
import { ordersRepo } from './orders.repo';

export interface OrderActor {
  /** The staff user; null when no user acts (the partner's 1C exchange: `via` names it in the history's details). */
  id: number | null;
  partnerId: number;
  via?: string;
}

export type ActionAnswer = ActionOk | ActionFailed;

/** Thrown inside a transaction when the guarded update finds the order already changed: the transaction rolls back. */
class OrderChanged extends Error {}

const illegal = (status: OrderStatus) => failed({ action: ORDER_MSG.illegalTransition(ORDER_STATUS_LABEL[status]) });
const paymentTypeLocked = (status: OrderStatus) => failed({ payment_type: ORDER_ACTION_MSG.paymentTypeNotChangeable(ORDER_STATUS_LABEL[status]) });

/** Whom the client-facing mails go to: the order's contact e-mail, else the client's. */
const recipientOf = (order: LockedOrder) => order.contact_email || order.client_email || null;

/**
 * The state changes and edits of one order (back-office.md §4). Each runs in one transaction: the order row is
 * locked, the status checked against ACTIONS_BY_STATUS, the update guarded by the expected status, history and
 * mail written in the same transaction. Two quick clicks do the work once; the second answers SUCCESS=N.
 */
export function orderActionsService(db: Db, deps: { mailer: Mailer; files: FileStore; cards: OrderCardService; events: EventBus }) {
  async function onLockedOrder<T extends ActionOk>(
    actor: OrderActor,
    orderId: number,
    action: OrderAction,
    work: (trx: Db, order: LockedOrder) => Promise<T | ActionFailed>,
    refuse: (status: OrderStatus) => ActionFailed = illegal,
  ): Promise<T | ActionFailed> {
    try {
      return await db.transaction().execute(async (trx) => {
        const order = await orderChangesRepo(trx).lock(actor.partnerId, orderId);
        if (!order) throw notFound(MSG.notFound);
        if (!isActionAllowed(order.status, action)) return refuse(order.status);
        return work(trx, order);
      });
    } catch (err) {
      if (!(err instanceof OrderChanged)) throw err;
      const now = await ordersRepo(db).findById(actor.partnerId, orderId);
      if (!now) throw notFound(MSG.notFound);
      return refuse(now.status);
    }
  }

  /** Updates the order only while it is still in the status it was read in; else throws OrderChanged (rollback). */
  async function update(trx: Db, actor: OrderActor, order: LockedOrder, set: Updateable<OrdersTable>) {
    const updated = await orderChangesRepo(trx).updateIf(actor.partnerId, order.id, [order.status], set);
    if (!updated) throw new OrderChanged();
  }

  /** What every order status event carries. */
  const statusChange = (order: LockedOrder, to: OrderStatus): OrderStatusChanged => ({
    orderId: order.id,
    orderNumber: order.order_number,
    clientId: order.client_id,
    from: order.status,
    to,
  });

  const history = (trx: Db, actor: OrderActor, orderId: number, action: string, details: Record<string, unknown>) =>
    orderChangesRepo(trx).addHistory(actor.partnerId, [
      { orderId, userId: actor.id, action, details: actor.via ? { ...details, via: actor.via } : details },
    ]);

  /** comment / note: a text of orderTextSchema; empty clears it. */
  function editText(actor: OrderActor, orderId: number, kind: 'comment' | 'note', value: string): Promise<ActionAnswer> | ActionAnswer {
    const field = kind === 'comment' ? 'shop_comment' : 'note';
    const checked = orderTextSchema.safeParse(value);
    if (!checked.success) return failed({ [field]: checked.error.issues[0].message });
    const text = value.trim() ? value : null;
    return onLockedOrder(actor, orderId, kind, async (trx, order) => {
      if ((order[field] ?? null) !== text) {
        await update(trx, actor, order, { [field]: text });
        await history(trx, actor, order.id, kind === 'comment' ? 'COMMENT' : 'NOTE', { old: order[field] ?? null, new: text });
      }
      return ok({ [field.toUpperCase()]: text }, kind === 'comment' ? ORDER_MSG.commentSaved : ORDER_MSG.noteSaved);
    });
  }

  return {
    /** NEW → VIEWED. */
    accept: (actor: OrderActor, orderId: number) =>
      onLockedOrder(actor, orderId, 'accept', async (trx, order) => {
        await update(trx, actor, order, { status: 'VIEWED', viewed_at: new Date() });
        await history(trx, actor, order.id, 'VIEWED', { from: order.status, to: 'VIEWED' });
        await deps.events.publish(trx, 'order.accepted', statusChange(order, 'VIEWED'), { partnerId: actor.partnerId, userId: actor.id });
        return ok({ STATUS: statusRef('VIEWED') }, ORDER_MSG.accepted);
      }),

    /**
     * VIEWED or IN_BASKET → COMPLETED; the client is e-mailed. Completing confirms the goods are there: when the
     * distributor's stock looks short the answer lists the shortage (errors.stock) until the user confirms it
     * (confirmStock), and the history keeps what was confirmed.
     */
    complete: (actor: OrderActor, orderId: number, opts: { confirmStock: boolean } = { confirmStock: false }) =>
      onLockedOrder(actor, orderId, 'complete', async (trx, order) => {
        const items = await ordersRepo(trx).items(actor.partnerId, order.id);
        const short = items
          .filter((i) => Number(i.remain ?? 0) < i.quantity)
          .map((i) => ({ code: i.up_code_1c, need: i.quantity, have: Number(i.remain ?? 0) }));
        if (short.length && !opts.confirmStock) {
          return failed({ stock: ORDER_ACTION_MSG.stockShort(short.map((s) => ORDER_ACTION_MSG.stockShortLine(s.code, s.need, s.have))) });
        }
        await update(trx, actor, order, { status: 'COMPLETED', completed_at: new Date() });
        await orderChangesRepo(trx).removeFromOpenBasket(actor.partnerId, order.id);
        const to = recipientOf(order);
        const confirmed = short.length ? { stock_confirmed: short } : {};
        await history(trx, actor, order.id, 'COMPLETED', { from: order.status, to: 'COMPLETED', notified: to, ...confirmed });
        await deps.events.publish(
          trx,
          'order.completed',
          { ...statusChange(order, 'COMPLETED'), stockConfirmed: short.length > 0 },
          { partnerId: actor.partnerId, userId: actor.id },
        );
        if (to) {
          const mail = orderCompletedMail({
            name: order.contact_name ?? order.client_name,
            orderNumber: order.order_number,
            shopName: order.shop_name ?? '',
          });
          await deps.mailer.send({ partnerId: actor.partnerId, to, template: 'order.completed', ...mail }, trx);
        }
        return ok({ STATUS: statusRef('COMPLETED') }, to ? ORDER_MSG.completed : ORDER_ACTION_MSG.completedNotNotified);
      }),

    /** NEW, VIEWED or IN_BASKET → CANCELED with a required reason; leaves the open basket; the client is e-mailed. */
    cancel: (actor: OrderActor, orderId: number, reason: string): Promise<ActionAnswer> | ActionAnswer => {
      const checked = cancelReasonSchema.safeParse(reason);
      if (!checked.success) return failed({ cancel_comment: checked.error.issues[0].message });
      const comment = checked.data;
      return onLockedOrder(actor, orderId, 'cancel', async (trx, order) => {
        await update(trx, actor, order, { status: 'CANCELED', canceled_at: new Date(), cancel_comment: comment });
        await orderChangesRepo(trx).removeFromOpenBasket(actor.partnerId, order.id);
        const to = recipientOf(order);
        await history(trx, actor, order.id, 'CANCELED', { from: order.status, to: 'CANCELED', comment, notified: to });
        await deps.events.publish(
          trx,
          'order.canceled',
          { ...statusChange(order, 'CANCELED'), reason: comment },
          { partnerId: actor.partnerId, userId: actor.id },
        );
        if (to) {
          const mail = orderCanceledMail({
            name: order.contact_name ?? order.client_name,
            orderNumber: order.order_number,
            shopName: order.shop_name ?? '',
            reason: comment,
          });
          await deps.mailer.send({ partnerId: actor.partnerId, to, template: 'order.canceled', ...mail }, trx);
        }
        return ok({ STATUS: statusRef('CANCELED') }, to ? ORDER_MSG.canceled : ORDER_ACTION_MSG.canceledNotNotified);
      });
    },

    /**
     * The order is paid (1C's «Дата оплаты по 1С» / «Номер оплаты по 1С», issue 41): its payment status PAID, in any
     * status but a canceled order's; once (a paid order stays as it is).
     */
    markPaid: async (
      actor: OrderActor,
      orderId: number,
      payment: { date: string | null; number: string | null },
    ): Promise<'paid' | 'already' | ActionFailed> => {
      try {
        return await db.transaction().execute(async (trx) => {
          const order = await orderChangesRepo(trx).lock(actor.partnerId, orderId);
          if (!order) throw notFound(MSG.notFound);
          if (order.status === 'CANCELED') return illegal(order.status);
          const { online_pay_status: was } = await trx
            .selectFrom('orders')
            .select('online_pay_status')
            .where('partner_id', '=', actor.partnerId)
            .where('id', '=', order.id)
            .executeTakeFirstOrThrow();
          if (was === 'PAID') return 'already' as const;
          await update(trx, actor, order, { online_pay_status: 'PAID' });
          await history(trx, actor, order.id, 'PAID', { old: was, new: 'PAID', ...payment });
          return 'paid' as const;
        });
      } catch (err) {
        if (err instanceof OrderChanged) return illegal('CANCELED');
        throw err;
      }
    },

    comment: (actor: OrderActor, orderId: number, text: string) => editText(actor, orderId, 'comment', text),
    note: (actor: OrderActor, orderId: number, text: string) => editText(actor, orderId, 'note', text),

    /** POST /partner/payment/type/{orderId}/{paymentType}/: one of the shop's enabled types, not on closed orders. */
    changePaymentType: (actor: OrderActor, orderId: number, code: string) =>
      onLockedOrder(
        actor,
        orderId,
        'payment_type',
        async (trx, order) => {
          const allowed = enabledPaymentTypes(order);
          if (!(PAYMENT_TYPES as readonly string[]).includes(code) || !allowed.includes(code as PaymentType)) {
            return failed({ payment_type: ORDER_MSG.paymentTypeNotAllowed });
          }
          const next = paymentTypeRef(code as PaymentType);
          if (order.payment_type !== next.CODE) {
            await update(trx, actor, order, { payment_type: next.CODE });
            await history(trx, actor, order.id, 'PAYMENT_TYPE', { old: order.payment_type, new: next.CODE });
          }
          const answer: PaymentTypeAnswer = { SUCCESS: 'Y', MESSAGE: MSG.paymentTypeChanged(next.NAME), PAYMENT_TYPE: next };
          return answer;
        },
        paymentTypeLocked,
      ),

    /** action=export of one order: an .xlsx (header block and items), recorded in the order's history. */
    async exportOrder(actor: OrderActor, orderId: number): Promise<ExportAnswer> {
      const card = await deps.cards.card({ partnerId: actor.partnerId, canEdit: false }, orderId);
      if (!card) throw notFound(MSG.notFound);
      const zone = await partnerTimeZone(db, actor.partnerId);
      const stored = await db.transaction().execute(async (trx) => {
        const file = await deps.files.create(
          {
            partnerId: actor.partnerId,
            purpose: 'export.order',
            originalName: ORDER_EXPORT_FILE.order(card.ORDER_NUMBER),
            mime: XLSX_MIME,
            createdBy: actor.id,
          },
          (path) => writeOrderXlsx(path, card, zone),
          trx,
        );
        await history(trx, actor, orderId, 'EXPORT', { file_id: file.id, file_name: file.originalName });
        return file;
      });
      return { SUCCESS: 'Y', MESSAGE: ORDER_ACTION_MSG.exported, FILENAME: stored.originalName, URL: stored.url };
    },
  };
}
