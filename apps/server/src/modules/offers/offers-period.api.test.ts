import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPeriodStart } from '@b2b/contracts/dates';
import type { OfferItem } from '@b2b/contracts/offers';
import { moscowDayStart } from '@/http/moscow-days';
import { bearer, createTestApp, type TestApp } from '@/test/test-app';
import { partnerIdOf } from '../clients/clients-test-fixtures';

/*
 * Issue 39 §3: the offers list without a period covers the last three months (shop-pricing-offers-loyalty.md §2 "The
 * default list period is three months back to now"): an offer counts when its period overlaps them, so a running
 * offer that began long ago and a planned one stay in view, one that ended before them does not; period=all and
 * the days asked override it.
 */

let t: TestApp;
let orders: string;
let manager: string;
let pid: number;

const DAY = 86_400_000;
const PREFIX = `Период ${process.pid}`;
const ago = (days: number) => new Date(Date.now() - days * DAY);

const names = async (url: string, token = orders) => {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(res.statusCode, url).toBe(200);
  const body = res.json();
  return {
    names: (body.ITEMS as OfferItem[])
      .map((o) => o.NAME)
      .filter((n) => n.startsWith(PREFIX))
      .sort(),
    nav: body.NAV,
  };
};

beforeAll(async () => {
  t = await createTestApp();
  [orders, manager] = await Promise.all(['orders@partner.demo', 'manager@platform.demo'].map((e) => t.login(e)));
  pid = await partnerIdOf(t.database.db, 'owner@partner.demo');
  // The first day of the default period, as an instant: an offer whose stored end (the instant after its last day) is
  // this one ended the day before the period.
  const periodFrom = moscowDayStart(defaultPeriodStart());
  const offers: { name: string; start: Date; end: Date | null }[] = [
    { name: 'a: с пяти месяцев назад до следующего месяца', start: ago(150), end: ago(-30) },
    { name: 'b: закончилась четыре месяца назад', start: ago(150), end: ago(120) },
    { name: 'c: запланирована через два месяца', start: ago(-60), end: ago(-90) },
    { name: 'd: без конца, с прошлого года', start: ago(400), end: null },
    { name: 'e: закончилась в первый день периода', start: ago(200), end: new Date(periodFrom.getTime() + DAY) },
    { name: 'f: закончилась накануне периода', start: ago(200), end: periodFrom },
  ];
  await t.database.db
    .insertInto('offers')
    .values(
      offers.map((o) => ({ partner_id: pid, type: 'DISCOUNT', name: `${PREFIX} ${o.name}`, date_start: o.start, date_end: o.end, active: true })),
    )
    .execute();
});
afterAll(() => t.close());

const named = (...letters: string[]) => letters.map((l) => expect.stringMatching(new RegExp(`^${PREFIX} ${l}:`)));

describe('the offers list period', () => {
  it('defaults to the last three months: the offers overlapping them, planned ones included', async () => {
    const { names: shown, nav } = await names('/v3/api/partner/offer/?active=ALL&limit=36');
    expect(shown).toEqual(named('a', 'c', 'd', 'e'));
    // CNT_ALL stays the partner's whole collection: the two that ended before the period are counted there only.
    expect(nav.CNT_ALL).toBeGreaterThanOrEqual(nav.CNT + 2);
  });

  it('is the same for an empty or malformed period, and for the manager', async () => {
    expect((await names('/v3/api/partner/offer/?active=ALL&limit=36&date_start=&date_end=')).names).toEqual(named('a', 'c', 'd', 'e'));
    expect((await names('/v3/api/partner/offer/?active=ALL&limit=36&date_start=31.02.2026&period=some')).names).toEqual(named('a', 'c', 'd', 'e'));
    expect((await names(`/v3/api/manager/offer/?active=ALL&limit=36&partner_id=${pid}`, manager)).names).toEqual(named('a', 'c', 'd', 'e'));
  });

  it('is the whole history with period=all, and the days asked when there are any', async () => {
    const all = await names('/v3/api/partner/offer/?active=ALL&limit=36&period=all');
    expect(all.names).toEqual(named('a', 'b', 'c', 'd', 'e', 'f'));
    expect(all.nav.CNT).toBe(all.nav.CNT_ALL);
    const day = (d: Date) => new Date(d.getTime() + 3 * 3600_000).toISOString().slice(0, 10);
    // Four to five months back: the offers running then, whatever the default.
    expect((await names(`/v3/api/partner/offer/?active=ALL&limit=36&date_start=${day(ago(140))}&date_end=${day(ago(125))}`)).names).toEqual(
      named('a', 'b', 'd', 'e', 'f'),
    );
    // Only a start: from then on, open-ended (in 70 days: the planned one and the one without an end).
    expect((await names(`/v3/api/partner/offer/?active=ALL&limit=36&date_start=${day(ago(-70))}`)).names).toEqual(named('c', 'd'));
  });
});
