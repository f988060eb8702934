import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOYALTY_MSG } from '@b2b/contracts/loyalty';
import { bearer, createTestApp, form, type TestApp } from '@/test/test-app';
import { insertClient, partnerIdOf } from '../clients/clients-test-fixtures';

let t: TestApp;
let owner: string;
let loyalty: string;
let orders: string;
let second: string;
let pid: number;
let secondPid: number;

const get = (url: string, token = owner) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, data: Record<string, string>, token = owner) =>
  t.app.inject({ method: 'POST', url, ...form(data), headers: { ...form(data).headers, ...bearer(token) } });
const L = '/v3/api/partner/loyalty';

/** A new client of the main partner connected to the programme with a given balance through the API. */
async function member(name: string, points = 0): Promise<number> {
  const id = await insertClient(t.database.db, pid, { name, registeredAt: new Date() });
  expect((await post(`${L}/participation/`, { client_id: String(id), enabled: 'Y' })).json()).toEqual({ SUCCESS: 'Y', MESSAGE: LOYALTY_MSG.enabled });
  if (points)
    expect((await post(`${L}/clients/plus/`, { client_id: String(id), points: String(points), comment: 'Стартовые баллы' })).json().SUCCESS).toBe(
      'Y',
    );
  return id;
}

const balanceOf = async (clientId: number) =>
  (
    await t.database.db
      .selectFrom('loyalty_members')
      .select('balance')
      .where('partner_id', '=', pid)
      .where('client_id', '=', clientId)
      .executeTakeFirstOrThrow()
  ).balance;

/** Every member's balance equals the sum of its ledger rows, and none is below zero. */
async function ledgerIsTheBalance() {
  const { rows } = await sql<{ client_id: number; balance: string; sum: string | null }>`
    select m.client_id, m.balance, (select sum(points) from loyalty_ledger l where l.partner_id = m.partner_id and l.client_id = m.client_id) as sum
    from loyalty_members m`.execute(t.database.db);
  for (const r of rows) {
    expect(new Decimal(r.balance).eq(r.sum ?? 0)).toBe(true);
    expect(new Decimal(r.balance).gte(0)).toBe(true);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  [owner, loyalty, orders, second] = await Promise.all(
    ['owner@partner.demo', 'loyalty@partner.demo', 'orders@partner.demo', 'owner@second.demo'].map((e) => t.login(e)),
  );
  pid = await partnerIdOf(t.database.db, 'owner@partner.demo');
  secondPid = await partnerIdOf(t.database.db, 'owner@second.demo');
});
afterAll(() => t.close());

describe('installing and setting up the programme', () => {
  it('installs with a title of at most 35 characters, then switches off and on', async () => {
    await t.database.db.deleteFrom('loyalty_programs').where('partner_id', '=', secondPid).execute();
    expect((await get(`${L}/shop/`, second)).json()).toMatchObject({
      INSTALLED: 'N',
      STATUS: 'N',
      ITEM: null,
      DEFAULT: { TITLE: expect.any(String) },
    });
    expect((await post(`${L}/shop/`, { title: '' }, second)).json()).toEqual({ SUCCESS: 'N', errors: { title: LOYALTY_MSG.titleRequired } });
    expect((await post(`${L}/shop/`, { title: 'Б'.repeat(36) }, second)).json()).toEqual({ SUCCESS: 'N', errors: { title: LOYALTY_MSG.titleMax } });
    expect((await post(`${L}/shop/`, { title: 'Баллы', set_new_clients: 'Y' }, second)).json()).toEqual({
      SUCCESS: 'N',
      errors: { set_new_clients: LOYALTY_MSG.setNewClientsForbidden },
    });
    expect((await post(`${L}/statuses/`, { 'statuses[0][TITLE]': 'Серебро' }, second)).json()).toEqual({
      SUCCESS: 'N',
      errors: { statuses: LOYALTY_MSG.notInstalled },
    });
    expect((await post(`${L}/shop/`, { title: 'Баллы Офис Маркет', description: 'Копите баллы' }, second)).json()).toEqual({
      SUCCESS: 'Y',
      MESSAGE: LOYALTY_MSG.installed,
    });
    expect((await get(`${L}/shop/`, second)).json()).toMatchObject({
      INSTALLED: 'Y',
      STATUS: 'Y',
      ITEM: { TITLE: 'Баллы Офис Маркет', DESCRIPTION: 'Копите баллы', SET_NEW_CLIENTS: 'N' },
    });
    expect((await post(`${L}/shop/status/`, { STATUS: 'N' }, second)).json()).toEqual({ SUCCESS: 'Y', MESSAGE: LOYALTY_MSG.switchedOff });
    expect((await get(`${L}/shop/`, second)).json().STATUS).toBe('N');
    expect((await post(`${L}/shop/status/`, { STATUS: 'Y' }, second)).json()).toEqual({ SUCCESS: 'Y', MESSAGE: LOYALTY_MSG.switchedOn });
  });

  it('saves statuses, brand coefficients, visibility and scoring as whole lists, errors on their row and field', async () => {
    const brands = (await get(`${L}/coefficients/`, second)).json().ENTITIES.TM;
    expect(
      (
        await post(
          `${L}/statuses/`,
          { 'statuses[0][TITLE]': 'Серебро', 'statuses[0][MULTIPLIER]': '120', 'statuses[1][TITLE]': '', 'statuses[1][MULTIPLIER]': 'много' },
          second,
        )
      ).json(),
    ).toEqual({
      SUCCESS: 'N',
      errors: { 'statuses[1][TITLE]': LOYALTY_MSG.statusTitleRequired, 'statuses[1][MULTIPLIER]': LOYALTY_MSG.multiplierInvalid },
    });
    expect(
      (
        await post(
          `${L}/statuses/`,
          {
            'statuses[0][TITLE]': 'Серебро',
            'statuses[0][MULTIPLIER]': '120',
            'statuses[1][TITLE]': 'Золото',
            'statuses[1][MULTIPLIER]': '150,5',
            'statuses[1][THRESHOLD]': '100 000',
          },
          second,
        )
      ).json().SUCCESS,
    ).toBe('Y');
    const statuses = (await get(`${L}/statuses/`, second)).json().ITEMS;
    expect(statuses).toEqual([
      { ID: expect.any(Number), TITLE: 'Серебро', MULTIPLIER: '120.00', THRESHOLD: '0.00' },
      { ID: expect.any(Number), TITLE: 'Золото', MULTIPLIER: '150.50', THRESHOLD: '100000.00' },
    ]);
    // Saving the list again keeps the statuses' ids (members keep their status).
    await post(
      `${L}/statuses/`,
      { 'statuses[0][ID]': String(statuses[1].ID), 'statuses[0][TITLE]': 'Золото+', 'statuses[0][MULTIPLIER]': '160' },
      second,
    );
    expect((await get(`${L}/statuses/`, second)).json().ITEMS).toEqual([
      { ID: statuses[1].ID, TITLE: 'Золото+', MULTIPLIER: '160.00', THRESHOLD: '0.00' },
    ]);

    expect(
      (
        await post(
          `${L}/coefficients/`,
          {
            'coefficients[0][tm]': String(brands[0].ID),
            'coefficients[0][multiplier]': '200',
            'coefficients[1][tm]': String(brands[0].ID),
            'coefficients[1][multiplier]': '150',
          },
          second,
        )
      ).json(),
    ).toEqual({
      SUCCESS: 'N',
      errors: { 'coefficients[1][tm]': LOYALTY_MSG.brandRepeated },
    });
    expect(
      (await post(`${L}/coefficients/`, { 'coefficients[0][tm]': String(brands[0].ID), 'coefficients[0][multiplier]': '200' }, second)).json()
        .SUCCESS,
    ).toBe('Y');
    expect((await get(`${L}/coefficients/`, second)).json().ITEMS).toEqual([{ tm: brands[0].ID, TM_NAME: brands[0].NAME, multiplier: '200.00' }]);

    expect(
      (
        await post(`${L}/scoring/`, { 'rules[0][markup_pct_from]': '30', 'rules[0][markup_pct_to]': '10', 'rules[0][points_pct]': '101' }, second)
      ).json(),
    ).toEqual({
      SUCCESS: 'N',
      errors: { 'rules[0][markup_pct_to]': LOYALTY_MSG.rangeInvalid, 'rules[0][points_pct]': LOYALTY_MSG.pointsPctInvalid },
    });
    expect(
      (
        await post(
          `${L}/scoring/`,
          {
            'rules[0][markup_pct_from]': '0',
            'rules[0][markup_pct_to]': '30',
            'rules[0][points_pct]': '5',
            'rules[1][markup_pct_from]': '30.01',
            'rules[1][points_pct]': '10',
          },
          second,
        )
      ).json().SUCCESS,
    ).toBe('Y');
    expect((await get(`${L}/scoring/`, second)).json().ITEMS.map((r: { points_pct: string }) => r.points_pct)).toEqual(['5.00', '10.00']);

    expect((await post(`${L}/visability/`, { visability: 'ENABLED' }, second)).json().SUCCESS).toBe('Y');
    expect((await get(`${L}/visability/`, second)).json().VISABILITY).toBe('ENABLED');
  });

  it('lets only ADMIN and the owner change the settings, ADMIN and LOYALTY manage points, and no one else anything', async () => {
    expect((await post(`${L}/shop/`, { title: 'Нельзя' }, loyalty)).statusCode).toBe(403);
    expect((await post(`${L}/statuses/`, {}, loyalty)).statusCode).toBe(403);
    expect((await get(`${L}/shop/`, loyalty)).statusCode).toBe(200);
    expect((await get(`${L}/participation/`, loyalty)).statusCode).toBe(200);
    expect((await post(`${L}/scoring/`, { rules: '' }, loyalty)).json()).toEqual({ SUCCESS: 'Y', MESSAGE: LOYALTY_MSG.saved });
    // A save that does not send its list is refused, never taken for an empty list.
    expect((await post(`${L}/scoring/`, {}, loyalty)).statusCode).toBe(400);
    for (const url of [`${L}/shop/`, `${L}/participation/`, `${L}/balance/`]) expect((await get(url, orders)).statusCode).toBe(403);
    expect((await post(`${L}/clients/plus/`, { client_id: '1', points: '10', comment: 'x' }, orders)).statusCode).toBe(403);
  });
});

describe('points', () => {
  it('credits and writes off with a comment, once per key, never below zero', async () => {
    const id = await member('ООО Баллы');
    const plus = { client_id: String(id), points: '100', comment: 'Бонус за отзыв', key: 'form-1' };
    const twice = await Promise.all([post(`${L}/clients/plus/`, plus, loyalty), post(`${L}/clients/plus/`, plus, loyalty)]);
    expect(twice.map((r) => r.json().SUCCESS)).toEqual(['Y', 'Y']);
    expect(new Decimal(await balanceOf(id)).toFixed(0)).toBe('100');
    expect((await post(`${L}/clients/plus/`, { ...plus, key: 'form-2', comment: '' }, loyalty)).json()).toEqual({
      SUCCESS: 'N',
      errors: { comment: LOYALTY_MSG.commentRequired },
    });
    expect((await post(`${L}/clients/plus/`, { ...plus, key: 'form-2', points: '1.5' }, loyalty)).json()).toEqual({
      SUCCESS: 'N',
      errors: { points: LOYALTY_MSG.pointsInvalid },
    });
    expect((await post(`${L}/clients/minus/`, { client_id: String(id), points: '101', comment: 'Списание' }, loyalty)).json()).toEqual({
      SUCCESS: 'N',
      errors: { points: LOYALTY_MSG.balanceTooLow('100') },
    });
    // 30 parallel write-offs of 10 from 100: exactly 10 pass.
    const minus = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        post(`${L}/clients/minus/`, { client_id: String(id), points: '10', comment: 'Параллельно', key: `m-${i}` }, loyalty),
      ),
    );
    expect(minus.filter((r) => r.json().SUCCESS === 'Y')).toHaveLength(10);
    expect(new Decimal(await balanceOf(id)).toFixed(0)).toBe('0');
    await ledgerIsTheBalance();

    // 50 calls at once, 25 credits and 25 write-offs of 10 from 0: the exact sum of what passed, never below zero.
    const mixed = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(`${L}/clients/${i % 2 ? 'minus' : 'plus'}/`, { client_id: String(id), points: '10', comment: 'Смешанно', key: `mix-${i}` }, loyalty),
      ),
    );
    const passed = mixed.map((r, i) => ({ minus: i % 2 === 1, ok: r.json().SUCCESS === 'Y' }));
    expect(passed.filter((p) => !p.minus && p.ok)).toHaveLength(25);
    const written = passed.filter((p) => p.minus && p.ok).length;
    expect(new Decimal(await balanceOf(id)).toFixed(0)).toBe(String(250 - 10 * written));
    await ledgerIsTheBalance();

    const outsider = await insertClient(t.database.db, pid, { name: 'ООО Вне программы', registeredAt: new Date() });
    expect((await post(`${L}/clients/plus/`, { client_id: String(outsider), points: '5', comment: 'x' })).json()).toEqual({
      SUCCESS: 'N',
      errors: { loyalty_client_not_found: LOYALTY_MSG.clientNotFound },
    });
    expect((await get(`${L}/client/${outsider}/`)).json()).toEqual({
      SUCCESS: 'N',
      errors: { loyalty_client_not_found: LOYALTY_MSG.clientNotFound },
    });
  });

  it('spends the points closest to burning first, and burns what is left of an award on its date', async () => {
    const id = await member('ООО Сгорание');
    const db = t.database.db;
    const award = (points: string, burnAt: Date | null, title: string) =>
      db
        .insertInto('loyalty_ledger')
        .values({ partner_id: pid, client_id: id, operation: 'PLUS', points, title, burn_at: burnAt })
        .returning('id')
        .executeTakeFirstOrThrow();
    const soon = new Date(Date.now() + 60_000);
    await award('50', soon, 'Сгорит скоро');
    await award('70', new Date(Date.now() + 86400_000 * 30), 'Сгорит позже');
    await db.updateTable('loyalty_members').set({ balance: '120' }).where('partner_id', '=', pid).where('client_id', '=', id).execute();
    // 30 spent now come from the award that burns first: 20 of it are left to burn.
    expect((await post(`${L}/clients/minus/`, { client_id: String(id), points: '30', comment: 'Оплата' })).json()).toMatchObject({
      SUCCESS: 'Y',
      BALANCE: '90',
    });
    await db
      .updateTable('loyalty_ledger')
      .set({ burn_at: new Date(Date.now() - 1000) })
      .where('client_id', '=', id)
      .where('title', '=', 'Сгорит скоро')
      .execute();
    await t.app.services.jobs.enqueue(db, 'loyalty.burn', { partnerId: pid, clientId: id }, { partnerId: pid });
    await t.app.services.jobs.runUntilIdle();
    expect(new Decimal(await balanceOf(id)).toFixed(0)).toBe('70');
    const card = (await get(`${L}/client/${id}/`)).json();
    expect(card.ITEM).toMatchObject({ IS_AVAIL: 'Y', BALANCE: '70' });
    expect(card.HISTORY[0]).toMatchObject({ OPERATION: 'BURN', BONUS_CNT: '-20' });
    // Burning again burns nothing more.
    await t.app.services.jobs.enqueue(db, 'loyalty.burn', { partnerId: pid, clientId: id }, { partnerId: pid });
    await t.app.services.jobs.runUntilIdle();
    expect(new Decimal(await balanceOf(id)).toFixed(0)).toBe('70');
    await ledgerIsTheBalance();
  });

  it('credits a completed order once, on its margin, times the brand coefficient and the status multiplier', async () => {
    const db = t.database.db;
    const id = await member('ООО Маржа');
    const status = (await get(`${L}/statuses/`)).json().ITEMS[0];
    expect((await post(`${L}/client/set_status/${id}/`, { status_id: String(status.ID), date_status_end: '' })).json()).toEqual({
      SUCCESS: 'Y',
      MESSAGE: LOYALTY_MSG.statusSet,
    });
    const product = await db
      .selectFrom('catalog_products')
      .select(['id', 'up_code_1c', 'name', 'brand_id'])
      .where('brand_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(
      (await post(`${L}/coefficients/`, { 'coefficients[0][tm]': String(product.brand_id), 'coefficients[0][multiplier]': '200' })).json().SUCCESS,
    ).toBe('Y');
    expect((await post(`${L}/scoring/`, { 'rules[0][markup_pct_from]': '0', 'rules[0][points_pct]': '10' })).json().SUCCESS).toBe('Y');

    const order = await db
      .insertInto('orders')
      .values({
        partner_id: pid,
        client_id: id,
        order_number: `Л-${Date.now()}`,
        status: 'VIEWED',
        position_sum: '1500',
        purchase_sum: '1000',
        position_count: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('order_items')
      .values({
        partner_id: pid,
        order_id: order.id,
        product_id: product.id,
        up_code_1c: product.up_code_1c,
        name: product.name,
        buying_price: '100',
        price: '150',
        quantity: 10,
      })
      .execute();
    // Completed twice at once: one completes, the other is refused; the points come once.
    const completions = await Promise.all([1, 2].map(() => post(`/v3/api/partner/order/${order.id}/`, { action: 'complete', confirm_stock: 'Y' })));
    expect(completions.map((r) => r.json().SUCCESS).sort()).toEqual(['N', 'Y']);
    await t.app.services.jobs.runUntilIdle();
    // Margin 500 × 10 % × brand 200 % × status multiplier.
    const expected = new Decimal(500).mul('0.1').mul(2).mul(status.MULTIPLIER).div(100).floor().toFixed(0);
    const credits = await db
      .selectFrom('loyalty_ledger')
      .select(['points', 'burn_at'])
      .where('order_id', '=', order.id)
      .where('operation', '=', 'CREDIT')
      .execute();
    expect(credits.map((c) => new Decimal(c.points).toFixed(0))).toEqual([expected]);
    expect(credits[0].burn_at!.getTime()).toBeGreaterThan(Date.now() + 86400_000 * 30);
    // The event delivered again credits nothing more.
    const event = await db
      .selectFrom('domain_events')
      .select(['id'])
      .where('type', '=', 'order.completed')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await t.app.services.jobs.enqueue(db, 'event:order.completed:loyalty.credit', { eventId: event.id });
    await t.app.services.jobs.runUntilIdle();
    expect(await db.selectFrom('loyalty_ledger').select('id').where('order_id', '=', order.id).execute()).toHaveLength(1);
    await ledgerIsTheBalance();
  });

  it("scores an order on its real margin: a loss earns 0, a gift's cost lowers the points (issue 38.7)", async () => {
    const db = t.database.db;
    expect((await post(`${L}/coefficients/`, { coefficients: '' })).json().SUCCESS).toBe('Y');
    expect((await post(`${L}/scoring/`, { 'rules[0][points_pct]': '10' })).json().SUCCESS).toBe('Y');
    const products = await db.selectFrom('catalog_products').select(['id', 'up_code_1c', 'name']).orderBy('id').limit(3).execute();
    const offer = await db.selectFrom('offers').select('id').where('partner_id', '=', pid).orderBy('id').executeTakeFirstOrThrow();
    type Line = { price: string; buying: string; quantity: number; gift?: boolean };
    /** An order of a new member with these lines, completed through the API; answers its id and the member. */
    const completed = async (name: string, lines: Line[]) => {
      const clientId = await member(name);
      const order = await db
        .insertInto('orders')
        .values({
          partner_id: pid,
          client_id: clientId,
          order_number: `РМ-${Date.now()}-${name.length}`,
          status: 'VIEWED',
          position_sum: '1',
          purchase_sum: '1',
          position_count: lines.length,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('order_items')
        .values(
          lines.map((l, i) => ({
            partner_id: pid,
            order_id: order.id,
            product_id: products[i].id,
            up_code_1c: products[i].up_code_1c,
            name: products[i].name,
            buying_price: l.buying,
            price: l.price,
            quantity: l.quantity,
            offer_id: l.gift ? offer.id : null,
          })),
        )
        .execute();
      expect((await post(`/v3/api/partner/order/${order.id}/`, { action: 'complete', confirm_stock: 'Y' })).json().SUCCESS).toBe('Y');
      await t.app.services.jobs.runUntilIdle();
      return { orderId: Number(order.id), clientId };
    };
    /** The oracle: 10 % of the order's margin over all its lines (gifts at 0 included), rounded down; nothing for a loss. */
    const oracle = async (orderId: number) => {
      const { rows } = await sql<{ margin: string }>`
        select sum((price - buying_price) * quantity) as margin from order_items where partner_id = ${pid} and order_id = ${orderId}`.execute(db);
      const margin = new Decimal(rows[0].margin);
      return margin.lte(0) ? [] : [margin.mul('0.1').floor().toFixed(0)];
    };
    const credited = async (orderId: number) =>
      (await db.selectFrom('loyalty_ledger').select('points').where('order_id', '=', orderId).where('operation', '=', 'CREDIT').execute()).map((c) =>
        new Decimal(c.points).toFixed(0),
      );

    // A profitable line and a line sold at a loss: the order loses 337.91 ₽ and earns nothing (it earned 75 before).
    const loss = await completed('ООО Убыточный заказ', [
      { price: '1000.00', buying: '250.0000', quantity: 1 },
      { price: '90.00', buying: '109.0862', quantity: 57 },
    ]);
    expect(await oracle(loss.orderId)).toEqual([]);
    expect(await credited(loss.orderId)).toEqual([]);
    expect(new Decimal(await balanceOf(loss.clientId)).toFixed(0)).toBe('0');

    // A gift at 0 ₽ costing 260 ₽: 10 % of 1 470, not of 1 730.
    const gift = await completed('ООО Заказ с подарком', [
      { price: '2730.00', buying: '1000.0000', quantity: 1 },
      { price: '0', buying: '260.0000', quantity: 1, gift: true },
    ]);
    expect(await oracle(gift.orderId)).toEqual(['147']);
    expect(await credited(gift.orderId)).toEqual(['147']);
    await ledgerIsTheBalance();
  });

  it("gives an order's paid points back once (bonus_return), and the order card shows them", async () => {
    const db = t.database.db;
    const id = await member('ООО Возврат', 300);
    const order = await db
      .insertInto('orders')
      .values({
        partner_id: pid,
        client_id: id,
        order_number: `В-${Date.now()}`,
        status: 'CANCELED',
        position_sum: '5000',
        loyalty_sum: '120',
        is_loyalty: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('loyalty_ledger')
      .values({ partner_id: pid, client_id: id, order_id: order.id, operation: 'DEBIT', points: '-120', title: 'Оплата баллами' })
      .execute();
    await db.updateTable('loyalty_members').set({ balance: '180' }).where('partner_id', '=', pid).where('client_id', '=', id).execute();
    const back = await Promise.all([1, 2, 3].map(() => post(`/v3/api/partner/order/${order.id}/`, { action: 'bonus_return' })));
    expect(back.map((r) => r.json()).filter((a) => a.SUCCESS === 'Y')).toEqual([
      { SUCCESS: 'Y', MESSAGE: LOYALTY_MSG.returned('120'), RETURNED_BONUS: '120' },
    ]);
    expect(new Decimal(await balanceOf(id)).toFixed(0)).toBe('300');
    expect((await post(`/v3/api/partner/order/${order.id}/`, { action: 'bonus_return' })).json()).toEqual({
      SUCCESS: 'N',
      errors: { bonus_return: LOYALTY_MSG.alreadyReturned },
    });
    expect((await get(`/v3/api/partner/order/${order.id}/`)).json()).toMatchObject({
      IS_LOYALTY: 'Y',
      LOYALTY_SUM: '120.00',
      RETURNED_BONUS: '120.00',
    });
    expect((await post(`/v3/api/partner/order/${order.id}/`, { action: 'bonus_return' }, loyalty)).statusCode).toBe(403);
    await ledgerIsTheBalance();
  });
});

describe('bonus_return (issue 38.7)', () => {
  it('returns the points a canceled order was paid with, exactly once for 30 calls at once; a live order is refused', async () => {
    const db = t.database.db;
    const id = await member('ООО Живой заказ', 500);
    const paidOrder = async (status: 'NEW' | 'VIEWED' | 'COMPLETED' | 'CANCELED') => {
      const order = await db
        .insertInto('orders')
        .values({
          partner_id: pid,
          client_id: id,
          order_number: `ВБ-${status}-${Date.now()}`,
          status,
          position_sum: '5000',
          loyalty_sum: '120',
          is_loyalty: true,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Paid with 120 points through the ledger, as the programme writes it.
      await t.database.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('loyalty_ledger')
          .values({ partner_id: pid, client_id: id, order_id: order.id, operation: 'DEBIT', points: '-120', title: 'Оплата баллами' })
          .execute();
        await trx
          .updateTable('loyalty_members')
          .set((eb) => ({ balance: eb('balance', '-', '120') }))
          .where('partner_id', '=', pid)
          .where('client_id', '=', id)
          .execute();
      });
      return Number(order.id);
    };
    for (const status of ['NEW', 'VIEWED', 'COMPLETED'] as const) {
      const orderId = await paidOrder(status);
      expect((await post(`/v3/api/partner/order/${orderId}/`, { action: 'bonus_return' })).json()).toEqual({
        SUCCESS: 'N',
        errors: { bonus_return: LOYALTY_MSG.returnOnlyCanceled },
      });
      const card = (await get(`/v3/api/partner/order/${orderId}/`)).json();
      expect(card).toMatchObject({ STATUS: { STATUS_CODE: status }, RETURNED_BONUS: '0.00' });
      expect(await db.selectFrom('loyalty_ledger').select('id').where('order_id', '=', orderId).where('operation', '=', 'RETURN').execute()).toEqual(
        [],
      );
    }
    expect(new Decimal(await balanceOf(id)).toFixed(0)).toBe('140');

    const canceled = await paidOrder('CANCELED');
    const answers = await Promise.all(Array.from({ length: 30 }, () => post(`/v3/api/partner/order/${canceled}/`, { action: 'bonus_return' })));
    const passed = answers.map((a) => a.json()).filter((a) => a.SUCCESS === 'Y');
    expect(passed).toEqual([{ SUCCESS: 'Y', MESSAGE: LOYALTY_MSG.returned('120'), RETURNED_BONUS: '120' }]);
    expect(
      answers
        .map((a) => a.json())
        .filter((a) => a.SUCCESS !== 'Y')
        .every((a) => a.errors.bonus_return === LOYALTY_MSG.alreadyReturned),
    ).toBe(true);
    // The oracle: the order's ledger rows — one return of exactly what was paid.
    const { rows } = await sql<{ operation: string; points: string; n: number }>`
      select operation, sum(points) as points, count(*)::int as n from loyalty_ledger where partner_id = ${pid} and order_id = ${canceled} group by operation order by operation`.execute(
      db,
    );
    expect(rows.map((r) => [r.operation, new Decimal(r.points).toFixed(0), r.n])).toEqual([
      ['DEBIT', '-120', 1],
      ['RETURN', '120', 1],
    ]);
    expect(new Decimal(await balanceOf(id)).toFixed(0)).toBe('140');
    expect((await get(`/v3/api/partner/order/${canceled}/`)).json()).toMatchObject({ RETURNED_BONUS: '120.00' });
    await ledgerIsTheBalance();
  });
});

describe('card codes', () => {
  it('gives one card code to one client only, even when 30 clients ask for it at once', async () => {
    const ids = await Promise.all(
      Array.from({ length: 30 }, (_, i) => insertClient(t.database.db, pid, { name: `ООО Карта ${i}`, registeredAt: new Date() })),
    );
    const answers = await Promise.all(
      ids.map((id) => post(`${L}/participation/`, { client_id: String(id), enabled: 'Y', card_code: 'CARD-RACE-1' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(ids.map(() => 200));
    const bodies = answers.map((a) => a.json());
    expect(bodies.filter((b) => b.SUCCESS === 'Y')).toHaveLength(1);
    for (const b of bodies.filter((x) => x.SUCCESS === 'N')) expect(b).toEqual({ SUCCESS: 'N', errors: { card_code: LOYALTY_MSG.cardCodeTaken } });
    const holders = await t.database.db
      .selectFrom('loyalty_members')
      .select('client_id')
      .where('partner_id', '=', pid)
      .where('card_code', '=', 'CARD-RACE-1')
      .execute();
    expect(holders).toHaveLength(1);
  });
});

describe('lists', () => {
  it('lists participation with search and filters, and the ledger ASC by default with NEW_CNT and the operation filter', async () => {
    const id = await member('ООО Поисковый Участник', 40);
    const found = (await get(`${L}/participation/?query=${encodeURIComponent('поисковый')}`, loyalty)).json();
    expect(found.CLIENTS).toEqual([expect.objectContaining({ ID: id, IS_AVAIL: 'Y', ENABLED: 'Y', BALANCE: '40', CARD_CODE: expect.any(String) })]);
    const outside = (await get(`${L}/participation/?is_avail=N&limit=36`, loyalty)).json();
    expect(outside.CLIENTS.every((r: { IS_AVAIL: string }) => r.IS_AVAIL === 'N')).toBe(true);
    expect(outside.NAV.CNT_ALL).toBeGreaterThan(outside.NAV.CNT);

    const ledger = (await get(`${L}/balance/?client_id=${id}`, loyalty)).json();
    expect(ledger.ITEMS).toEqual([
      expect.objectContaining({ OPERATION: 'PLUS', BONUS_CNT: '40', COMMENT: 'Стартовые баллы', CLIENT: { ID: id, NAME: 'ООО Поисковый Участник' } }),
    ]);
    expect(ledger.NAV).toMatchObject({ CNT: 1, NEW_CNT: 1 });
    const all = (await get(`${L}/balance/?limit=12`, loyalty)).json();
    const dates = all.ITEMS.map((r: { DATE: number }) => r.DATE);
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
    expect(
      (await get(`${L}/balance/?operation=BURN&limit=36`, loyalty)).json().ITEMS.every((r: { OPERATION: string }) => r.OPERATION === 'BURN'),
    ).toBe(true);

    expect((await post(`${L}/participation/`, { client_id: String(id), enabled: 'N' })).json()).toEqual({
      SUCCESS: 'Y',
      MESSAGE: LOYALTY_MSG.disabled,
    });
    expect((await get(`${L}/participation/?query=${encodeURIComponent('поисковый')}`)).json().CLIENTS[0]).toMatchObject({
      IS_AVAIL: 'N',
      BALANCE: '40',
    });
  });
});
