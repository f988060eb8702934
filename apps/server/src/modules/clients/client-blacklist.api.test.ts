import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientListItem } from '@b2b/contracts/clients';
import { MSG } from '@b2b/contracts/messages';
import { ORDER_MSG } from '@b2b/contracts/orders';
import { readOutbox } from '@/test/outbox';
import { bearer, createTestApp, form, type TestApp } from '@/test/test-app';
import { insertClient, partnerIdOf } from './clients-test-fixtures';

let t: TestApp;
const tokens: Record<string, string> = {};
let pid: number;

const post = (data: Record<string, string>, who = 'clients@partner.demo') =>
  t.app.inject({ method: 'POST', url: '/v3/api/partner/blacklist/', ...form(data), headers: { ...form(data).headers, ...bearer(tokens[who]) } });
const listIds = async (blacklist: 'Y' | 'N') =>
  (
    (
      await t.app.inject({
        method: 'GET',
        url: `/v3/api/partner/client/?blacklist=${blacklist}&limit=36&date_start=2017-01-01&date_end=2017-01-31`,
        headers: bearer(tokens['owner@partner.demo']),
      })
    ).json().ITEMS as ClientListItem[]
  ).map((c) => c.ID);
const userEmailOf = async (clientId: number) =>
  (await t.database.db.selectFrom('users').select('email').where('client_id', '=', clientId).executeTakeFirstOrThrow()).email;

beforeAll(async () => {
  t = await createTestApp();
  for (const email of [
    'owner@partner.demo',
    'clients@partner.demo',
    'orders@partner.demo',
    'price@partner.demo',
    'loyalty@partner.demo',
    'owner@second.demo',
  ]) {
    tokens[email] = await t.login(email);
  }
  pid = await partnerIdOf(t.database.db, 'owner@partner.demo');
});
afterAll(() => t.close());

const newClients = (n: number, day: number) =>
  Promise.all(
    Array.from({ length: n }, (_, i) =>
      insertClient(t.database.db, pid, {
        name: `Черный ${day}-${i}`,
        registeredAt: `2017-01-${String(day).padStart(2, '0')}T12:00:00+03:00`,
        withUser: true,
      }),
    ),
  );

describe('POST /v3/api/partner/blacklist/', () => {
  it('blocks two clients: they move to the black list, get an e-mail and can no longer order', async () => {
    const [a, b] = await newClients(2, 10);
    const res = (await post({ 'clients[0]': String(a), 'clients[1]': String(b), delete: 'Y' })).json();
    expect(res).toMatchObject({ SUCCESS: 'Y', MESSAGE: MSG.clientsBlacklisted });
    expect(await listIds('Y')).toEqual(expect.arrayContaining([a, b]));
    expect(await listIds('N')).not.toEqual(expect.arrayContaining([a]));

    const mails = await readOutbox(t);
    for (const id of [a, b]) {
      const to = await userEmailOf(id);
      const sent = mails.filter((m) => m.to.includes(to));
      expect(sent).toHaveLength(1);
      expect(sent[0].subject).toBe('Доступ к магазину «Канцлер Опт» приостановлен');
      expect(sent[0].text).toContain('добавил вашу организацию в черный список');
      expect(sent[0].text).toContain('Здравствуйте, анна!');
    }
    await expect(t.app.services.clients.assertCanOrder(pid, a)).rejects.toMatchObject({ status: 403, message: ORDER_MSG.clientBlacklisted });
  });

  it('restores one of them: back in the active list, an e-mail, orders allowed again', async () => {
    const [a, b] = await newClients(2, 11);
    await post({ 'clients[0]': String(a), 'clients[1]': String(b), delete: 'Y' });
    const res = (await post({ 'clients[0]': String(a), delete: 'N' })).json();
    expect(res).toMatchObject({ SUCCESS: 'Y', MESSAGE: MSG.clientRestored, CHANGED: [a] });
    expect(await listIds('N')).toContain(a);
    expect(await listIds('Y')).toContain(b);
    const mails = await readOutbox(t);
    const restored = mails.filter((m) => m.subject === 'Доступ к магазину «Канцлер Опт» восстановлен');
    expect(restored.map((m) => m.to)).toEqual([await userEmailOf(a)]);
    await expect(t.app.services.clients.assertCanOrder(pid, a)).resolves.toBeUndefined();
    await expect(t.app.services.clients.assertCanOrder(pid, b)).rejects.toMatchObject({ status: 403 });
  });

  it('blocking a client already blocked changes nothing and writes no second e-mail', async () => {
    const [a] = await newClients(1, 12);
    await post({ 'clients[0]': String(a), delete: 'Y' });
    const before = (await readOutbox(t)).length;
    const res = (await post({ 'clients[0]': String(a), delete: 'Y' })).json();
    expect(res).toMatchObject({ SUCCESS: 'Y', MESSAGE: MSG.clientBlacklisted, CHANGED: [] });
    expect((await readOutbox(t)).length).toBe(before);
  });

  it("refuses with 404 when any id is another partner's or unknown, and touches none", async () => {
    const [a] = await newClients(1, 13);
    const otherPid = await partnerIdOf(t.database.db, 'owner@second.demo');
    const foreign = (await t.database.db.selectFrom('clients').select('id').where('partner_id', '=', otherPid).executeTakeFirstOrThrow()).id;
    for (const bad of [foreign, 999999999]) {
      const res = await post({ 'clients[0]': String(a), 'clients[1]': String(bad), delete: 'Y' });
      expect(res.statusCode).toBe(404);
    }
    const rows = await t.database.db.selectFrom('clients').select(['id', 'blacklisted']).where('id', 'in', [a, foreign]).execute();
    expect(rows.every((r) => !r.blacklisted)).toBe(true);
    await expect(t.app.services.clients.assertCanOrder(pid, foreign)).rejects.toMatchObject({ status: 404 });
  });

  it('answers «Вы не выбрали Клиента» when no client is chosen; 400 for a bad delete flag', async () => {
    expect((await post({ delete: 'Y' })).json()).toEqual({ SUCCESS: 'N', errors: { clients: MSG.clientNotSelected } });
    expect((await post({ 'clients[0]': '1', delete: 'maybe' })).statusCode).toBe(400);
  });

  it('needs ADMIN, CLIENTS or the owner: orders@, price@ and loyalty@ get 403', async () => {
    const [a] = await newClients(1, 14);
    for (const who of ['orders@partner.demo', 'price@partner.demo', 'loyalty@partner.demo']) {
      expect((await post({ 'clients[0]': String(a), delete: 'Y' }, who)).statusCode, who).toBe(403);
    }
    expect((await post({ 'clients[0]': String(a), delete: 'Y' }, 'owner@partner.demo')).json().SUCCESS).toBe('Y');
    expect((await post({ 'clients[0]': String(a), delete: 'N' }, 'owner@second.demo')).statusCode).toBe(404);
  });
});
