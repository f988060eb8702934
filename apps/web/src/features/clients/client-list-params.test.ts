import { describe, expect, it } from 'vitest';
import { pickSaved } from '@/shared/list-params/list-params';
import { CLIENT_LIST_DEFAULTS, CLIENT_LIST_SAVED_KEYS, GROUP_LIST_SAVED_KEYS, listRequest, offsetOf, pageOf } from './client-list-params';

describe('client list params', () => {
  it('sends only the known params, with the tab flag', () => {
    expect(listRequest({ ...CLIENT_LIST_DEFAULTS, date_start: '2024-01-01', junk: 'x' }, { blacklist: 'Y' })).toEqual({
      sort: 'REGISTRATION_DATE',
      order: 'DESC',
      limit: '24',
      offset: '0',
      date_start: '2024-01-01',
      blacklist: 'Y',
    });
  });

  it('turns offsets into pages and back', () => {
    expect(pageOf({ limit: '24', offset: '48' })).toBe(3);
    expect(pageOf({ limit: '12' })).toBe(1);
    expect(offsetOf(3, 12)).toBe('24');
  });

  it('sends the search and keeps it in the saved params like the other filters', () => {
    expect(listRequest({ ...CLIENT_LIST_DEFAULTS, query: '7712' })).toMatchObject({ query: '7712' });
    const url = { ...CLIENT_LIST_DEFAULTS, query: 'ромашка', date_start: '2024-01-01' };
    expect(pickSaved(url, CLIENT_LIST_SAVED_KEYS)).toMatchObject({ query: 'ромашка', date_start: '2024-01-01' });
    expect(pickSaved({ query: 'розн', offset: '24' }, GROUP_LIST_SAVED_KEYS)).toEqual({ query: 'розн' });
  });
});
