import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPeriodStart } from '@b2b/contracts/dates';
import { LOYALTY_MSG } from '@b2b/contracts/loyalty';
import { moscowDayStart } from '@/http/moscow-days';
import { bearer, createTestApp, form, type TestApp } from '@/test/test-app';
import { insertClient, partnerIdOf } from '../clients/clients-test-fixtures';

/*
 * Issue 39 §3 (shop-pricing-offers-loyalty.md §7 loyalty calls): GET loyalty/shop/status/ answers the programme's
 * state; the participation list carries its clients as CLIENTS; the balance list without a period covers the last
 * three months (§2), period=all the whole ledger.
 */

let t: TestApp;
let owner: string;
let second: string;
let pid: number;
let member: number;
const L = '/v3/api/partner/loyalty';
const DAY = 86_400_000;

const get = (url: string, token = owner) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, data: Record<string, string>, token = owner) =>
  t.app.inject({ method: 'POST', url, ...form(data), headers: { ...form(data).headers, ...bearer(token) } });

beforeAll(async () => {
  t = await createTestApp();
  [owner, second] = await Promise.all(['owner@partner.demo', 'owner@second.demo'].map((e) => t.login(e)));
  pid = await partnerIdOf(t.database.db, 'owner@partner.demo');
  member = await insertClient(t.database.db, pid, { name: 'ООО Период Баллов', registeredAt: new Date() });
  expect((await post(`${L}/participation/`, { client_id: String(member), enabled: 'Y' })).json()).toEqual({
    SUCCESS: 'Y',
    MESSAGE: LOYALTY_MSG.enabled,
  });
});
afterAll(() => t.close());

describe('GET loyalty/shop/status/', () => {
  it("answers the partner's own programme: installed and on with its date, or not installed", async () => {
    const installedAt = (
      await t.database.db.selectFrom('loyalty_programs').select('installed_at').where('partner_id', '=', pid).executeTakeFirstOrThrow()
    ).installed_at;
    const main = await get(`${L}/shop/status/`);
    expect(main.statusCode).toBe(200);
    expect(main.json()).toEqual({ INSTALLED: 'Y', STATUS: 'Y', DATE_INSTALL: Math.floor(installedAt.getTime() / 1000) });
    // The second demo partner has no programme: its own state, never the first partner's.
    expect((await get(`${L}/shop/status/`, second)).json()).toEqual({ INSTALLED: 'N', STATUS: 'N', DATE_INSTALL: null });
    // The trailing slash is optional, as on every route.
    expect((await get(`${L}/shop/status`)).statusCode).toBe(200);
  });

  it('follows the switch, and agrees with GET loyalty/shop/', async () => {
    expect((await post(`${L}/shop/status/`, { STATUS: 'N' })).json()).toEqual({ SUCCESS: 'Y', MESSAGE: LOYALTY_MSG.switchedOff });
    const off = (await get(`${L}/shop/status/`)).json();
    expect(off).toMatchObject({ INSTALLED: 'Y', STATUS: 'N' });
    expect((await get(`${L}/shop/`)).json()).toMatchObject({ INSTALLED: off.INSTALLED, STATUS: off.STATUS });
    expect((await post(`${L}/shop/status/`, { STATUS: 'Y' })).json()).toEqual({ SUCCESS: 'Y', MESSAGE: LOYALTY_MSG.switchedOn });
    expect((await get(`${L}/shop/status/`)).json()).toMatchObject({ STATUS: 'Y' });
  });

  it('is read by the loyalty viewers (owner, ADMIN, LOYALTY) only: 403 for ORDERS, PRICE, CLIENTS and the manager, 401 signed out', async () => {
    for (const email of ['admin@partner.demo', 'loyalty@partner.demo'])
      expect((await get(`${L}/shop/status/`, await t.login(email))).statusCode, email).toBe(200);
    for (const email of ['orders@partner.demo', 'price@partner.demo', 'clients@partner.demo', 'manager@platform.demo']) {
      expect((await get(`${L}/shop/status/`, await t.login(email))).statusCode, email).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: `${L}/shop/status/` })).statusCode).toBe(401);
  });
});

describe('the participation list', () => {
  it('carries its clients as CLIENTS (no ITEMS), with ENTITIES and NAV', async () => {
    const body = (await get(`${L}/participation/?query=${encodeURIComponent('Период Баллов')}`)).json();
    expect(Object.keys(body).sort()).toEqual(['CLIENTS', 'ENTITIES', 'NAV']);
    expect(body.CLIENTS).toEqual([expect.objectContaining({ ID: member, NAME: 'ООО Период Баллов', IS_AVAIL: 'Y', ENABLED: 'Y' })]);
    expect(body.NAV).toMatchObject({ CNT: 1 });
    expect(body.ENTITIES.STATUSES.length).toBeGreaterThan(0);
  });
});

describe('the balance list period', () => {
  it('defaults to the last three months; period=all and the days asked override it', async () => {
    const plus = async (comment: string) =>
      expect((await post(`${L}/clients/plus/`, { client_id: String(member), points: '10', comment })).json().SUCCESS).toBe('Y');
    for (const comment of ['четыре месяца назад', 'накануне периода', 'первый день периода', 'месяц назад', 'сегодня']) await plus(comment);
    // The movements moved back in time (a ledger row's date is its created_at).
    const periodFrom = moscowDayStart(defaultPeriodStart());
    const at: Record<string, Date> = {
      'четыре месяца назад': new Date(Date.now() - 120 * DAY),
      'накануне периода': new Date(periodFrom.getTime() - 1000),
      'первый день периода': periodFrom,
      'месяц назад': new Date(Date.now() - 30 * DAY),
    };
    for (const [comment, date] of Object.entries(at)) {
      await t.database.db
        .updateTable('loyalty_ledger')
        .set({ created_at: date })
        .where('partner_id', '=', pid)
        .where('client_id', '=', member)
        .where('comment', '=', comment)
        .execute();
    }
    const comments = async (query: string) => {
      const body = (await get(`${L}/balance/?client_id=${member}&limit=36${query}`)).json();
      return { shown: body.ITEMS.map((r: { COMMENT: string }) => r.COMMENT), nav: body.NAV };
    };
    const byDefault = await comments('');
    expect(byDefault.shown).toEqual(['первый день периода', 'месяц назад', 'сегодня']);
    expect(byDefault.nav).toMatchObject({ CNT: 3, NEW_CNT: 1 });
    expect((await comments('&date_start=&date_end=')).shown).toEqual(byDefault.shown);
    expect((await comments('&period=all')).shown).toEqual([
      'четыре месяца назад',
      'накануне периода',
      'первый день периода',
      'месяц назад',
      'сегодня',
    ]);
    const day = (d: Date) => new Date(d.getTime() + 3 * 3600_000).toISOString().slice(0, 10);
    expect((await comments(`&date_start=${day(new Date(Date.now() - 125 * DAY))}&date_end=${day(new Date(Date.now() - 115 * DAY))}`)).shown).toEqual([
      'четыре месяца назад',
    ]);
  });
});
