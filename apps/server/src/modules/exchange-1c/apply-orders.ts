import { EXCHANGE_1C_APPLY_MSG as APPLY_MSG, EXCHANGE_1C_MSG } from '@b2b/contracts/exchange-1c';
import { LIMITS } from '@b2b/contracts/limits';
import type { Db } from '@/db/database';
import { AppError } from '@/http/app-error';
import type { ActionFailed } from '@/http/envelope';
import type { OrderActor } from '@/modules/orders/order-actions.service';
import type { OrdersService } from '@/modules/orders/orders.service';
import type { OrderDocumentIn } from './commerceml/commerceml-types';
import { cmlTrue } from './commerceml/read-common';
import type { RunReport } from './exchange-runs.repo';

/*
 * 1C's orders document back (issue 41): each Документ finds the partner's order by its Ид (the order id the site sent)
 * or its Номер, and sets what 1C decided through the orders module's own actions, as staff would (history, events,
 * the client's e-mail), the actor being «Обмен с 1С»:
 * - «Отменен» true (or the document marked deleted) → canceled, the reason «Причина отмены», else Комментарий;
 * - «Проведен» true, or «Статус заказа» Отгружен / Исполнен / Закрыт / Выполнен → completed («Исполнен»; 1C ships what
 *   it has, so the distributor's stock is not asked about);
 * - «Дата оплаты по 1С» or «Номер оплаты по 1С» given → paid.
 * An order already in the state asked is left as it is; an unknown order or a change its rules refuse is logged
 * (rows_refused) and the rest goes on.
 */

export interface ApplyOrdersDeps {
  orders: Pick<OrdersService['actions'], 'cancel' | 'complete' | 'markPaid'>;
}

const DONE_STATUSES = /^(отгружен|исполнен|закрыт|выполнен|доставлен)$/i;

/** The requisite's value, its name matched whatever its case. */
function requisite(doc: OrderDocumentIn, name: string): string | null {
  const key = Object.keys(doc.requisites).find((k) => k.trim().toLowerCase() === name.toLowerCase());
  const value = key === undefined ? '' : doc.requisites[key].trim();
  return value === '' ? null : value;
}

const firstError = (answer: ActionFailed) => Object.values(answer.errors)[0] ?? EXCHANGE_1C_MSG.orderTransitionRefused;

export async function applyOrders(
  db: Db,
  deps: ApplyOrdersDeps,
  input: { partnerId: number; runId: number; documents: AsyncIterable<OrderDocumentIn>; report: RunReport },
): Promise<{ documents: number; updated: number; refused: number }> {
  const { partnerId, report } = input;
  // No user acts: the history names the exchange.
  const actor: OrderActor = { id: null, partnerId, via: APPLY_MSG.actor };
  let documents = 0;
  let updated = 0;
  let refused = 0;

  for await (const doc of input.documents) {
    documents++;
    const label = doc.number ? `№ ${doc.number}` : `«${doc.id}»`;
    const refuse = async (reason: string) => {
      refused++;
      await report.refused([APPLY_MSG.orderRefused(label, reason)]);
    };
    const order = await findOrder(db, partnerId, doc);
    if (!order) {
      await refuse(EXCHANGE_1C_MSG.orderNotFound);
      continue;
    }
    let changed = false;
    try {
      const status = requisite(doc, 'Статус заказа');
      if (doc.deleted || cmlTrue(requisite(doc, 'Отменен'))) {
        if (order.status !== 'CANCELED') {
          const reason = (requisite(doc, 'Причина отмены') ?? doc.comment?.trim() ?? '') || APPLY_MSG.canceledIn1c;
          const answer = await deps.orders.cancel(actor, order.id, [...reason].slice(0, LIMITS.orderNoteMax).join(''));
          if (answer.SUCCESS === 'Y') changed = true;
          else await refuse(firstError(answer));
        }
      } else if (cmlTrue(requisite(doc, 'Проведен')) || (status !== null && DONE_STATUSES.test(status))) {
        if (order.status !== 'COMPLETED') {
          const answer = await deps.orders.complete(actor, order.id, { confirmStock: true });
          if (answer.SUCCESS === 'Y') changed = true;
          else await refuse(firstError(answer));
        }
      }
      const paidOn = requisite(doc, 'Дата оплаты по 1С');
      const paidNumber = requisite(doc, 'Номер оплаты по 1С');
      if (paidOn || paidNumber) {
        const paid = await deps.orders.markPaid(actor, order.id, { date: paidOn, number: paidNumber });
        if (paid === 'paid') changed = true;
        else if (paid !== 'already') await refuse(firstError(paid));
      }
    } catch (err) {
      // An order gone meanwhile (404) is logged like an unknown one; anything else is the run's failure.
      if (!(err instanceof AppError) || err.status !== 404) throw err;
      await refuse(EXCHANGE_1C_MSG.orderNotFound);
    }
    if (changed) {
      updated++;
      await report.count({ orders_updated: 1 });
    }
    await report.progress(Math.floor(99 * (documents / (documents + 200))), APPLY_MSG.ordersDone(updated));
  }
  await report.progress(100, APPLY_MSG.ordersDone(updated));
  return { documents, updated, refused };
}

/**
 * The partner's order of a document: by Ид when it is an order id of the partner's, else by Номер. Borrowed read-only:
 * orders (its id, number, status), tenant-scoped.
 */
async function findOrder(db: Db, partnerId: number, doc: OrderDocumentIn) {
  const q = db.selectFrom('orders').select(['id', 'status']).where('partner_id', '=', partnerId);
  const id = doc.id.trim();
  if (/^\d{1,15}$/.test(id)) {
    const byId = await q.where('id', '=', Number(id)).executeTakeFirst();
    if (byId) return { id: Number(byId.id), status: byId.status };
  }
  const number = doc.number?.trim();
  if (!number) return undefined;
  const byNumber = await q.where('order_number', '=', number).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return byNumber && { id: Number(byNumber.id), status: byNumber.status };
}
