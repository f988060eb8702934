import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_SORTS, type ClientListItem, type ClientSort } from '@b2b/contracts/clients';
import { computeRights } from '@b2b/contracts/rights';
import { finishedExport } from '@/test/export-job';
import { countingStatements } from '@/test/statement-counter';
import { bearer, createTestApp, type TestApp } from '@/test/test-app';
import { downloadXlsxRows, insertClient, insertLoyaltyMember, insertOrder, partnerIdOf, priceListsOf } from '../clients-test-fixtures';
import { clientsService } from '../clients.service';

let t: TestApp;
let owner: string;
let pid: number;
/** The four clients of this file, registered on 1–4 March 2019 (Moscow), a range no demo client is in. */
const ids: Record<'alfa' | 'beta' | 'vega' | 'gamma', number> = { alfa: 0, beta: 0, vega: 0, gamma: 0 };
let lastOrderOfAlfa: { id: number; number: string };
const RANGE = 'date_start=2019-03-01&date_end=2019-03-04';

const get = (url: string, token = owner) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const items = async (query: string): Promise<ClientListItem[]> => (await get(`/v3/api/partner/client/?${query}`)).json().ITEMS;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login('owner@partner.demo');
  const db = t.database.db;
  pid = await partnerIdOf(db, 'owner@partner.demo');
  const lists = await priceListsOf(db, pid);
  const wholesale = lists.find((l) => l.kind === 'PRICELIST' && !l.is_base)!;
  const column = lists.find((l) => l.kind === 'COLUMN')!;

  ids.alfa = await insertClient(db, pid, { name: 'Альфа', registeredAt: '2019-03-01T12:00:00+03:00', columnId: column.id });
  ids.beta = await insertClient(db, pid, { name: 'Бета', registeredAt: '2019-03-02T12:00:00+03:00', priceListId: wholesale.id });
  ids.vega = await insertClient(db, pid, { name: 'Вега', registeredAt: '2019-03-03T12:00:00+03:00' });
  ids.gamma = await insertClient(db, pid, {
    name: 'Гамма',
    registeredAt: '2019-03-04T12:00:00+03:00',
    priceListId: wholesale.id,
    columnId: column.id,
  });

  // Альфа: 100 + 100 + 101 count (average 100.33); the latest order is a canceled one, which does not count.
  await insertOrder(db, pid, ids.alfa, { status: 'COMPLETED', sum: '100.00', createdAt: '2019-04-01T10:00:00Z' });
  await insertOrder(db, pid, ids.alfa, { status: 'NEW', sum: '100.00', createdAt: '2019-04-02T10:00:00Z' });
  await insertOrder(db, pid, ids.alfa, { status: 'IN_BASKET', sum: '101.00', createdAt: '2019-04-03T10:00:00Z' });
  lastOrderOfAlfa = await insertOrder(db, pid, ids.alfa, { status: 'CANCELED', sum: '5000.00', createdAt: '2019-06-01T10:00:00Z' });
  // Бета: one order of 50.
  await insertOrder(db, pid, ids.beta, { status: 'VIEWED', sum: '50.00', createdAt: '2019-05-01T10:00:00Z' });
  // Вега: no orders. Гамма: 1000 + 1.
  await insertOrder(db, pid, ids.gamma, { status: 'COMPLETED', sum: '1000.00', createdAt: '2019-03-20T10:00:00Z' });
  await insertOrder(db, pid, ids.gamma, { status: 'COMPLETED', sum: '1.00', createdAt: '2019-03-21T10:00:00Z' });

  await insertLoyaltyMember(db, pid, ids.alfa, {
    statusSort: 300,
    balance: '10.00',
    cardCode: '3900000001',
    enabled: true,
    enabledAt: '2019-05-01T10:00:00Z',
  });
  await insertLoyaltyMember(db, pid, ids.beta, {
    statusSort: 100,
    balance: '500.00',
    cardCode: '3900000003',
    enabled: false,
    enabledAt: '2019-04-01T10:00:00Z',
  });
  await insertLoyaltyMember(db, pid, ids.gamma, {
    statusSort: 200,
    balance: '0.00',
    cardCode: '3900000002',
    enabled: true,
    enabledAt: '2019-06-01T10:00:00Z',
  });
});
afterAll(() => t.close());

describe('GET /v3/api/partner/client/: the figures', () => {
  it('computes count, sum and average from the orders (all but CANCELED) and the last order of any status', async () => {
    const rows = await items(`${RANGE}&sort=NAME&order=ASC`);
    const byName = Object.fromEntries(rows.map((r) => [r.NAME, r]));
    expect(byName['Альфа']).toMatchObject({ ORDERS_COUNT: 3, ORDERS_SUM: '301.00', ORDERS_AVERAGE: '100.33' });
    expect(byName['Альфа'].LAST_ORDER).toEqual({
      ID: lastOrderOfAlfa.id,
      ORDER_NUMBER: lastOrderOfAlfa.number,
      CREATE_DATE: Date.parse('2019-06-01T10:00:00Z') / 1000,
      STATUS: { STATUS_CODE: 'CANCELED', STATUS_NAME: 'Отменен' },
    });
    expect(byName['Бета']).toMatchObject({ ORDERS_COUNT: 1, ORDERS_SUM: '50.00', ORDERS_AVERAGE: '50.00' });
    expect(byName['Вега']).toMatchObject({ ORDERS_COUNT: 0, ORDERS_SUM: '0.00', ORDERS_AVERAGE: '0.00', LAST_ORDER: null });
    expect(byName['Гамма']).toMatchObject({ ORDERS_COUNT: 2, ORDERS_SUM: '1001.00', ORDERS_AVERAGE: '500.50' });
  });

  it('answers the loyalty columns and the price type and column', async () => {
    const rows = await items(`${RANGE}&sort=NAME&order=ASC`);
    expect(rows.map((r) => [r.IS_AVAIL, r.ENABLED, r.STATUS, r.BALANCE, r.CARD_CODE])).toEqual([
      ['Y', 'Y', 'Золотой', '10.00', '3900000001'],
      ['Y', 'N', 'Базовый', '500.00', '3900000003'],
      ['N', null, null, null, null],
      ['Y', 'Y', 'Серебряный', '0.00', '3900000002'],
    ]);
    expect(rows[0].ENABLED_DATE).toBe(Date.parse('2019-05-01T10:00:00Z') / 1000);
    expect(rows.map((r) => [r.PRICE_TYPE?.NAME, r.COLUMN?.NAME ?? null])).toEqual([
      ['Базовый прайс', 'Крупный опт'],
      ['Оптовый прайс', null],
      ['Базовый прайс', null],
      ['Оптовый прайс', 'Крупный опт'],
    ]);
    expect(rows[1].PRICE_TYPE?.CODE).toBe('PURCHASE');
    expect(rows.map((r) => r.REGISTRATION_DATE)).toEqual([1, 2, 3, 4].map((d) => Date.parse(`2019-03-0${d}T12:00:00+03:00`) / 1000));
  });
});

/** A comparable key per column, nulls as null; the expected order puts nulls last in both directions. */
const KEY: Record<ClientSort, (c: ClientListItem) => string | number | null> = {
  NAME: (c) => c.NAME,
  PRICE_TYPE: (c) => [c.PRICE_TYPE?.NAME, c.COLUMN?.NAME].filter(Boolean).join(' / '),
  REGISTRATION_DATE: (c) => c.REGISTRATION_DATE,
  ORDERS_COUNT: (c) => c.ORDERS_COUNT,
  ORDERS_AVERAGE: (c) => Number(c.ORDERS_AVERAGE),
  ORDERS_SUM: (c) => Number(c.ORDERS_SUM),
  LAST_ORDER: (c) => c.LAST_ORDER?.CREATE_DATE ?? null,
  STATUS: (c) => ({ Базовый: 1, Серебряный: 2, Золотой: 3 })[c.STATUS ?? ''] ?? null,
  BALANCE: (c) => (c.BALANCE == null ? null : Number(c.BALANCE)),
  CARD_CODE: (c) => c.CARD_CODE ?? null,
  IS_AVAIL: (c) => c.IS_AVAIL ?? null,
  ENABLED: (c) => c.ENABLED ?? null,
  ENABLED_DATE: (c) => c.ENABLED_DATE ?? null,
};

function expectedOrder(rows: ClientListItem[], sort: ClientSort, dir: 'ASC' | 'DESC'): number[] {
  const sign = dir === 'ASC' ? 1 : -1;
  return [...rows]
    .sort((a, b) => {
      const [x, y] = [KEY[sort](a), KEY[sort](b)];
      if (x === null || y === null) return x === y ? sign * (a.ID - b.ID) : x === null ? 1 : -1;
      return x < y ? -sign : x > y ? sign : sign * (a.ID - b.ID);
    })
    .map((r) => r.ID);
}

describe('GET /v3/api/partner/client/: sorting', () => {
  for (const sort of CLIENT_SORTS) {
    for (const dir of ['ASC', 'DESC'] as const) {
      it(`sorts by ${sort} ${dir} on the server`, async () => {
        const rows = await items(`${RANGE}&sort=${sort}&order=${dir}`);
        expect(rows).toHaveLength(4);
        expect(rows.map((r) => r.ID)).toEqual(expectedOrder(rows, sort, dir));
      });
    }
  }

  it('pages a sorted list: the pages of limit 12 are the slices of the whole', async () => {
    const all = (await items('sort=ORDERS_SUM&order=DESC&limit=36')).map((r) => r.ID);
    const first = (await items('sort=ORDERS_SUM&order=DESC&limit=12')).map((r) => r.ID);
    const second = (await items('sort=ORDERS_SUM&order=DESC&limit=12&offset=12')).map((r) => r.ID);
    expect([...first, ...second]).toEqual(all.slice(0, 24));
    const sums = (await items('sort=ORDERS_SUM&order=DESC&limit=36')).map((r) => Number(r.ORDERS_SUM));
    expect(sums).toEqual([...sums].sort((a, b) => b - a));
  });

  it('defaults to REGISTRATION_DATE DESC, limit 24; unknown sorts and limits fall back to them', async () => {
    for (const query of ['', 'sort=BOGUS&limit=7', 'order=sideways&limit=abc']) {
      const res = (await get(`/v3/api/partner/client/?${query}`)).json();
      expect(res.ITEMS).toHaveLength(24);
      const dates = res.ITEMS.map((r: ClientListItem) => r.REGISTRATION_DATE);
      expect(dates).toEqual([...dates].sort((a: number, b: number) => b - a));
    }
    expect((await items('limit=12')).length).toBe(12);
    expect((await items('limit=36')).length).toBe(36);
  });
});

describe('GET /v3/api/partner/client/: filters and counts', () => {
  it('filters by Moscow calendar days, both ends inclusive, in YYYY-MM-DD or dd.MM.yyyy', async () => {
    const edge = [
      await insertClient(t.database.db, pid, { name: 'Граница до', registeredAt: '2018-07-09T23:59:59+03:00' }),
      await insertClient(t.database.db, pid, { name: 'Граница начало', registeredAt: '2018-07-10T00:00:00+03:00' }),
      await insertClient(t.database.db, pid, { name: 'Граница конец', registeredAt: '2018-07-11T23:59:59+03:00' }),
      await insertClient(t.database.db, pid, { name: 'Граница после', registeredAt: '2018-07-12T00:00:00+03:00' }),
    ];
    const inside = [edge[2], edge[1]];
    expect((await items('date_start=2018-07-10&date_end=2018-07-11')).map((r) => r.ID)).toEqual(inside);
    expect((await items('date_start=10.07.2018&date_end=11.07.2018')).map((r) => r.ID)).toEqual(inside);
    expect((await items('date_start=2018-07-12&date_end=2018-07-12')).map((r) => r.ID)).toEqual([edge[3]]);
    expect((await get('/v3/api/partner/client/?date_start=2018-02-30')).statusCode).toBe(400);
  });

  it('filters by blacklist and counts CNT (the filter) and CNT_ALL (all the partner clients)', async () => {
    const db = t.database.db;
    const total = Number(
      (
        await db
          .selectFrom('clients')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('partner_id', '=', pid)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const blocked = Number(
      (
        await db
          .selectFrom('clients')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('partner_id', '=', pid)
          .where('blacklisted', '=', true)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const black = (await get('/v3/api/partner/client/?blacklist=Y&limit=36')).json();
    expect(black.NAV).toEqual({ CNT: blocked, CNT_ALL: total });
    expect(black.ITEMS.length).toBe(blocked);
    expect(black.ITEMS.every((r: ClientListItem) => r.BLACKLIST === 'Y')).toBe(true);
    const active = (await get('/v3/api/partner/client/?blacklist=N')).json();
    expect(active.NAV).toEqual({ CNT: total - blocked, CNT_ALL: total });
    expect(active.ITEMS.every((r: ClientListItem) => r.BLACKLIST === 'N')).toBe(true);
    expect((await get(`/v3/api/partner/client/?${RANGE}`)).json().NAV).toEqual({ CNT: 4, CNT_ALL: total });
  });

  it('answers an empty page past the end', async () => {
    const res = (await get(`/v3/api/partner/client/?${RANGE}&offset=24`)).json();
    expect(res.ITEMS).toEqual([]);
    expect(res.NAV.CNT).toBe(4);
  });
});

describe('GET /v3/api/partner/client/: one statement', () => {
  it('reads a page and its counts in one statement, and a changed loyalty flag gives the right columns at once', async () => {
    const { db, counter } = countingStatements(t.database.db);
    const service = clientsService(db, { mailer: t.app.services.mailer, files: t.app.services.files, jobs: t.app.services.jobs });
    const viewer = { partnerId: pid, rights: computeRights({ kind: 'PARTNER', isOwner: true, roles: [] }) };
    const query = { sort: 'NAME', order: 'ASC', limit: 24, offset: 0, date_start: '2019-03-01', date_end: '2019-03-04' } as const;
    const list = async () => {
      counter.n = 0;
      const answer = await service.list(viewer, query);
      return { on: answer.ENTITIES.LOYALTY.ON, card: answer.ITEMS[0].CARD_CODE, nav: answer.NAV, statements: counter.n };
    };
    const setLoyalty = (on: boolean) => t.database.db.updateTable('partners').set({ loyalty_enabled: on }).where('id', '=', pid).execute();

    // This process has not read the partner's flag yet: it guessed "off", the statement said "on", the page is read again.
    expect(await list()).toEqual({ on: 'Y', card: '3900000001', nav: { CNT: 4, CNT_ALL: expect.any(Number) }, statements: 2 });
    expect(await list()).toMatchObject({ on: 'Y', card: '3900000001', statements: 1 });
    try {
      await setLoyalty(false);
      expect(await list()).toMatchObject({ on: 'N', card: undefined, nav: { CNT: 4 }, statements: 2 });
      expect(await list()).toMatchObject({ on: 'N', card: undefined, statements: 1 });
    } finally {
      await setLoyalty(true);
    }
    expect(await list()).toMatchObject({ on: 'Y', card: '3900000001', statements: 2 });
    // Past the last row the page says nothing of the counts: they are read on their own.
    counter.n = 0;
    const past = await service.list(viewer, { ...query, offset: 24 });
    expect({ items: past.ITEMS, nav: past.NAV, statements: counter.n }).toEqual({
      items: [],
      nav: { CNT: 4, CNT_ALL: expect.any(Number) },
      statements: 2,
    });
  });
});

describe('GET /v3/api/partner/client/?action=export', () => {
  it('writes the whole filtered list to a real .xlsx, downloadable at URL', async () => {
    const res = await finishedExport(t, owner, (await get(`/v3/api/partner/client/?${RANGE}&sort=NAME&order=ASC&action=export`)).json());
    expect(res).toMatchObject({ FILENAME: expect.stringMatching(/^Клиенты \d{2}\.\d{2}\.\d{4}\.xlsx$/) });
    const rows = await downloadXlsxRows(t, owner, res.URL);
    expect(rows[0].slice(0, 3)).toEqual(['ID', 'Клиент', 'ИНН']);
    expect(rows.slice(1).map((r) => r[1])).toEqual(['Альфа', 'Бета', 'Вега', 'Гамма']);
    expect(rows[1][7]).toBe(301);
  });

  it('exports more than one page: every row of the filter', async () => {
    const res = await finishedExport(t, owner, (await get('/v3/api/partner/client/?blacklist=N&action=export')).json());
    const rows = await downloadXlsxRows(t, owner, res.URL);
    const cnt = (await get('/v3/api/partner/client/?blacklist=N')).json().NAV.CNT;
    expect(rows.length - 1).toBe(cnt);
    expect(cnt).toBeGreaterThan(36);
  });

  it("another partner's staff cannot download the file", async () => {
    const res = await finishedExport(t, owner, (await get(`/v3/api/partner/client/?${RANGE}&action=export`)).json());
    const other = await t.login('owner@second.demo');
    expect((await t.app.inject({ method: 'GET', url: res.URL, headers: bearer(other) })).statusCode).toBe(404);
  });
});

describe('GET /v3/api/partner/client/short/', () => {
  it('answers ID and NAME of active clients, matching the query', async () => {
    const blocked = await insertClient(t.database.db, pid, { name: 'Альфа-Блок', registeredAt: '2019-03-05T12:00:00+03:00', blacklisted: true });
    const res = (await get('/v3/api/partner/client/short/?query=альфа')).json();
    expect(res.ITEMS).toContainEqual({ ID: ids.alfa, NAME: 'Альфа' });
    expect(res.ITEMS.map((r: { ID: number }) => r.ID)).not.toContain(blocked);
    const all = (await get('/v3/api/partner/client/short/?limit=500')).json();
    expect(all.ITEMS.length).toBeGreaterThan(100);
    expect(Object.keys(all.ITEMS[0]).sort()).toEqual(['ID', 'NAME']);
  });
});
