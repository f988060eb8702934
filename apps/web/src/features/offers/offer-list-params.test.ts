import { describe, expect, it } from 'vitest';
import { reconcileListParams } from '@/shared/list-params/list-params';
import { OFFER_LIST_DEFAULTS, OFFER_SAVED_KEYS, offerFilterPatch, offerListRequest, offerPagePatch } from './offer-list-params';

/** 28.11.2026 03:30 in Moscow (00:30 UTC): the Moscow day is the 28th. */
const NOW = new Date('2026-11-28T00:30:00Z');

describe('offerListRequest', () => {
  it('defaults to the newest active offers, 12 a page, page 1, from three months back (open-ended)', () => {
    expect(offerListRequest({}, NOW)).toEqual({ sort: 'DATE_CREATE', order: 'DESC', active: 'Y', limit: 12, p: 1, date_start: '2026-08-28' });
    // The Moscow day counts: 22:30 UTC on the 27th is already the 28th in Moscow.
    expect(offerListRequest({}, new Date('2026-11-27T22:30:00Z')).date_start).toBe('2026-08-28');
    // A day the month lacks falls back to its last: 31.05 → 28.02.
    expect(offerListRequest({}, new Date('2026-05-31T09:00:00Z')).date_start).toBe('2026-02-28');
  });

  it('asks every offer once the period is cleared (period=all), and the days chosen otherwise', () => {
    expect(offerListRequest({ period: 'all' }, NOW)).toEqual({ sort: 'DATE_CREATE', order: 'DESC', active: 'Y', limit: 12, p: 1, period: 'all' });
    expect(offerListRequest({ period: 'all', date_end: '2026-12-31' }, NOW)).toMatchObject({ date_end: '2026-12-31' });
    expect(offerListRequest({ period: 'all', date_end: '2026-12-31' }, NOW)).not.toHaveProperty('period');
    expect(offerListRequest({ period: 'all', date_end: '2026-12-31' }, NOW)).not.toHaveProperty('date_start');
    // Anything else in period is no choice: the default period.
    expect(offerListRequest({ period: 'ever' }, NOW)).toMatchObject({ date_start: '2026-08-28' });
  });

  it('keeps valid values and falls back on the others', () => {
    expect(
      offerListRequest({ sort: 'NAME', order: 'asc', active: 'ALL', limit: '36', p: '3', date_start: '01.02.2026', date_end: '2026-03-31' }),
    ).toEqual({ sort: 'NAME', order: 'ASC', active: 'ALL', limit: 36, p: 3, date_start: '2026-02-01', date_end: '2026-03-31' });
    expect(offerListRequest({ sort: 'PRICE', order: 'up', active: 'maybe', limit: '50', p: '-2', date_start: '2026-02-30' }, NOW)).toEqual({
      sort: 'DATE_CREATE',
      order: 'DESC',
      active: 'Y',
      limit: 12,
      p: 1,
      date_start: '2026-08-28',
    });
  });

  it("carries the manager's partner, and no partner for a malformed one", () => {
    expect(offerListRequest({ partner_id: '4' })).toMatchObject({ partner_id: 4 });
    expect(offerListRequest({ partner_id: 'x' })).not.toHaveProperty('partner_id');
    expect(offerListRequest({ partner_id: '0' })).not.toHaveProperty('partner_id');
  });
});

describe('offer list patches', () => {
  it('a filter change goes back to page 1 and leaves defaults out of the URL', () => {
    expect(offerFilterPatch({ active: 'N' })).toEqual({ p: null, active: 'N' });
    expect(offerFilterPatch({ active: 'Y', sort: 'DATE_CREATE', date_start: '2026-01-01' })).toEqual({
      p: null,
      active: null,
      sort: null,
      date_start: '2026-01-01',
    });
  });

  it('paging keeps the page, a new page size starts again at page 1', () => {
    expect(offerPagePatch(3, 12, { limit: 12 })).toEqual({ limit: null, p: 3 });
    expect(offerPagePatch(3, 24, { limit: 12 })).toEqual({ limit: 24, p: null });
    expect(offerPagePatch(1, 12, { limit: 12 })).toEqual({ limit: null, p: null });
  });
});

describe('the params_offers cookie', () => {
  it('keeps the period, the page size and the active filter, not the sort or the page', () => {
    const result = reconcileListParams({ active: 'ALL', limit: '24', p: '2', sort: 'NAME', date_start: '2026-01-01' }, undefined, OFFER_SAVED_KEYS);
    expect(result.save).toEqual({ active: 'ALL', limit: '24', date_start: '2026-01-01' });
  });

  it('keeps a cleared period: the list comes back with every offer, not the default three months', () => {
    const result = reconcileListParams({}, JSON.stringify({ period: 'all' }), OFFER_SAVED_KEYS);
    expect(result.query).toEqual({ period: 'all' });
    expect(offerListRequest({ ...OFFER_LIST_DEFAULTS, ...result.query }, NOW)).toMatchObject({ period: 'all' });
    expect(offerListRequest({ ...OFFER_LIST_DEFAULTS, ...result.query }, NOW)).not.toHaveProperty('date_start');
  });

  it('fills the URL from the cookie: the saved filters come back on return', () => {
    const result = reconcileListParams({}, JSON.stringify({ active: 'N', date_end: '2026-05-01' }), OFFER_SAVED_KEYS);
    expect(result).toMatchObject({ rewriteUrl: true, query: { active: 'N', date_end: '2026-05-01' } });
    expect(offerListRequest({ ...OFFER_LIST_DEFAULTS, ...result.query })).toMatchObject({ active: 'N', date_end: '2026-05-01' });
  });
});
