import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderListItem } from '@b2b/contracts/orders';
import { bearer, createTestApp, form, type TestApp } from '@/test/test-app';
import { partnerIdOf } from '../clients/clients-test-fixtures';

let t: TestApp;
let manager: string;
let owner: string;
let main: number;
let second: number;

const get = (url: string, token = manager) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, data: Record<string, string>, token = manager) =>
  t.app.inject({ method: 'POST', url, ...form(data), headers: { ...form(data).headers, ...bearer(token) } });

beforeAll(async () => {
  t = await createTestApp();
  [manager, owner] = await Promise.all([t.login('manager@platform.demo'), t.login('owner@partner.demo')]);
  [main, second] = await Promise.all([partnerIdOf(t.database.db, 'owner@partner.demo'), partnerIdOf(t.database.db, 'owner@second.demo')]);
});
afterAll(() => t.close());

describe("the manager's orders across partners", () => {
  it('lists every partner’s orders newest first, or one partner’s, each naming its partner (SHOP)', async () => {
    const all = (await get('/v3/api/manager/order/?limit=36')).json();
    const total = await t.database.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(all.NAV.CNT_ALL).toBe(Number(total.n));
    const dates = all.ITEMS.map((o: OrderListItem) => o.CREATE_DATE);
    expect(dates).toEqual([...dates].sort((a: number, b: number) => b - a));
    const mine = (await get(`/v3/api/manager/order/?partner_id=${second}&limit=36`)).json();
    expect(mine.ITEMS.length).toBeGreaterThan(0);
    expect(mine.ITEMS.every((o: OrderListItem) => o.SHOP.ID === second)).toBe(true);
    const canceled = (await get(`/v3/api/manager/order/?status=CANCELED&limit=12`)).json();
    expect(canceled.ITEMS.every((o: OrderListItem) => o.STATUS.STATUS_CODE === 'CANCELED')).toBe(true);
    expect(canceled.NAV.CNT).toBeLessThan(all.NAV.CNT_ALL);
  });

  it("opens any partner's order card and takes the staff's status actions on it", async () => {
    const order = await t.database.db
      .selectFrom('orders')
      .select(['id', 'order_number'])
      .where('partner_id', '=', main)
      .where('status', '=', 'NEW')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect((await get(`/v3/api/manager/order/${order.id}/`)).json()).toMatchObject({
      ID: order.id,
      ORDER_NUMBER: order.order_number,
      SHOP: { ID: main },
      // Only what the manager's route takes: no payment type, no basket send.
      ACTIONS: ['accept', 'cancel', 'comment', 'note'],
    });
    expect((await post(`/v3/api/manager/order/${order.id}/`, { action: 'cancel', cancel_comment: '' })).json().SUCCESS).toBe('N');
    const canceled = (await post(`/v3/api/manager/order/${order.id}/`, { action: 'cancel', cancel_comment: 'Нет связи с клиентом' })).json();
    expect(canceled).toMatchObject({ SUCCESS: 'Y', STATUS: { STATUS_CODE: 'CANCELED' } });
    expect((await post(`/v3/api/manager/order/${order.id}/`, { action: 'accept' })).json()).toEqual({
      SUCCESS: 'N',
      errors: { action: expect.any(String) },
    });
    // The partner's staff see the manager's change.
    expect((await get(`/v3/api/partner/order/${order.id}/`, owner)).json()).toMatchObject({
      STATUS: { STATUS_CODE: 'CANCELED' },
      CANCEL_COMMENT: 'Нет связи с клиентом',
    });
    expect((await get('/v3/api/manager/order/999999999/')).statusCode).toBe(404);
  });

  it('refuses partner staff on every manager call', async () => {
    expect((await get('/v3/api/manager/order/', owner)).statusCode).toBe(403);
    expect((await get('/v3/api/manager/order/1/', owner)).statusCode).toBe(403);
    expect((await post('/v3/api/manager/order/1/', { action: 'accept' }, owner)).statusCode).toBe(403);
    expect((await get('/v3/api/partner/orderlist/', manager)).statusCode).toBe(403);
  });
});

describe("the manager's order list takes the spec's shop_id (issue 39 §3)", () => {
  const shops = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    return { cnt: body.NAV.CNT as number, shops: [...new Set(body.ITEMS.map((o: OrderListItem) => o.SHOP.ID))] };
  };
  const ordersOf = async (partnerId: number) =>
    Number(
      (
        await t.database.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('partner_id', '=', partnerId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('shop_id names one partner’s orders as partner_id does, and wins when both are sent', async () => {
    const bySpec = await shops(`/v3/api/manager/order/?shop_id=${second}&limit=36`);
    const bySynonym = await shops(`/v3/api/manager/order/?partner_id=${second}&limit=36`);
    expect(bySpec.shops).toEqual([second]);
    expect(bySpec).toEqual(bySynonym);
    expect(bySpec.cnt).toBeLessThanOrEqual(await ordersOf(second));
    expect(bySpec.cnt).toBeGreaterThan(0);
    const both = await shops(`/v3/api/manager/order/?shop_id=${main}&partner_id=${second}&limit=36`);
    expect(both.shops).toEqual([main]);
  });

  it('an empty or malformed shop_id means every partner, never an error', async () => {
    const every = await shops('/v3/api/manager/order/?limit=36');
    expect(every.shops.length).toBeGreaterThan(1);
    for (const bad of ['', 'abc', '-1', '0', '1e3']) {
      expect(await shops(`/v3/api/manager/order/?shop_id=${encodeURIComponent(bad)}&limit=36`)).toEqual(every);
    }
    // An empty shop_id leaves the partner_id synonym in force.
    expect((await shops(`/v3/api/manager/order/?shop_id=&partner_id=${second}&limit=36`)).shops).toEqual([second]);
  });
});
