import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, ORDER_MANAGER_MSG } from '@b2b/contracts/messages';
import { ORDER_MSG, type OrderCard } from '@b2b/contracts/orders';
import { bearer, type TestApp } from '@/test/test-app';
import { openOrdersTest, type OrdersKit, type StaffKey } from './orders-test-kit';

/* The order's responsible employee (issue 39 §1): the card's MANAGER, set with action=manager by the partner's editors. */

let t: TestApp;
let k: OrdersKit;
let managerToken: string;

beforeAll(async () => {
  ({ t, k } = await openOrdersTest());
  managerToken = await t.login('manager@platform.demo');
});
afterAll(() => t.close());

const orderUrl = (id: number) => `/v3/api/partner/order/${id}/`;
const cardOf = async (id: number, who: StaffKey = 'orders') => {
  const res = await k.as(who).get(orderUrl(id));
  expect(res.statusCode).toBe(200);
  return res.json() as OrderCard;
};
const setManager = (id: number, managerId: number | string, who: StaffKey = 'orders') =>
  k.as(who).post(orderUrl(id), { action: 'manager', manager_id: String(managerId) });

const userOf = (email: string) =>
  k.db.selectFrom('users').select(['id', 'name', 'surname', 'partner_id']).where('email', '=', email).executeTakeFirstOrThrow();
const nameOf = (u: { name: string | null; surname: string | null }) => `${u.name} ${u.surname}`;
const managerUserId = async (id: number) => (await k.order(k.main, id)).manager_user_id;

/** Orders of the main partner in a status that no other test of this file has taken yet. */
const taken = new Set<number>();
async function fresh(status: 'NEW' | 'VIEWED' | 'COMPLETED' | 'CANCELED') {
  const id = (await k.orderIds(k.main, status)).find((i) => !taken.has(i));
  if (!id) throw new Error(`no ${status} order left`);
  taken.add(id);
  return id;
}

describe('the card: MANAGER and whom it is chosen from', () => {
  it('lists the partner’s active staff (MANAGERS) for editors only; nobody is responsible yet', async () => {
    const id = await fresh('NEW');
    const active = await k.db
      .selectFrom('users')
      .select(['id', 'name', 'surname'])
      .where('partner_id', '=', k.main)
      .where('kind', '=', 'PARTNER')
      .where('active', '=', true)
      .where('deleted_at', 'is', null)
      .orderBy('surname')
      .orderBy('name')
      .orderBy('id')
      .execute();
    const expected = active.map((u) => ({ ID: u.id, NAME: nameOf(u) }));
    for (const who of ['owner', 'admin', 'orders'] as const) {
      const card = await cardOf(id, who);
      expect(card.MANAGER).toBeNull();
      expect(card.MANAGERS).toEqual(expected);
      expect(card.ACTIONS).toContain('manager');
    }
    const names = expected.map((m) => m.NAME);
    const former = await userOf('former@partner.demo'); // disabled
    const secondOwner = await userOf('owner@second.demo');
    const platform = await userOf('manager@platform.demo');
    for (const other of [former, secondOwner, platform]) expect(names).not.toContain(nameOf(other));
    expect(names).toContain(nameOf(await userOf('owner@partner.demo')));

    for (const who of ['price', 'clients', 'loyalty'] as const) {
      const card = await cardOf(id, who);
      expect(card.MANAGERS).toBeUndefined();
      expect(card.ACTIONS).not.toContain('manager');
    }
  });
});

describe('POST /v3/api/partner/order/{id}/ action=manager', () => {
  it('sets the responsible employee, shows it on the card and in the history, and clears it', async () => {
    const id = await fresh('VIEWED');
    const admin = await userOf('admin@partner.demo');
    const ordersUser = await userOf('orders@partner.demo');

    const res = await setManager(id, admin.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ SUCCESS: 'Y', MESSAGE: `Ответственный: ${nameOf(admin)}`, MANAGER: { ID: admin.id, NAME: nameOf(admin) } });
    expect(await managerUserId(id)).toBe(admin.id);

    const card = await cardOf(id, 'price');
    expect(card.MANAGER).toEqual({ ID: admin.id, NAME: nameOf(admin) });
    expect(card.HISTORY_OPERATIONS[0]).toMatchObject({
      ACTION: 'MANAGER',
      TITLE: `Ответственный: ${nameOf(admin)}`,
      USER: { ID: ordersUser.id, NAME: nameOf(ordersUser) },
    });

    // The same choice again changes nothing and writes no history.
    const before = (await k.historyOf(k.main, id)).length;
    expect((await setManager(id, admin.id, 'admin')).json()).toMatchObject({ SUCCESS: 'Y', MANAGER: { ID: admin.id } });
    expect(await k.historyOf(k.main, id)).toHaveLength(before);

    // The owner hands it to another employee, then clears it.
    expect((await setManager(id, ordersUser.id, 'owner')).json()).toMatchObject({
      SUCCESS: 'Y',
      MANAGER: { ID: ordersUser.id, NAME: nameOf(ordersUser) },
    });
    expect((await cardOf(id)).HISTORY_OPERATIONS[0].TITLE).toBe(`Ответственный: ${nameOf(ordersUser)}`);
    const cleared = await setManager(id, '', 'admin');
    expect(cleared.json()).toEqual({ SUCCESS: 'Y', MESSAGE: ORDER_MANAGER_MSG.cleared, MANAGER: null });
    const after = await cardOf(id);
    expect(after.MANAGER).toBeNull();
    expect(after.HISTORY_OPERATIONS[0]).toMatchObject({ ACTION: 'MANAGER', TITLE: 'Ответственный: не назначен' });
    expect(await managerUserId(id)).toBeNull();
    const rows = (await k.historyOf(k.main, id)).filter((h) => h.action === 'MANAGER');
    expect(rows.map((h) => h.details)).toEqual([
      { old_id: null, old_name: null, new_id: admin.id, new_name: nameOf(admin) },
      { old_id: admin.id, old_name: nameOf(admin), new_id: ordersUser.id, new_name: nameOf(ordersUser) },
      { old_id: ordersUser.id, old_name: nameOf(ordersUser), new_id: null, new_name: null },
    ]);
  });

  it('sets it on a new and a completed order; a canceled order is refused', async () => {
    const owner = await userOf('owner@partner.demo');
    for (const status of ['NEW', 'COMPLETED'] as const) {
      const id = await fresh(status);
      expect((await setManager(id, owner.id)).json()).toMatchObject({ SUCCESS: 'Y', MANAGER: { ID: owner.id } });
    }
    const canceled = await fresh('CANCELED');
    expect((await setManager(canceled, owner.id)).json()).toEqual({ SUCCESS: 'N', errors: { action: ORDER_MSG.illegalTransition('Отменен') } });
    expect(await managerUserId(canceled)).toBeNull();
  });

  it('refuses another partner’s employee, a disabled or deleted employee, a manager, a client and a non-id, changing nothing', async () => {
    const id = await fresh('NEW');
    const admin = await userOf('admin@partner.demo');
    expect((await setManager(id, admin.id)).json().SUCCESS).toBe('Y');
    const historyBefore = (await k.historyOf(k.main, id)).length;

    // An employee created and then deleted by the owner.
    const created = (
      await k.as('owner').post('/v3/api/partner/employee/', { email: 'gone.h2@partner.demo', name: 'Анна', surname: 'Ушедшая' })
    ).json();
    expect(created.SUCCESS).toBe('Y');
    expect((await k.as('owner').post('/v3/api/partner/employee/', { employee_id: String(created.ID), delete: 'Y' })).json().SUCCESS).toBe('Y');
    const client = await k.db
      .selectFrom('users')
      .select('id')
      .where('partner_id', '=', k.main)
      .where('kind', '=', 'CLIENT')
      .orderBy('id')
      .executeTakeFirstOrThrow();

    const refusals: [string | number, string][] = [
      [(await userOf('owner@second.demo')).id, ORDER_MANAGER_MSG.notFound],
      [(await userOf('manager@platform.demo')).id, ORDER_MANAGER_MSG.notFound],
      [(await userOf('former@partner.demo')).id, ORDER_MANAGER_MSG.disabled],
      [created.ID, ORDER_MANAGER_MSG.notFound],
      [client.id, ORDER_MANAGER_MSG.notFound],
      ['abc', ORDER_MANAGER_MSG.notFound],
      ['-3', ORDER_MANAGER_MSG.notFound],
      ['1.5', ORDER_MANAGER_MSG.notFound],
      ['99999999999999999999', ORDER_MANAGER_MSG.notFound],
      [String(2 ** 31 + 5), ORDER_MANAGER_MSG.notFound],
    ];
    for (const [managerId, message] of refusals) {
      const res = await setManager(id, managerId);
      expect(res.statusCode, String(managerId)).toBe(200);
      expect(res.json(), String(managerId)).toEqual({ SUCCESS: 'N', errors: { manager_id: message } });
    }
    expect(await managerUserId(id)).toBe(admin.id);
    expect(await k.historyOf(k.main, id)).toHaveLength(historyBefore);
  });

  it('is refused with 403 to staff without editOrders, and 404 on another partner’s order', async () => {
    const id = await fresh('NEW');
    const owner = await userOf('owner@partner.demo');
    for (const who of ['price', 'clients', 'loyalty'] as const) {
      const res = await setManager(id, owner.id, who);
      expect(res.statusCode, who).toBe(403);
    }
    expect(await managerUserId(id)).toBeNull();

    const foreign = (
      await k.db
        .selectFrom('orders')
        .select('id')
        .where('partner_id', '=', k.second)
        .where('status', '<>', 'CANCELED')
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    const res = await setManager(foreign, owner.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().error_description).toBe(MSG.notFound);
    // The second partner's owner may not make the main partner's staff responsible for its own order either.
    expect((await setManager(foreign, owner.id, 'second')).json()).toEqual({ SUCCESS: 'N', errors: { manager_id: ORDER_MANAGER_MSG.notFound } });
    expect((await k.order(k.second, foreign)).manager_user_id).toBeNull();
  });
});

describe("the platform manager's card", () => {
  it('shows MANAGER read-only: no MANAGERS, no manager action, and the action is refused', async () => {
    const id = await fresh('NEW');
    const clients = await userOf('clients@partner.demo');
    expect((await setManager(id, clients.id, 'admin')).json().SUCCESS).toBe('Y');
    const res = await t.app.inject({ method: 'GET', url: `/v3/api/manager/order/${id}/`, headers: bearer(managerToken) });
    expect(res.statusCode).toBe(200);
    const card = res.json() as OrderCard;
    expect(card.MANAGER).toEqual({ ID: clients.id, NAME: nameOf(clients) });
    expect(card.MANAGERS).toBeUndefined();
    expect(card.ACTIONS).not.toContain('manager');

    const owner = await userOf('owner@partner.demo');
    const refused = await t.app.inject({
      method: 'POST',
      url: `/v3/api/manager/order/${id}/`,
      payload: `action=manager&manager_id=${owner.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...bearer(managerToken) },
    });
    expect(refused.json()).toEqual({ SUCCESS: 'N', errors: { action: MSG.forbidden } });
    expect(await managerUserId(id)).toBe(clients.id);
  });
});
