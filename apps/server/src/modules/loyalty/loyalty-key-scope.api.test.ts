import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOYALTY_MSG } from '@b2b/contracts/loyalty';
import { bearer, createTestApp, form, type TestApp } from '@/test/test-app';
import { insertClient, partnerIdOf } from '../clients/clients-test-fixtures';

/*
 * Issue 37.7: an idempotency key names one movement of one client. Reused for another client it was answered
 * «Баллы начислены» and credited nothing; now it is that client's own movement, while a resend for the same client
 * and operation still moves points once.
 */

let t: TestApp;
let owner: string;
let pid: number;
const L = '/v3/api/partner/loyalty';
const post = (url: string, data: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, ...form(data), headers: { ...form(data).headers, ...bearer(owner) } });

async function member(name: string): Promise<number> {
  const id = await insertClient(t.database.db, pid, { name, registeredAt: new Date() });
  expect((await post(`${L}/participation/`, { client_id: String(id), enabled: 'Y' })).json()).toEqual({ SUCCESS: 'Y', MESSAGE: LOYALTY_MSG.enabled });
  return id;
}
const balanceOf = async (clientId: number) =>
  Number(
    (
      await t.database.db
        .selectFrom('loyalty_members')
        .select('balance')
        .where('partner_id', '=', pid)
        .where('client_id', '=', clientId)
        .executeTakeFirstOrThrow()
    ).balance,
  );
const rowsOf = async (clientId: number) =>
  (
    await t.database.db
      .selectFrom('loyalty_ledger')
      .select(['operation', 'points'])
      .where('partner_id', '=', pid)
      .where('client_id', '=', clientId)
      .orderBy('id')
      .execute()
  ).map((r) => [r.operation, Number(r.points)]);

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login('owner@partner.demo');
  pid = await partnerIdOf(t.database.db, 'owner@partner.demo');
});
afterAll(() => t.close());

describe('a loyalty idempotency key', () => {
  it('reused for another client credits that client; resent for the same client credits once', async () => {
    const [first, other] = [await member('ООО Ключ Первый'), await member('ООО Ключ Второй')];
    const plus = (clientId: number, points: string) =>
      post(`${L}/clients/plus/`, { client_id: String(clientId), points, comment: 'Бонус', key: 'form-42' });

    expect((await plus(first, '100')).json()).toEqual({ SUCCESS: 'Y', MESSAGE: LOYALTY_MSG.plusDone, BALANCE: '100' });
    expect((await plus(other, '70')).json()).toEqual({ SUCCESS: 'Y', MESSAGE: LOYALTY_MSG.plusDone, BALANCE: '70' });
    expect(await balanceOf(other)).toBe(70);

    // The resend of the first form: no second movement, the answer tells the balance as it is.
    expect((await plus(first, '100')).json()).toEqual({ SUCCESS: 'Y', MESSAGE: LOYALTY_MSG.plusDone, BALANCE: '100' });
    expect(await rowsOf(first)).toEqual([['PLUS', 100]]);
    expect(await rowsOf(other)).toEqual([['PLUS', 70]]);

    // The same key for another operation of the same client is that operation's own.
    const minus = await post(`${L}/clients/minus/`, { client_id: String(first), points: '30', comment: 'Списание', key: 'form-42' });
    expect(minus.json()).toEqual({ SUCCESS: 'Y', MESSAGE: LOYALTY_MSG.minusDone, BALANCE: '70' });
    expect(await rowsOf(first)).toEqual([
      ['PLUS', 100],
      ['MINUS', -30],
    ]);
  });

  it('30 parallel sends of one key to 3 clients: each client credited exactly once', async () => {
    const clients = [await member('ООО Параллель 1'), await member('ООО Параллель 2'), await member('ООО Параллель 3')];
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        post(`${L}/clients/plus/`, { client_id: String(clients[i % 3]), points: '10', comment: 'Параллельно', key: 'same-key' }),
      ),
    );
    for (const a of answers) expect(a.json()).toMatchObject({ SUCCESS: 'Y', MESSAGE: LOYALTY_MSG.plusDone });
    for (const id of clients) expect(await rowsOf(id)).toEqual([['PLUS', 10]]);
  });
});
