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
    const total = await t.database.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
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
    const order = await t.database.db.selectFrom('orders').select(['id', 'order_number']).where('partner_id', '=', main).where('status', '=', 'NEW').orderBy('id').executeTakeFirstOrThrow();
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
    expect((await post(`/v3/api/manager/order/${order.id}/`, { action: 'accept' })).json()).toEqual({ SUCCESS: 'N', errors: { action: expect.any(String) } });
    // The partner's staff see the manager's change.
    expect((await get(`/v3/api/partner/order/${order.id}/`, owner)).json()).toMatchObject({ STATUS: { STATUS_CODE: 'CANCELED' }, CANCEL_COMMENT: 'Нет связи с клиентом' });
    expect((await get('/v3/api/manager/order/999999999/')).statusCode).toBe(404);
  });

  it('refuses partner staff on every manager call', async () => {
    expect((await get('/v3/api/manager/order/', owner)).statusCode).toBe(403);
    expect((await get('/v3/api/manager/order/1/', owner)).statusCode).toBe(403);
    expect((await post('/v3/api/manager/order/1/', { action: 'accept' }, owner)).statusCode).toBe(403);
    expect((await get('/v3/api/partner/orderlist/', manager)).statusCode).toBe(403);
  });
});
