import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXCHANGE_1C_APPLY_MSG, EXCHANGE_1C_MSG } from '@b2b/contracts/exchange-1c';
import { ORDER_MSG } from '@b2b/contracts/orders';
import type { TestApp } from '@/test/test-app';
import { openOrdersTest, readOutbox, type OrdersKit } from '../orders/orders-test-kit';
import { applyOrders } from './apply-orders';
import type { OrderDocumentIn } from './commerceml/commerceml-types';
import { exchangeRunsRepo } from './exchange-runs.repo';

/*
 * 1C's orders document back (issue 41), on both engines: cancel with its reason, complete and paid go through the
 * orders module's actions (a history row by «Обмен с 1С», the client's e-mail, as when staff do it); an unknown order
 * or a change the order's rules refuse is logged and the rest applied.
 */

let t: TestApp;
let k: OrdersKit;
const taken = new Set<number>();

beforeAll(async () => {
  ({ t, k } = await openOrdersTest());
});
afterAll(() => t.close());

async function fresh(status: 'NEW' | 'VIEWED' | 'COMPLETED'): Promise<number> {
  let id = (await k.orderIds(k.main, status)).reverse().find((i) => !taken.has(i));
  if (!id && status === 'NEW') id = await k.makeNewOrder(k.main, taken);
  if (!id && status === 'VIEWED') {
    const accepted = await fresh('NEW');
    expect((await k.as('owner').post(`/v3/api/partner/order/${accepted}/`, { action: 'accept' })).json().SUCCESS).toBe('Y');
    return accepted;
  }
  if (!id) throw new Error(`no ${status} order left`);
  taken.add(id);
  return id;
}

const doc = (id: string, number: string | null, requisites: Record<string, string>, comment: string | null = null): OrderDocumentIn => ({
  id,
  number,
  requisites,
  comment,
  deleted: false,
});

async function* each<T>(items: T[]): AsyncGenerator<T> {
  for (const item of items) yield item;
}

async function apply(documents: OrderDocumentIn[]) {
  const row = await k.db
    .insertInto('exchange_1c_runs')
    .values({ partner_id: k.main, type: 'sale', mode: 'import', filename: `orders-${Math.random()}.xml`, files: '[]', unmatched: '[]', errors: '[]' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const runs = exchangeRunsRepo(k.db);
  const result = await applyOrders(
    k.db,
    { orders: t.app.services.orders.actions },
    { partnerId: k.main, runId: Number(row.id), documents: each(documents), report: runs.report(k.main, Number(row.id)) },
  );
  await t.app.services.jobs.runUntilIdle();
  return { result, log: (await runs.find(k.main, Number(row.id)))! };
}

const numberOf = async (id: number) => (await k.order(k.main, id)).order_number;
const recipientOf = async (id: number) => {
  const o = await k.order(k.main, id);
  if (o.contact_email) return o.contact_email;
  const c = await k.db.selectFrom('clients').select('email').where('id', '=', o.client_id).executeTakeFirstOrThrow();
  return c.email!;
};

describe('orders document from 1C', () => {
  it('cancels with 1C’s reason and completes a shipped order through the order actions: history by «Обмен с 1С», e-mails', async () => {
    const toCancel = await fresh('VIEWED');
    const toComplete = await fresh('VIEWED');
    const mailsBefore = readOutbox(t.dataDir).length;
    const { log, result } = await apply([
      doc(String(toCancel), await numberOf(toCancel), { Отменен: 'true', 'Причина отмены': 'Нет в наличии у поставщика' }),
      // 1C's own GUID as Ид: the order is found by its number.
      doc('0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0', await numberOf(toComplete), { 'Статус заказа': 'Отгружен', Проведен: 'true' }),
    ]);
    expect(result).toEqual({ documents: 2, updated: 2, refused: 0 });
    expect(log).toMatchObject({ orders_updated: 2, rows_refused: 0 });

    const canceled = await k.order(k.main, toCancel);
    expect(canceled).toMatchObject({ status: 'CANCELED', cancel_comment: 'Нет в наличии у поставщика' });
    expect((await k.historyOf(k.main, toCancel)).at(-1)).toMatchObject({
      action: 'CANCELED',
      user_id: null,
      details: { from: 'VIEWED', to: 'CANCELED', comment: 'Нет в наличии у поставщика', via: 'Обмен с 1С' },
    });
    expect((await k.order(k.main, toComplete)).status).toBe('COMPLETED');
    expect((await k.historyOf(k.main, toComplete)).at(-1)).toMatchObject({ action: 'COMPLETED', user_id: null, details: { via: 'Обмен с 1С' } });

    const mails = readOutbox(t.dataDir).slice(mailsBefore);
    expect(mails.map((m) => m.to)).toEqual(expect.arrayContaining([expect.stringContaining(await recipientOf(toCancel))]));
    expect(mails.some((m) => m.text.includes('Нет в наличии у поставщика'))).toBe(true);
    expect(mails).toHaveLength(2);

    // The same document again changes nothing: no history row, no e-mail.
    const history = (await k.historyOf(k.main, toCancel)).length;
    const again = await apply([doc(String(toCancel), null, { Отменен: 'true' })]);
    expect(again.result).toEqual({ documents: 1, updated: 0, refused: 0 });
    expect(await k.historyOf(k.main, toCancel)).toHaveLength(history);
    expect(readOutbox(t.dataDir).slice(mailsBefore)).toHaveLength(2);
  });

  it('marks an order paid once by «Дата оплаты по 1С»', async () => {
    const id = await fresh('COMPLETED');
    const { log } = await apply([doc(String(id), null, { 'Дата оплаты по 1С': '2026-11-28T12:00:00', 'Номер оплаты по 1С': 'ПП-17' })]);
    expect(log.orders_updated).toBe(1);
    expect((await k.order(k.main, id)).online_pay_status).toBe('PAID');
    expect((await k.historyOf(k.main, id)).at(-1)).toMatchObject({
      action: 'PAID',
      details: { new: 'PAID', date: '2026-11-28T12:00:00', number: 'ПП-17', via: 'Обмен с 1С' },
    });
    const again = await apply([doc(String(id), null, { 'Номер оплаты по 1С': 'ПП-17' })]);
    expect(again.log.orders_updated).toBe(0);
  });

  it('logs an unknown order, another partner’s order and a refused change, and applies the rest', async () => {
    const newOrder = await fresh('NEW');
    const other = (await k.orderIds(k.second, 'NEW'))[0] ?? (await k.orderIds(k.second, 'VIEWED'))[0];
    const toCancel = await fresh('NEW');
    const completed = await fresh('COMPLETED');
    const { log, result } = await apply([
      doc('999999999', 'НЕТ-ТАКОГО', { Отменен: 'true' }),
      ...(other ? [doc(String(other), null, { Отменен: 'true' })] : []),
      // A new order cannot be completed (it is accepted first); a completed one cannot be canceled.
      doc(String(newOrder), '', { 'Статус заказа': 'Исполнен' }),
      doc(String(completed), null, { Отменен: 'true' }, 'Передумал'),
      doc(String(toCancel), null, { Отменен: 'true' }, 'Клиент отказался'),
    ]);
    const refused = other ? 4 : 3;
    expect(result).toEqual({ documents: refused + 1, updated: 1, refused });
    expect(log.rows_refused).toBe(refused);
    expect(log.errors).toEqual([
      EXCHANGE_1C_APPLY_MSG.orderRefused('№ НЕТ-ТАКОГО', EXCHANGE_1C_MSG.orderNotFound),
      ...(other ? [EXCHANGE_1C_APPLY_MSG.orderRefused(`«${other}»`, EXCHANGE_1C_MSG.orderNotFound)] : []),
      EXCHANGE_1C_APPLY_MSG.orderRefused(`«${newOrder}»`, ORDER_MSG.illegalTransition('Новый')),
      EXCHANGE_1C_APPLY_MSG.orderRefused(`«${completed}»`, ORDER_MSG.illegalTransition('Исполнен')),
    ]);
    expect((await k.order(k.main, newOrder)).status).toBe('NEW');
    expect((await k.order(k.main, completed)).status).toBe('COMPLETED');
    expect(await k.order(k.main, toCancel)).toMatchObject({ status: 'CANCELED', cancel_comment: 'Клиент отказался' });
    if (other) expect((await k.order(k.second, other)).status).not.toBe('CANCELED');
  });
});
