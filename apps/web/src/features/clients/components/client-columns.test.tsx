import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import type { ClientListItem } from '@b2b/contracts/clients';
import { clientColumns } from '@/features/clients/components/client-columns';

const keysOf = (loyalty: boolean, priceType: boolean) =>
  clientColumns({ loyalty, priceType, sort: 'REGISTRATION_DATE', order: 'DESC' }).map((c) => c.key);

const client: ClientListItem = {
  ID: 7,
  NAME: 'ООО «Черный»',
  SHORT_NAME: null,
  INN: null,
  BLACKLIST: 'Y',
  NEW: 'N',
  CURRENCY: 'RUB',
  REGISTRATION_DATE: 1_600_000_000,
  ORDERS_COUNT: 0,
  ORDERS_SUM: '0.00',
  ORDERS_AVERAGE: '0.00',
  LAST_ORDER: null,
  GROUP_CNT: 1,
};

const nameCell = (markBlacklisted: boolean) => {
  const name = clientColumns({ loyalty: false, priceType: false, markBlacklisted, sort: '', order: '' }).find((c) => c.key === 'NAME')!;
  const render = (name as { render: (v: unknown, c: ClientListItem, i: number) => React.ReactNode }).render;
  return renderToStaticMarkup(<MemoryRouter>{render(undefined, client, 0)}</MemoryRouter>);
};

describe('client list columns (back-office.md §6)', () => {
  it('shows the price type only with viewPriceTypeClients and the loyalty columns only with the loyalty part', () => {
    expect(keysOf(false, false)).toEqual(['NAME', 'REGISTRATION_DATE', 'ORDERS_COUNT', 'ORDERS_AVERAGE', 'ORDERS_SUM', 'LAST_ORDER']);
    expect(keysOf(false, true)).toContain('PRICE_TYPE');
    expect(keysOf(false, true)).not.toContain('BALANCE');
    expect(keysOf(true, false)).toEqual(expect.arrayContaining(['STATUS', 'BALANCE', 'CARD_CODE', 'IS_AVAIL', 'ENABLED', 'ENABLED_DATE']));
    expect(keysOf(true, false)).not.toContain('PRICE_TYPE');
  });

  it('marks a blacklisted client where the list mixes them with the others (a group)', () => {
    expect(nameCell(true)).toContain('В черном списке');
    expect(nameCell(false)).not.toContain('В черном списке');
  });
});
