import { describe, expect, it } from 'vitest';
import { applyPatch, mergeListParams, parseSavedParams, pickSaved, reconcileListParams, reconcileSavedParams, sameParams } from './list-params';

describe('parseSavedParams', () => {
  it('reads a JSON object of strings and numbers', () => {
    expect(parseSavedParams('{"status":"NEW","limit":24,"x":null,"y":[1]}')).toEqual({ status: 'NEW', limit: '24' });
  });
  it('gives nothing for a missing or broken cookie', () => {
    expect(parseSavedParams(undefined)).toEqual({});
    expect(parseSavedParams('{oops')).toEqual({});
    expect(parseSavedParams('[1,2]')).toEqual({});
    expect(parseSavedParams('"text"')).toEqual({});
  });
});

describe('pickSaved', () => {
  it('keeps only the chosen, non-empty keys', () => {
    expect(pickSaved({ status: 'NEW', offset: '12', client_id: '' }, ['status', 'client_id'])).toEqual({ status: 'NEW' });
  });
});

describe('mergeListParams', () => {
  it('lets the URL win and fills the rest from the cookie', () => {
    expect(mergeListParams({ status: 'NEW', offset: '12' }, { status: 'VIEWED', date_start: '1700000000' })).toEqual({
      status: 'NEW',
      offset: '12',
      date_start: '1700000000',
    });
  });
  it('keeps the URL as it is when nothing is saved', () => {
    expect(mergeListParams({ a: '1' }, {})).toEqual({ a: '1' });
  });
});

describe('sameParams', () => {
  it('compares keys and values, not order', () => {
    expect(sameParams({ a: '1', b: '2' }, { b: '2', a: '1' })).toBe(true);
    expect(sameParams({ a: '1' }, { a: '1', b: '2' })).toBe(false);
    expect(sameParams({ a: '1' }, { a: '2' })).toBe(false);
  });
});

describe('applyPatch', () => {
  it('sets values as strings and removes empty ones', () => {
    expect(applyPatch({ a: '1', b: '2', c: '3' }, { a: 5, b: null, c: '', d: undefined, e: 'x' })).toEqual({
      a: '5',
      e: 'x',
    });
  });
});

describe('reconcileListParams', () => {
  const keys = ['status', 'client_id'];

  it('adds saved values the URL lacks and rewrites the URL', () => {
    expect(reconcileListParams({ offset: '12' }, '{"status":"NEW"}', keys)).toEqual({
      query: { offset: '12', status: 'NEW' },
      rewriteUrl: true,
      save: null,
    });
  });

  it('saves the chosen values the URL brings', () => {
    expect(reconcileListParams({ status: 'VIEWED', offset: '0' }, '{"status":"NEW"}', keys)).toEqual({
      query: { status: 'VIEWED', offset: '0' },
      rewriteUrl: false,
      save: { status: 'VIEWED' },
    });
  });

  it('changes nothing when URL and cookie agree', () => {
    expect(reconcileListParams({ status: 'NEW' }, '{"status":"NEW"}', keys)).toEqual({
      query: { status: 'NEW' },
      rewriteUrl: false,
      save: null,
    });
    expect(reconcileListParams({}, undefined, keys)).toEqual({ query: {}, rewriteUrl: false, save: null });
  });

  it('ignores saved keys that are no longer chosen', () => {
    expect(reconcileListParams({}, '{"limit":"36"}', keys)).toEqual({ query: {}, rewriteUrl: false, save: null });
  });

  it('keeps a cleared filter cleared once the change wrote the cookie first', () => {
    // The hook's setParams writes the cookie from the new query, then changes the URL.
    const next = applyPatch({ status: 'NEW', client_id: '5' }, { status: null });
    const cookie = JSON.stringify(pickSaved(next, keys));
    expect(reconcileListParams(next, cookie, keys)).toEqual({ query: { client_id: '5' }, rewriteUrl: false, save: null });
  });
});

describe('reconcileSavedParams', () => {
  const orders = (raw?: string) => ({ raw, keys: ['status', 'date_start'] });
  const partner = (raw?: string) => ({ raw, keys: ['partner_id'] });

  it('fills the URL from each cookie with its own keys, the URL winning', () => {
    const result = reconcileSavedParams({ offset: '12' }, [orders('{"status":"NEW","partner_id":"9"}'), partner('{"partner_id":"3"}')]);
    expect(result.query).toEqual({ offset: '12', status: 'NEW', partner_id: '3' });
    expect(result.rewriteUrl).toBe(true);
    expect(result.saves).toEqual([null, null]);
  });

  it('saves to each cookie what the URL sets for its keys', () => {
    const result = reconcileSavedParams({ status: 'VIEWED', partner_id: '5' }, [orders('{"status":"NEW"}'), partner(undefined)]);
    expect(result.query).toEqual({ status: 'VIEWED', partner_id: '5' });
    expect(result.rewriteUrl).toBe(false);
    expect(result.saves).toEqual([{ status: 'VIEWED' }, { partner_id: '5' }]);
  });

  it('is reconcileListParams for one cookie', () => {
    const url = { date_start: '2024-01-01' };
    const one = reconcileSavedParams(url, [orders('{"status":"NEW"}')]);
    const plain = reconcileListParams(url, '{"status":"NEW"}', ['status', 'date_start']);
    expect(one).toEqual({ query: plain.query, rewriteUrl: plain.rewriteUrl, saves: [plain.save] });
  });
});
