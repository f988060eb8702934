import { describe, expect, it } from 'vitest';
import { columnSortOrder, exportRequest, filterPatch, orderListRequest, pageOf, pagePatch, sortPatch } from './order-list-params';

describe('orderListRequest', () => {
  it('defaults to the newest orders, 12 a page', () => {
    expect(orderListRequest({})).toEqual({ sort: 'CREATE_DATE', order: 'DESC', limit: 12, offset: 0 });
  });

  it('keeps valid filters and drops invalid ones', () => {
    expect(
      orderListRequest({
        sort: 'POSITION_SUM',
        order: 'asc',
        limit: '24',
        offset: '48',
        status: 'IN_BASKET',
        client_id: '17',
        shop_id: '3',
        date_start: '2026-01-01',
        date_end: '2026-02-30',
        query: '  К-000123 ',
      }),
    ).toEqual({
      sort: 'POSITION_SUM',
      order: 'ASC',
      limit: 24,
      offset: 48,
      status: 'IN_BASKET',
      client_id: 17,
      shop_id: 3,
      date_start: '2026-01-01',
      query: 'К-000123',
    });
  });

  it('refuses unknown sorts, page sizes, statuses and ids', () => {
    expect(
      orderListRequest({ sort: 'PASSWORD', order: 'sideways', limit: '1000', offset: '-5', status: 'LOST', client_id: '0', shop_id: 'x' }),
    ).toEqual({ sort: 'CREATE_DATE', order: 'DESC', limit: 12, offset: 0 });
  });

  it('snaps an offset to its page', () => {
    expect(orderListRequest({ limit: '12', offset: '30' }).offset).toBe(24);
  });
});

describe('the date filter', () => {
  it('sends real calendar days only, as YYYY-MM-DD', () => {
    expect(orderListRequest({ date_start: '2024-02-29', date_end: '01.03.2024' })).toMatchObject({
      date_start: '2024-02-29',
      date_end: '2024-03-01',
    });
    const none = orderListRequest({ date_start: '2023-02-29', date_end: '1999-12-31' });
    expect(none.date_start).toBeUndefined();
    expect(none.date_end).toBeUndefined();
  });
});

describe('exportRequest', () => {
  it('exports the filtered list whole, in its sort', () => {
    expect(exportRequest(orderListRequest({ status: 'NEW', offset: '24', sort: 'CLIENT' }))).toEqual({
      sort: 'CLIENT',
      order: 'DESC',
      status: 'NEW',
    });
  });
});

describe('paging', () => {
  it('maps offsets to pages', () => {
    expect(pageOf(0, 12)).toBe(1);
    expect(pageOf(24, 12)).toBe(3);
  });
  it('keeps defaults out of the URL and restarts on a new page size', () => {
    expect(pagePatch(1, 12, 12)).toEqual({ limit: null, offset: null });
    expect(pagePatch(3, 12, 12)).toEqual({ limit: null, offset: 24 });
    expect(pagePatch(3, 36, 12)).toEqual({ limit: 36, offset: null });
  });
  it('restarts at the first page when a filter changes', () => {
    expect(filterPatch({ status: 'NEW' })).toEqual({ status: 'NEW', offset: null });
  });
});

describe('sorting', () => {
  it('shows the sort on its column only', () => {
    expect(columnSortOrder({ sort: 'CREATE_DATE', order: 'DESC' }, 'CREATE_DATE')).toBe('descend');
    expect(columnSortOrder({ sort: 'CLIENT', order: 'ASC' }, 'CLIENT')).toBe('ascend');
    expect(columnSortOrder({ sort: 'CLIENT', order: 'ASC' }, 'CREATE_DATE')).toBeNull();
  });
  it('writes a column sort and falls back to the default when cleared', () => {
    expect(sortPatch('POSITION_SUM', 'ascend')).toEqual({ sort: 'POSITION_SUM', order: 'ASC', offset: null });
    expect(sortPatch('CREATE_DATE', 'descend')).toEqual({ sort: null, order: null, offset: null });
    expect(sortPatch('CREATE_DATE', 'ascend')).toEqual({ sort: 'CREATE_DATE', order: 'ASC', offset: null });
    expect(sortPatch('CLIENT', null)).toEqual({ sort: null, order: null, offset: null });
  });
});
