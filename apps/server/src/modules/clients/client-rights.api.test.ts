import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_COLUMN_TITLE } from '@b2b/contracts/clients';
import { finishedExport } from '@/test/export-job';
import { bearer, createTestApp, form, type TestApp } from '@/test/test-app';
import { downloadXlsxRows, insertClient, insertLoyaltyMember, partnerIdOf } from './clients-test-fixtures';

/**
 * Issue 9, point 10 (back-office.md §6): the loyalty part of clients reaches ADMIN, LOYALTY and the owner only;
 * a client's price type (PRICE_TYPE, COLUMN) reaches ADMIN, PRICE, CLIENTS and the owner only. The server sends
 * nothing else, in the list, the card, the group's member list and the export. Also: the list's text search.
 */

let t: TestApp;
const tokens: Record<string, string> = {};
let clientId: number;
let groupId: number;

const ROLES = [
  'owner@partner.demo',
  'admin@partner.demo',
  'orders@partner.demo',
  'price@partner.demo',
  'clients@partner.demo',
  'loyalty@partner.demo',
];
const SEES_LOYALTY = new Set(['owner@partner.demo', 'admin@partner.demo', 'loyalty@partner.demo']);
const SEES_PRICE_TYPE = new Set(['owner@partner.demo', 'admin@partner.demo', 'price@partner.demo', 'clients@partner.demo']);
const LOYALTY_FIELDS = ['IS_AVAIL', 'ENABLED', 'ENABLED_DATE', 'CARD_CODE', 'BALANCE', 'STATUS'];

const get = async (url: string, who: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(tokens[who]) });
  expect(res.statusCode, `${who} ${url}`).toBe(200);
  return res.json();
};

beforeAll(async () => {
  t = await createTestApp();
  for (const email of ROLES) tokens[email] = await t.login(email);
  const db = t.database.db;
  const pid = await partnerIdOf(db, 'owner@partner.demo');
  await db.updateTable('partners').set({ loyalty_enabled: true }).where('id', '=', pid).execute();
  clientId = await insertClient(db, pid, { name: 'ООО «Видимость» Тест', registeredAt: '2021-01-01T10:00:00+03:00' });
  await db
    .updateTable('clients')
    .set({ inn: '7712345678', phone: '+7 (916) 555-12-34', email: 'vidimost@example.ru' })
    .where('id', '=', clientId)
    .execute();
  await insertLoyaltyMember(db, pid, clientId, {
    statusSort: 200,
    balance: '10.00',
    cardCode: '4900000777',
    enabled: true,
    enabledAt: '2021-02-01T10:00:00Z',
  });
  groupId = (await db.selectFrom('client_groups').select('id').where('partner_id', '=', pid).orderBy('id').executeTakeFirstOrThrow()).id;
  await db.insertInto('client_group_members').values({ partner_id: pid, group_id: groupId, client_id: clientId }).execute();
});
afterAll(() => t?.close());

describe('what each role receives of a client', () => {
  it.each(ROLES)('%s: the list, the card and the group members', async (who) => {
    const list = await get('/v3/api/partner/client/?query=Видимость', who);
    const row = list.ITEMS.find((c: { ID: number }) => c.ID === clientId);
    const card = await get(`/v3/api/partner/client/${clientId}/`, who);
    const members = (await get(`/v3/api/partner/group/${groupId}/?limit=100`, who)).ITEMS.find((c: { ID: number }) => c.ID === clientId);
    for (const item of [row, card, members]) {
      expect(item, who).toBeDefined();
      for (const field of LOYALTY_FIELDS) expect(field in item, `${who} ${field}`).toBe(SEES_LOYALTY.has(who));
      expect('PRICE_TYPE' in item, `${who} PRICE_TYPE`).toBe(SEES_PRICE_TYPE.has(who));
      expect('COLUMN' in item, `${who} COLUMN`).toBe(SEES_PRICE_TYPE.has(who));
    }
    expect(list.ENTITIES.LOYALTY.ON).toBe(SEES_LOYALTY.has(who) ? 'Y' : 'N');
    if (SEES_LOYALTY.has(who)) expect(card.LOYALTY).toMatchObject({ IS_AVAIL: 'Y', CARD_CODE: '4900000777', BALANCE: '10.00' });
    else expect(card.LOYALTY).toBeNull();
    if (SEES_PRICE_TYPE.has(who)) expect(card.PRICE_SETTINGS).not.toBeNull();
    else expect(card.PRICE_SETTINGS).toBeNull();
  });

  it.each(ROLES)('%s: the export has only the columns the role sees', async (who) => {
    const res = await finishedExport(t, tokens[who], await get('/v3/api/partner/client/?action=export&query=Видимость', who));
    const [header, ...rows] = await downloadXlsxRows(t, tokens[who], res.URL);
    expect(rows).toHaveLength(1);
    expect(header.includes(CLIENT_COLUMN_TITLE.PRICE_TYPE), who).toBe(SEES_PRICE_TYPE.has(who));
    expect(header.includes(CLIENT_COLUMN_TITLE.CARD_CODE), who).toBe(SEES_LOYALTY.has(who));
    expect(rows[0].includes('4900000777'), who).toBe(SEES_LOYALTY.has(who));
  });

  it.each(ROLES)("%s: the export of a group's members has only the columns the role sees", async (who) => {
    const body = form({ action: 'export' });
    const url = `/v3/api/partner/group/${groupId}/?query=${encodeURIComponent('Видимость')}`;
    const res = await t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...bearer(tokens[who]) } });
    expect(res.statusCode, who).toBe(200);
    const { URL } = await finishedExport(t, tokens[who], res.json());
    const [header, ...rows] = await downloadXlsxRows(t, tokens[who], URL);
    expect(rows.map((r) => r[0])).toEqual([clientId]);
    expect(header.includes(CLIENT_COLUMN_TITLE.PRICE_TYPE), who).toBe(SEES_PRICE_TYPE.has(who));
    for (const column of ['STATUS', 'BALANCE', 'CARD_CODE', 'IS_AVAIL', 'ENABLED', 'ENABLED_DATE'] as const) {
      expect(header.includes(CLIENT_COLUMN_TITLE[column]), `${who} ${column}`).toBe(SEES_LOYALTY.has(who));
    }
  });

  it.each(['orders@partner.demo', 'loyalty@partner.demo'])('%s sorting by PRICE_TYPE gets the default order', async (who) => {
    const ids = async (url: string) => (await get(url, who)).ITEMS.map((c: { ID: number }) => c.ID);
    const byDefault = await ids('/v3/api/partner/client/?limit=50');
    for (const order of ['ASC', 'DESC']) expect(await ids(`/v3/api/partner/client/?sort=PRICE_TYPE&order=${order}&limit=50`)).toEqual(byDefault);
  });

  it('a hidden column does not sort the list either: ORDERS sorting by BALANCE gets the default order', async () => {
    const byBalance = await get('/v3/api/partner/client/?sort=BALANCE&order=ASC&limit=50', 'orders@partner.demo');
    const byDefault = await get('/v3/api/partner/client/?limit=50', 'orders@partner.demo');
    expect(byBalance.ITEMS.map((c: { ID: number }) => c.ID)).toEqual(byDefault.ITEMS.map((c: { ID: number }) => c.ID));
  });
});

describe('the client list search (query)', () => {
  const found = async (query: string) =>
    (await get(`/v3/api/partner/client/?query=${encodeURIComponent(query)}`, 'owner@partner.demo')).ITEMS.map((c: { ID: number }) => c.ID);

  it('finds a client by a part of its name in any case, its INN, its e-mail or its phone digits', async () => {
    for (const query of ['видимость', '7712345678', '123456', 'VIDIMOST@example', '916 555-12', '5551234']) {
      expect(await found(query), query).toContain(clientId);
    }
  });

  it('counts the matches in CNT and the whole list in CNT_ALL; a wildcard is a plain character', async () => {
    const answer = await get('/v3/api/partner/client/?query=Видимость', 'owner@partner.demo');
    expect(answer.NAV.CNT).toBe(1);
    expect(answer.NAV.CNT_ALL).toBeGreaterThan(1);
    expect(await found('%')).not.toContain(clientId);
    expect(await found('Видимость_')).toEqual([]);
  });
});

describe('the loyalty columns follow the programme, whichever way the list is counted', () => {
  // The flag is read with the list's first count: from the read model (no filter, a blacklist filter), on the table
  // (a search), or on a group's members.
  const lists = ['/v3/api/partner/client/', '/v3/api/partner/client/?blacklist=N', '/v3/api/partner/client/?query=Видимость'];
  const shows = async (on: boolean) => {
    for (const url of lists) {
      const list = await get(url, 'owner@partner.demo');
      expect(list.ENTITIES.LOYALTY.ON, url).toBe(on ? 'Y' : 'N');
      expect(list.ITEMS.length, url).toBeGreaterThan(0);
      for (const item of list.ITEMS) expect('IS_AVAIL' in item, url).toBe(on);
    }
    const members = (await get(`/v3/api/partner/group/${groupId}/?limit=100`, 'owner@partner.demo')).ITEMS;
    expect(members.find((c: { ID: number }) => c.ID === clientId).CARD_CODE).toBe(on ? '4900000777' : undefined);
  };

  it('shows them while it is on, hides them once it is off', async () => {
    const db = t.database.db;
    const pid = await partnerIdOf(db, 'owner@partner.demo');
    await shows(true);
    await db.updateTable('partners').set({ loyalty_enabled: false }).where('id', '=', pid).execute();
    try {
      await shows(false);
    } finally {
      await db.updateTable('partners').set({ loyalty_enabled: true }).where('id', '=', pid).execute();
    }
  });
});
