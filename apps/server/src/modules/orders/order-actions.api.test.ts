import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@b2b/contracts/messages';
import { ORDER_ACTION_MSG, ORDER_MSG } from '@b2b/contracts/orders';
import type { TestApp } from '@/test/test-app';
import { openOrdersTest, readOutbox, type OrdersKit } from './orders-test-kit';

let t: TestApp;
let k: OrdersKit;

beforeAll(async () => {
  ({ t, k } = await openOrdersTest());
});
afterAll(() => t.close());

const orderUrl = (id: number) => `/v3/api/partner/order/${id}/`;
/** Takes an order of the main partner in a status that no other test of this file has taken yet. */
const taken = new Set<number>();
async function fresh(status: 'NEW' | 'VIEWED' | 'IN_BASKET' | 'COMPLETED' | 'CANCELED'): Promise<number> {
  let id = (await k.orderIds(k.main, status)).reverse().find((i) => !taken.has(i));
  if (!id && status === 'NEW') id = await k.makeNewOrder(k.main, taken);
  if (!id && status === 'VIEWED') {
    // The demo has few viewed orders: accept a new one.
    const accepted: number = await fresh('NEW');
    expect((await k.as('owner').post(orderUrl(accepted), { action: 'accept' })).json().SUCCESS).toBe('Y');
    return accepted;
  }
  if (!id) throw new Error(`no ${status} order left`);
  taken.add(id);
  return id;
}
const mailsTo = (address: string) => readOutbox(t.dataDir).filter((m) => m.to.includes(address));

describe('accept: NEW → VIEWED', () => {
  it('accepts a new order, records who did it, and refuses a second accept', async () => {
    const id = await fresh('NEW');
    const res = await k.as('orders').post(orderUrl(id), { action: 'accept' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ SUCCESS: 'Y', MESSAGE: ORDER_MSG.accepted, STATUS: { STATUS_CODE: 'VIEWED', STATUS_NAME: 'Просмотрен' } });
    const row = await k.order(k.main, id);
    expect(row.status).toBe('VIEWED');
    expect(row.viewed_at).toBeInstanceOf(Date);
    const history = await k.historyOf(k.main, id);
    const ordersUser = await k.db.selectFrom('users').select('id').where('email', '=', 'orders@partner.demo').executeTakeFirstOrThrow();
    expect(history.at(-1)).toMatchObject({ action: 'VIEWED', user_id: ordersUser.id, details: { from: 'NEW', to: 'VIEWED' } });

    const again = await k.as('orders').post(orderUrl(id), { action: 'accept' });
    expect(again.json()).toEqual({ SUCCESS: 'N', errors: { action: ORDER_MSG.illegalTransition('Просмотрен') } });
    expect(await k.historyOf(k.main, id)).toHaveLength(history.length);
  });

  it('two quick clicks accept once: one SUCCESS=Y, one SUCCESS=N, one history row', async () => {
    const id = await fresh('NEW');
    const before = (await k.historyOf(k.main, id)).length;
    const answers = await Promise.all([0, 1].map(() => k.as('admin').post(orderUrl(id), { action: 'accept' })));
    const verdicts = answers.map((r) => r.json().SUCCESS).sort();
    expect(verdicts).toEqual(['N', 'Y']);
    expect(answers.find((r) => r.json().SUCCESS === 'N')!.json().errors.action).toBe(ORDER_MSG.illegalTransition('Просмотрен'));
    const history = await k.historyOf(k.main, id);
    expect(history).toHaveLength(before + 1);
    expect(history.filter((h) => h.action === 'VIEWED')).toHaveLength(1);
  });

  it('refuses accept on orders past NEW and changes nothing', async () => {
    for (const status of ['VIEWED', 'IN_BASKET', 'COMPLETED', 'CANCELED'] as const) {
      const id = await fresh(status);
      const before = await k.order(k.main, id);
      const res = await k.as('owner').post(orderUrl(id), { action: 'accept' });
      expect(res.json().SUCCESS).toBe('N');
      expect((await k.order(k.main, id)).updated_at).toEqual(before.updated_at);
    }
  });
});

describe('complete: VIEWED or IN_BASKET → COMPLETED', () => {
  it('fulfils a viewed order with everything in stock and e-mails the client', async () => {
    const id = await fresh('VIEWED');
    await k.stockUp(k.main, id);
    const res = await k.as('orders').post(orderUrl(id), { action: 'complete' });
    expect(res.json()).toMatchObject({ SUCCESS: 'Y', MESSAGE: ORDER_MSG.completed, STATUS: { STATUS_CODE: 'COMPLETED' } });
    const row = await k.order(k.main, id);
    expect(row.status).toBe('COMPLETED');
    expect(row.completed_at).toBeInstanceOf(Date);

    await t.app.services.jobs.runUntilIdle();
    const mails = mailsTo(row.contact_email!);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Заказ ${row.order_number} исполнен`);
    expect(mails[0].text).toContain(`Ваш заказ ${row.order_number} в магазине «Канцлер Опт» исполнен.`);
    expect((await k.historyOf(k.main, id)).at(-1)).toMatchObject({ action: 'COMPLETED', details: { from: 'VIEWED', notified: row.contact_email } });
  });

  it('fulfils an order in the basket and takes it out of the open basket', async () => {
    const id = await fresh('IN_BASKET');
    await k.stockUp(k.main, id);
    const inBasket = () =>
      k.db.selectFrom('dc_basket_items').select('product_id').where('partner_id', '=', k.main).where('order_id', '=', id).execute();
    expect((await inBasket()).length).toBeGreaterThan(0);
    const res = await k.as('owner').post(orderUrl(id), { action: 'complete' });
    expect(res.json().SUCCESS).toBe('Y');
    expect(await inBasket()).toEqual([]);
  });

  it('warns when the distributor lacks an item: the shortage is named, nothing changes, no mail until confirmed', async () => {
    const id = await fresh('VIEWED');
    await k.stockUp(k.main, id);
    const [first] = await k.itemsOf(k.main, id);
    await k.setStock(first.product_id, first.quantity - 1);
    const queuedBefore = await k.db.selectFrom('mail_outbox').select('id').execute();
    const warning = ORDER_ACTION_MSG.stockShort([ORDER_ACTION_MSG.stockShortLine(first.up_code_1c, first.quantity, first.quantity - 1)]);
    for (const fields of [{ action: 'complete' }, { action: 'complete', confirm_stock: 'N' }] as Record<string, string>[]) {
      const res = await k.as('orders').post(orderUrl(id), fields);
      expect(res.json()).toEqual({ SUCCESS: 'N', errors: { stock: warning } });
    }
    expect((await k.order(k.main, id)).status).toBe('VIEWED');
    expect(await k.db.selectFrom('mail_outbox').select('id').execute()).toHaveLength(queuedBefore.length);

    const card = (await k.as('orders').get(orderUrl(id))).json();
    const item = card.PRODUCTS.find((p: { ID: number }) => p.ID === first.id);
    expect(item).toMatchObject({ REMAIN: first.quantity - 1, TO_ORDER: 1 });
  });

  it('completes a short order once the user confirms the goods are there; the history keeps what was confirmed', async () => {
    const id = await fresh('VIEWED');
    await k.stockUp(k.main, id);
    const [first] = await k.itemsOf(k.main, id);
    await k.setStock(first.product_id, 0);
    const res = await k.as('orders').post(orderUrl(id), { action: 'complete', confirm_stock: 'Y' });
    expect(res.json().SUCCESS).toBe('Y');
    expect((await k.order(k.main, id)).status).toBe('COMPLETED');
    const entry = await k.db
      .selectFrom('order_history')
      .select('details')
      .where('order_id', '=', id)
      .where('action', '=', 'COMPLETED')
      .executeTakeFirstOrThrow();
    expect(entry.details).toMatchObject({ stock_confirmed: [{ code: first.up_code_1c, need: first.quantity, have: 0 }] });
    // The confirmation is no way around the status rules: a completed order cannot be completed again.
    const again = await k.as('orders').post(orderUrl(id), { action: 'complete', confirm_stock: 'Y' });
    expect(again.json()).toEqual({ SUCCESS: 'N', errors: { action: ORDER_MSG.illegalTransition('Исполнен') } });
  });

  it('refuses to fulfil a new, completed or canceled order', async () => {
    for (const [status, label] of [
      ['NEW', 'Новый'],
      ['COMPLETED', 'Исполнен'],
      ['CANCELED', 'Отменен'],
    ] as const) {
      const id = await fresh(status);
      const res = await k.as('orders').post(orderUrl(id), { action: 'complete' });
      expect(res.json()).toEqual({ SUCCESS: 'N', errors: { action: ORDER_MSG.illegalTransition(label) } });
      expect((await k.order(k.main, id)).status).toBe(status);
    }
  });
});

describe('cancel', () => {
  it('requires a reason (empty or blank is refused) and changes nothing', async () => {
    const id = await fresh('NEW');
    for (const reason of [undefined, '', '   ']) {
      const res = await k.as('orders').post(orderUrl(id), reason === undefined ? { action: 'cancel' } : { action: 'cancel', cancel_comment: reason });
      expect(res.json()).toEqual({ SUCCESS: 'N', errors: { cancel_comment: ORDER_MSG.cancelReasonRequired } });
    }
    expect((await k.order(k.main, id)).status).toBe('NEW');
  });

  it('cancels an order in the basket with a reason: out of the basket, client e-mailed, no actions left', async () => {
    const id = await fresh('IN_BASKET');
    const reason = 'Клиент отказался от заказа по телефону';
    const res = await k.as('orders').post(orderUrl(id), { action: 'cancel', cancel_comment: reason });
    expect(res.json()).toMatchObject({ SUCCESS: 'Y', MESSAGE: ORDER_MSG.canceled, STATUS: { STATUS_CODE: 'CANCELED', STATUS_NAME: 'Отменен' } });
    const row = await k.order(k.main, id);
    expect(row).toMatchObject({ status: 'CANCELED', cancel_comment: reason });
    const left = await k.db.selectFrom('dc_basket_items').select('order_id').where('partner_id', '=', k.main).where('order_id', '=', id).execute();
    expect(left).toEqual([]);

    await t.app.services.jobs.runUntilIdle();
    const mail = mailsTo(row.contact_email!).find((m) => m.subject === `Заказ ${row.order_number} отменен`);
    expect(mail).toBeDefined();
    expect(mail!.text).toContain(`Причина: ${reason}`);

    const card = (await k.as('owner').get(orderUrl(id))).json();
    expect(card.ACTIONS).toEqual([]);
    expect(card.CANCEL_COMMENT).toBe(reason);
    expect(card.HISTORY_OPERATIONS[0]).toMatchObject({
      ACTION: 'CANCELED',
      TITLE: `Заказ отменен. Причина: ${reason}`,
      USER: { NAME: 'Дмитрий Кузнецов' },
    });

    const comment = await k.as('owner').post(orderUrl(id), { action: 'comment', shop_comment: 'после отмены' });
    expect(comment.json()).toEqual({ SUCCESS: 'N', errors: { action: ORDER_MSG.illegalTransition('Отменен') } });
  });

  it('two quick cancels cancel once and send one e-mail', async () => {
    const id = await fresh('VIEWED');
    const before = await k.db.selectFrom('mail_outbox').select('id').execute();
    const answers = await Promise.all([0, 1].map(() => k.as('orders').post(orderUrl(id), { action: 'cancel', cancel_comment: 'Дубль' })));
    expect(answers.map((r) => r.json().SUCCESS).sort()).toEqual(['N', 'Y']);
    expect(await k.db.selectFrom('mail_outbox').select('id').execute()).toHaveLength(before.length + 1);
    expect((await k.historyOf(k.main, id)).filter((h) => h.action === 'CANCELED')).toHaveLength(1);
  });

  it('refuses to cancel a completed order', async () => {
    const id = await fresh('COMPLETED');
    const res = await k.as('orders').post(orderUrl(id), { action: 'cancel', cancel_comment: 'Поздно' });
    expect(res.json()).toEqual({ SUCCESS: 'N', errors: { action: ORDER_MSG.illegalTransition('Исполнен') } });
    expect((await k.order(k.main, id)).cancel_comment).toBeNull();
  });
});

describe('domain events', () => {
  const eventsOf = (orderId: number) =>
    k.db
      .selectFrom('domain_events')
      .select(['type', 'payload', 'partner_id', 'created_by'])
      .where(({ eb, ref }) => eb(eb.cast(eb.fn('jsonb_extract_path_text', [ref('payload'), eb.val('orderId')]), 'integer'), '=', orderId))
      .orderBy('id')
      .execute();

  it('each status change publishes its event once, with the order, in the transaction of the change', async () => {
    const id = await fresh('NEW');
    const owner = await k.db.selectFrom('users').select('id').where('email', '=', 'owner@partner.demo').executeTakeFirstOrThrow();
    expect((await k.as('owner').post(orderUrl(id), { action: 'accept' })).json().SUCCESS).toBe('Y');
    // A refused action publishes nothing.
    expect((await k.as('owner').post(orderUrl(id), { action: 'accept' })).json().SUCCESS).toBe('N');
    expect((await k.as('owner').post(orderUrl(id), { action: 'cancel', cancel_comment: 'Нет в наличии' })).json().SUCCESS).toBe('Y');
    const row = await k.order(k.main, id);
    expect(await eventsOf(id)).toEqual([
      {
        type: 'order.accepted',
        partner_id: k.main,
        created_by: owner.id,
        payload: { orderId: id, orderNumber: row.order_number, clientId: row.client_id, from: 'NEW', to: 'VIEWED' },
      },
      {
        type: 'order.canceled',
        partner_id: k.main,
        created_by: owner.id,
        payload: { orderId: id, orderNumber: row.order_number, clientId: row.client_id, from: 'VIEWED', to: 'CANCELED', reason: 'Нет в наличии' },
      },
    ]);
  });

  it('completing publishes order.completed, and a send to the basket order.sent_to_basket', async () => {
    const id = await fresh('VIEWED');
    expect((await k.as('owner').post('/v3/api/partner/sendtorelef/', { 'orders[0]': String(id) })).json().SUCCESS).toBe('Y');
    expect((await k.as('owner').post(orderUrl(id), { action: 'complete', confirm_stock: 'Y' })).json().SUCCESS).toBe('Y');
    const events = await eventsOf(id);
    expect(events.map((e) => e.type).filter((t) => t !== 'order.accepted')).toEqual(['order.sent_to_basket', 'order.completed']);
    expect(events.at(-1)!.payload).toMatchObject({ orderId: id, from: 'IN_BASKET', to: 'COMPLETED', stockConfirmed: expect.any(Boolean) });
  });
});

describe('shop comment and note: at most 1000 characters', () => {
  it.each([
    ['comment', 'shop_comment', 'SHOP_COMMENT', ORDER_MSG.commentSaved, 'COMMENT'],
    ['note', 'note', 'NOTE', ORDER_MSG.noteSaved, 'NOTE'],
  ] as const)('%s: 1000 saved, 1001 refused, history keeps old and new', async (action, field, key, message, historyAction) => {
    const id = await fresh('COMPLETED');
    const old = (await k.order(k.main, id))[field];
    const text = 'Ж'.repeat(1000);
    const saved = await k.as('orders').post(orderUrl(id), { action, [field]: text });
    expect(saved.json()).toEqual({ SUCCESS: 'Y', MESSAGE: message, [key]: text });
    expect((await k.order(k.main, id))[field]).toBe(text);
    expect((await k.historyOf(k.main, id)).at(-1)).toMatchObject({ action: historyAction, details: { old, new: text } });

    const tooLong = await k.as('orders').post(orderUrl(id), { action, [field]: 'Ж'.repeat(1001) });
    expect(tooLong.json()).toEqual({ SUCCESS: 'N', errors: { [field]: ORDER_MSG.noteTooLong } });
    expect((await k.order(k.main, id))[field]).toBe(text);

    const card = (await k.as('price').get(orderUrl(id))).json();
    expect(card[key]).toBe(text);
  });
});

describe('payment type', () => {
  const url = (id: number, type: string) => `/v3/api/partner/payment/type/${id}/${type}/`;

  it('changes to an enabled type with the spec notification and history', async () => {
    const id = await fresh('VIEWED');
    await k.db.updateTable('orders').set({ payment_type: 'CASH' }).where('partner_id', '=', k.main).where('id', '=', id).execute();
    const res = await k.as('orders').post(url(id, 'CARD'));
    expect(res.json()).toEqual({
      SUCCESS: 'Y',
      MESSAGE: 'Вы сменили способ оплаты на "Банковской картой"',
      PAYMENT_TYPE: { CODE: 'CARD', NAME: 'Банковской картой' },
    });
    expect((await k.order(k.main, id)).payment_type).toBe('CARD');
    expect((await k.historyOf(k.main, id)).at(-1)).toMatchObject({ action: 'PAYMENT_TYPE', details: { old: 'CASH', new: 'CARD' } });
    const card = (await k.as('orders').get(`/v3/api/partner/order/${id}/`)).json();
    expect(card.PAYMENT_TYPE).toEqual({ CODE: 'CARD', NAME: 'Банковской картой' });
    expect(card.HISTORY_OPERATIONS[0].TITLE).toBe('Изменен способ оплаты: «Наличные» → «Банковской картой»');
  });

  it('refuses a type the shop has not enabled, an unknown type and closed orders', async () => {
    const id = await fresh('NEW');
    await k.db
      .updateTable('shops')
      .set({ payment_types: ['CASH', 'NON_CASH'] })
      .where('partner_id', '=', k.main)
      .execute();
    try {
      const before = (await k.order(k.main, id)).payment_type;
      for (const type of ['CARD', 'BITCOIN']) {
        const res = await k.as('orders').post(url(id, type));
        expect(res.json()).toEqual({ SUCCESS: 'N', errors: { payment_type: ORDER_MSG.paymentTypeNotAllowed } });
      }
      expect((await k.order(k.main, id)).payment_type).toBe(before);
      const card = (await k.as('orders').get(orderUrl(id))).json();
      expect(card.PAYMENT_TYPES).toEqual([
        { CODE: 'CASH', NAME: 'Наличные' },
        { CODE: 'NON_CASH', NAME: 'Безналичный расчет' },
      ]);
    } finally {
      await k.db
        .updateTable('shops')
        .set({ payment_types: ['CASH', 'NON_CASH', 'CARD'] })
        .where('partner_id', '=', k.main)
        .execute();
    }
    for (const [status, label] of [
      ['COMPLETED', 'Исполнен'],
      ['CANCELED', 'Отменен'],
    ] as const) {
      const closed = await fresh(status);
      const res = await k.as('owner').post(url(closed, 'CASH'));
      expect(res.json()).toEqual({ SUCCESS: 'N', errors: { payment_type: ORDER_ACTION_MSG.paymentTypeNotChangeable(label) } });
    }
  });
});

describe('rights on edits', () => {
  it('price, clients and loyalty employees get 403 on every edit and change nothing; orders, admin and owner may', async () => {
    const id = await fresh('NEW');
    for (const who of ['price', 'clients', 'loyalty'] as const) {
      const edits: Record<string, string>[] = [
        { action: 'accept' },
        { action: 'cancel', cancel_comment: 'x' },
        { action: 'note', note: 'x' },
        { action: 'comment', shop_comment: 'x' },
      ];
      for (const data of edits) {
        const res = await k.as(who).post(orderUrl(id), data);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ error: 'forbidden', error_description: MSG.forbidden });
      }
      expect((await k.as(who).post(`/v3/api/partner/payment/type/${id}/CARD/`)).statusCode).toBe(403);
      expect((await k.as(who).get(orderUrl(id))).statusCode).toBe(200);
    }
    expect((await k.order(k.main, id)).status).toBe('NEW');
    for (const who of ['orders', 'admin', 'owner'] as const) {
      const res = await k.as(who).post(orderUrl(id), { action: 'note', note: `заметка ${who}` });
      expect(res.json().SUCCESS).toBe('Y');
    }
    expect((await k.order(k.main, id)).note).toBe('заметка owner');
  });

  it('guests get 401 and a malformed action 400', async () => {
    const id = await fresh('NEW');
    expect((await k.as(null).post(orderUrl(id), { action: 'accept' })).statusCode).toBe(401);
    expect((await k.as('owner').post(orderUrl(id), { action: 'explode' })).statusCode).toBe(400);
    expect((await k.as('owner').post(orderUrl(id), {})).statusCode).toBe(400);
  });
});
