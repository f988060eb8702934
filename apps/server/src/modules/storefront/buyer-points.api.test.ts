import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@b2b/contracts/limits';
import { LOYALTY_MSG } from '@b2b/contracts/loyalty';
import { MSG } from '@b2b/contracts/messages';
import { bearer, createTestApp, DEMO_PASSWORD, shopToken, type TestApp } from '@/test/test-app';
import { hashPassword } from '../auth/passwords';
import { insertClient, partnerIdOf } from '../clients/clients-test-fixtures';

/*
 * Issue 39 §4: the buyer's points in the shop's header open its own points history. The figures (earned, spent,
 * burned, burning within LIMITS.loyaltyBurnSoonDays) are checked against plain SQL over the ledger — the burning ones
 * by a window query drawing everything spent from the awards burning first — and against the sums worked out by hand
 * for a ledger written here; the rows are only the buyer's own client's.
 */

let t: TestApp;
let pid: number;
let demoClientId: number;
let demoBuyer: string;
const URL = '/v3/api/client/loyalty/history/';
const DAY = 86400_000;
let serial = 0;

const get = (token: string | undefined, query = '') => t.app.inject({ method: 'GET', url: `${URL}${query}`, headers: token ? bearer(token) : {} });

/** A new client of the demo shop with a buyer who can sign in; a member of the programme when asked. */
async function newBuyer(member: boolean) {
  const db = t.database.db;
  const clientId = await insertClient(db, pid, { name: `ООО Баллы ${++serial}`, registeredAt: new Date(), withUser: true });
  const { email } = await db.selectFrom('users').select('email').where('client_id', '=', clientId).executeTakeFirstOrThrow();
  await db
    .updateTable('users')
    .set({ password_hash: await hashPassword(DEMO_PASSWORD), email_confirmed_at: new Date() })
    .where('client_id', '=', clientId)
    .execute();
  if (member)
    await db
      .insertInto('loyalty_members')
      .values({ partner_id: pid, client_id: clientId, enabled: true, card_code: `CARD-${clientId}`, balance: '0' })
      .execute();
  return { clientId, token: await shopToken(t, email) };
}

type Op = 'CREDIT' | 'DEBIT' | 'BURN' | 'RETURN' | 'PLUS' | 'MINUS';

/** Ledger rows written as the ledger writes them (the member's balance moves with each). */
async function write(clientId: number, rows: { op: Op; points: number; daysAgo: number; burnInDays?: number }[]) {
  const now = Date.now();
  for (const r of rows) {
    await t.database.db
      .insertInto('loyalty_ledger')
      .values({
        partner_id: pid,
        client_id: clientId,
        operation: r.op,
        points: String(r.points),
        title: `${r.op} ${r.points}`,
        created_at: new Date(now - r.daysAgo * DAY),
        burn_at: r.burnInDays === undefined ? null : new Date(now + r.burnInDays * DAY),
      })
      .execute();
    await t.database.db
      .updateTable('loyalty_members')
      .set((eb) => ({ balance: eb('balance', '+', String(r.points)) }))
      .where('partner_id', '=', pid)
      .where('client_id', '=', clientId)
      .execute();
  }
}

/** The oracle: plain SQL over the client's ledger rows. */
async function oracle(clientId: number) {
  const { rows } = await sql<{ earned: string; spent: string; burned: string; balance: string; soon: string }>`
    with own as (select * from loyalty_ledger where partner_id = ${pid} and client_id = ${clientId}),
      awards as (
        select id, points, burn_at, sum(points) over (order by burn_at asc nulls last, id) as upto
        from own where points > 0),
      out as (select coalesce(-sum(points), 0) as spent from own where points < 0)
    select
      (select coalesce(sum(points), 0) from own where points > 0) as earned,
      (select coalesce(-sum(points), 0) from own where points < 0 and operation <> 'BURN') as spent,
      (select coalesce(-sum(points), 0) from own where operation = 'BURN') as burned,
      (select balance from loyalty_members where partner_id = ${pid} and client_id = ${clientId}) as balance,
      (select coalesce(sum(greatest(0, least(a.points, a.upto - out.spent))), 0) from awards a, out
        where a.burn_at > now() and a.burn_at <= now() + make_interval(days => ${LIMITS.loyaltyBurnSoonDays})) as soon`.execute(t.database.db);
  const whole = (v: string) => new Decimal(v).toFixed(0);
  const r = rows[0];
  return { EARNED: whole(r.earned), SPENT: whole(r.spent), BURNED: whole(r.burned), BALANCE: whole(r.balance), BURN_SOON: whole(r.soon) };
}

const ownIds = async (clientId: number) =>
  (
    await t.database.db
      .selectFrom('loyalty_ledger')
      .select('id')
      .where('partner_id', '=', pid)
      .where('client_id', '=', clientId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute()
  ).map((r) => Number(r.id));

beforeAll(async () => {
  t = await createTestApp();
  pid = await partnerIdOf(t.database.db, 'owner@partner.demo');
  demoBuyer = await shopToken(t);
  demoClientId = (await t.database.db.selectFrom('users').select('client_id').where('email', '=', 'buyer@client.demo').executeTakeFirstOrThrow())
    .client_id!;
});
afterAll(() => t.close());

describe("the buyer's points history", () => {
  it('sums earned, spent, burned and what burns within the window as the ledger and the hand count have them', async () => {
    const { clientId, token } = await newBuyer(true);
    await write(clientId, [
      { op: 'CREDIT', points: 10, daysAgo: 90, burnInDays: -40 },
      { op: 'CREDIT', points: 100, daysAgo: 60, burnInDays: 5 },
      { op: 'BURN', points: -10, daysAgo: 40 },
      { op: 'CREDIT', points: 200, daysAgo: 30, burnInDays: 20 },
      { op: 'DEBIT', points: -30, daysAgo: 20 },
      { op: 'CREDIT', points: 300, daysAgo: 10, burnInDays: 60 },
      { op: 'PLUS', points: 50, daysAgo: 5 },
      { op: 'MINUS', points: -20, daysAgo: 1 },
    ]);
    const answer = (await get(token)).json();
    // By hand: 60 out (burn 10, debit 30, minus 20) drawn from the awards burning first: the expired 10, then 50 of
    // the 100 burning in 5 days; 50 + 200 burn within 30 days, the 300 (in 60 days) and the 50 (never) do not.
    expect(answer).toMatchObject({ TITLE: expect.any(String), BALANCE: '600', EARNED: '660', SPENT: '50', BURNED: '10' });
    expect(answer.BURN_SOON).toMatchObject({ BONUS_CNT: '250', DAYS: LIMITS.loyaltyBurnSoonDays });
    expect(answer.BURN_SOON.DATES.map((d: { BONUS_CNT: string }) => d.BONUS_CNT)).toEqual(['50', '200']);
    const [soonest, later] = answer.BURN_SOON.DATES.map((d: { DATE_BURN: number }) => d.DATE_BURN * 1000);
    expect(Math.abs(soonest - (Date.now() + 5 * DAY))).toBeLessThan(60_000);
    expect(Math.abs(later - (Date.now() + 20 * DAY))).toBeLessThan(60_000);
    const sqlSays = await oracle(clientId);
    expect({ ...answer, BURN_SOON: answer.BURN_SOON.BONUS_CNT }).toMatchObject(sqlSays);
    expect(answer.NAV).toEqual({ CNT: 8, CNT_ALL: 8 });
    expect(answer.ITEMS.map((i: { ID: number }) => i.ID)).toEqual(await ownIds(clientId));
    expect(answer.ITEMS[0]).toMatchObject({ OPERATION: 'MINUS', BONUS_CNT: '-20', TITLE: 'MINUS -20', DATE_BURN: null });
  });

  it("shows the demo buyer its own ledger only, page by page, while other members' rows are there", async () => {
    const other = await newBuyer(true);
    await write(other.clientId, [{ op: 'PLUS', points: 777, daysAgo: 0 }]);
    const mine = await ownIds(demoClientId);
    expect(mine.length).toBeGreaterThan(0);
    const first = (await get(demoBuyer)).json();
    expect({ ...first, BURN_SOON: first.BURN_SOON.BONUS_CNT }).toMatchObject(await oracle(demoClientId));
    expect(first.NAV).toEqual({ CNT: mine.length, CNT_ALL: mine.length });
    expect(first.ITEMS.map((i: { ID: number }) => i.ID)).toEqual(mine.slice(0, LIMITS.buyerPointsPageSize));
    const second = (await get(demoBuyer, '?limit=2&offset=1')).json();
    expect(second.ITEMS.map((i: { ID: number }) => i.ID)).toEqual(mine.slice(1, 3));
    // The other member sees its one row and none of the demo buyer's; the demo buyer none of its.
    const theirs = (await get(other.token)).json();
    expect(theirs.ITEMS.map((i: { ID: number }) => i.ID)).toEqual(await ownIds(other.clientId));
    expect(theirs).toMatchObject({ BALANCE: '777', EARNED: '777', SPENT: '0', NAV: { CNT: 1 } });
    expect(first.ITEMS.some((i: { BONUS_CNT: string; TITLE: string }) => i.TITLE === 'PLUS 777')).toBe(false);
    // Paging past the end and nonsense paging answer an empty page or the first, never an error.
    expect((await get(demoBuyer, `?offset=${mine.length + 10}`)).json().ITEMS).toEqual([]);
    expect((await get(demoBuyer, '?limit=-5&offset=abc')).json().ITEMS).toHaveLength(Math.min(mine.length, LIMITS.buyerPointsPageSize));
  });

  it('answers a clear message to a buyer outside the programme and when the programme is off', async () => {
    const outsider = await newBuyer(false);
    expect((await get(outsider.token)).json()).toEqual({ SUCCESS: 'N', errors: { loyalty_client_not_found: LOYALTY_MSG.buyerNotMember } });
    const switchedOff = await newBuyer(true);
    await t.database.db
      .updateTable('loyalty_members')
      .set({ enabled: false })
      .where('partner_id', '=', pid)
      .where('client_id', '=', switchedOff.clientId)
      .execute();
    expect((await get(switchedOff.token)).json()).toEqual({ SUCCESS: 'N', errors: { loyalty_client_not_found: LOYALTY_MSG.buyerNotMember } });
    await t.database.db.updateTable('loyalty_programs').set({ enabled: false }).where('partner_id', '=', pid).execute();
    try {
      expect((await get(demoBuyer)).json()).toEqual({ SUCCESS: 'N', errors: { loyalty: LOYALTY_MSG.programOff } });
      // The header then shows no points: the buyer's programme answers SHOW N.
      expect((await t.app.inject({ method: 'GET', url: '/v3/api/client/loyalty/', headers: bearer(demoBuyer) })).json()).toEqual({ SHOW: 'N' });
    } finally {
      await t.database.db.updateTable('loyalty_programs').set({ enabled: true }).where('partner_id', '=', pid).execute();
    }
    expect((await get(demoBuyer)).json().SUCCESS).toBeUndefined();
  });

  it('is a signed-in buyer’s: a visitor signs in, staff and the manager are refused', async () => {
    const out = await get(undefined);
    expect(out.statusCode).toBe(401);
    for (const email of ['owner@partner.demo', 'loyalty@partner.demo', 'manager@platform.demo']) {
      const res = await get(await t.login(email));
      expect(res.statusCode).toBe(403);
      expect(res.json().error_description).toBe(MSG.forbidden);
    }
  });
});
