import { describe, expect, it } from 'vitest';
import {
  BALANCE_DEFAULTS,
  BALANCE_SAVED_KEYS,
  balanceRequest,
  filterPatch,
  pagerPatch,
  PARTICIPATION_DEFAULTS,
  participationRequest,
} from './loyalty-list-params';

describe('participationRequest', () => {
  it('asks by name, ascending, 24 a page by default', () => {
    expect(participationRequest({})).toEqual({ sort: 'NAME', order: 'ASC', limit: 24, p: 1 });
  });

  it('keeps the filters and drops what the server would refuse', () => {
    expect(participationRequest({ query: ' ромашка ', is_avail: 'Y', status_id: '3', sort: 'BALANCE', order: 'desc', limit: '36', p: '2' })).toEqual({
      query: 'ромашка',
      is_avail: 'Y',
      status_id: 3,
      sort: 'BALANCE',
      order: 'DESC',
      limit: 36,
      p: 2,
    });
    expect(participationRequest({ is_avail: 'X', status_id: 'abc', sort: 'DROP', limit: '1000', p: '-1' })).toEqual({
      sort: 'NAME',
      order: 'ASC',
      limit: 24,
      p: 1,
    });
  });
});

const NOW = new Date('2026-11-28T09:00:00Z');

describe('balanceRequest', () => {
  it('lists the oldest first by default (§2), from three months back', () => {
    expect(balanceRequest({}, NOW)).toEqual({ order: 'ASC', limit: 24, p: 1, date_start: '2026-08-28' });
  });

  it('asks the whole ledger once the period is cleared (period=all), kept in the params_loyalty_balance cookie', () => {
    expect(balanceRequest({ period: 'all' }, NOW)).toEqual({ order: 'ASC', limit: 24, p: 1, period: 'all' });
    expect(BALANCE_SAVED_KEYS).toContain('period');
    expect(balanceRequest({ period: 'all', date_start: '2026-01-01' }, NOW)).toEqual({ order: 'ASC', limit: 24, p: 1, date_start: '2026-01-01' });
  });

  it('keeps the operation, client and period; a dd.MM.yyyy day is read too', () => {
    expect(balanceRequest({ operation: 'PLUS', client_id: '7', date_start: '01.02.2026', date_end: '2026-02-28', order: 'DESC' })).toEqual({
      operation: 'PLUS',
      client_id: 7,
      date_start: '2026-02-01',
      date_end: '2026-02-28',
      order: 'DESC',
      limit: 24,
      p: 1,
    });
    expect(balanceRequest({ operation: 'STEAL', date_start: '31.02.2026' }, NOW)).toEqual({
      order: 'ASC',
      limit: 24,
      p: 1,
      date_start: '2026-08-28',
    });
  });
});

describe('patches', () => {
  it('a filter change starts at page 1 and leaves defaults out of the URL', () => {
    expect(filterPatch(BALANCE_DEFAULTS, { operation: 'PLUS', order: 'ASC' })).toEqual({ p: null, operation: 'PLUS', order: null });
    expect(filterPatch(PARTICIPATION_DEFAULTS, { sort: 'BALANCE', order: 'DESC' })).toEqual({ p: null, sort: 'BALANCE', order: 'DESC' });
    expect(filterPatch(PARTICIPATION_DEFAULTS, { query: null })).toEqual({ p: null, query: null });
  });

  it('a page change keeps the size; a new size starts at page 1', () => {
    expect(pagerPatch(PARTICIPATION_DEFAULTS, 3, 24, { limit: 24 })).toEqual({ p: 3, limit: null });
    expect(pagerPatch(PARTICIPATION_DEFAULTS, 3, 36, { limit: 24 })).toEqual({ p: null, limit: 36 });
    expect(pagerPatch(BALANCE_DEFAULTS, 1, 12, { limit: 12 })).toEqual({ p: null, limit: 12 });
  });
});
