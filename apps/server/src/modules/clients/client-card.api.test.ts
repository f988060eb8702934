import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@b2b/contracts/messages';
import { bearer, createTestApp, form, type TestApp } from '@/test/test-app';
import { insertClient, insertLoyaltyMember, insertOrder, partnerIdOf, priceListsOf } from './clients-test-fixtures';

let t: TestApp;
const tokens: Record<string, string> = {};
let pid: number;
let otherPid: number;
let clientId: number;
let foreignClientId: number;
let lists: Awaited<ReturnType<typeof priceListsOf>>;
let foreignListId: number;

const STAFF = [
  'owner@partner.demo',
  'admin@partner.demo',
  'orders@partner.demo',
  'price@partner.demo',
  'clients@partner.demo',
  'loyalty@partner.demo',
  'owner@second.demo',
];

const get = (url: string, who = 'owner@partner.demo') => t.app.inject({ method: 'GET', url, headers: bearer(tokens[who]) });
const post = (url: string, data: Record<string, string>, who = 'owner@partner.demo') =>
  t.app.inject({ method: 'POST', url, ...form(data), headers: { ...form(data).headers, ...bearer(tokens[who]) } });

beforeAll(async () => {
  t = await createTestApp();
  for (const email of STAFF) tokens[email] = await t.login(email);
  const db = t.database.db;
  pid = await partnerIdOf(db, 'owner@partner.demo');
  otherPid = await partnerIdOf(db, 'owner@second.demo');
  lists = await priceListsOf(db, pid);
  foreignListId = (await priceListsOf(db, otherPid))[0].id;
  clientId = await insertClient(db, pid, { name: 'ООО «Карточка»', registeredAt: '2020-02-02T10:00:00+03:00', withUser: true });
  foreignClientId = (await db.selectFrom('clients').select('id').where('partner_id', '=', otherPid).orderBy('id').executeTakeFirstOrThrow()).id;
  await insertOrder(db, pid, clientId, { status: 'COMPLETED', sum: '1500.50', createdAt: '2020-03-01T10:00:00Z' });
  await insertOrder(db, pid, clientId, { status: 'NEW', sum: '499.50', createdAt: '2020-03-02T10:00:00Z' });
  await insertLoyaltyMember(db, pid, clientId, {
    statusSort: 200,
    balance: '123.00',
    cardCode: '4900000001',
    enabled: true,
    enabledAt: '2020-02-10T10:00:00Z',
  });
  const group = await db.selectFrom('client_groups').select(['id', 'name']).where('partner_id', '=', pid).orderBy('id').executeTakeFirstOrThrow();
  await db.insertInto('client_group_members').values({ partner_id: pid, group_id: group.id, client_id: clientId }).execute();
  const file = await db
    .insertInto('files')
    .values({
      partner_id: pid,
      purpose: 'client-file',
      original_name: 'Договор.pdf',
      mime: 'application/pdf',
      size: 1234,
      sha256: 'x',
      storage_path: 'files/none.pdf',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('client_files').values({ partner_id: pid, client_id: clientId, file_id: file.id }).execute();
});
afterAll(() => t.close());

describe('GET /v3/api/partner/client/{id}/', () => {
  it('answers the card: figures, contacts, INN, legal entity, files, groups, price type, loyalty', async () => {
    const res = await get(`/v3/api/partner/client/${clientId}/`);
    expect(res.statusCode).toBe(200);
    const card = res.json();
    expect(card).toMatchObject({
      ID: clientId,
      NAME: 'ООО «Карточка»',
      LEGAL_ENTITY: 'Y',
      BLACKLIST: 'N',
      ORDERS_COUNT: 2,
      ORDERS_SUM: '2000.00',
      ORDERS_AVERAGE: '1000.00',
      GROUP_CNT: 1,
      CLIENT_USER: { NAME: 'анна', SURNAME: 'петрова', PHONE: '79161234567' },
      FILES: [{ NAME: 'Договор.pdf', SIZE: 1234, MIME: 'application/pdf' }],
      PRICE_TYPE: { NAME: 'Базовый прайс' },
      COLUMN: null,
      LOYALTY: { IS_AVAIL: 'Y', BALANCE: '123.00', STATUS: 'Серебряный', CARD_CODE: '4900000001', ENABLED: 'Y' },
    });
    expect(card.FILES[0].URL).toBe(`/v3/api/partner/file/${card.FILES[0].ID}/`);
    expect(card.GROUP).toHaveLength(1);
    expect(card.PRICE_SETTINGS.PRICE_TYPES.map((p: { NAME: string }) => p.NAME)).toEqual(['Базовый прайс', 'Оптовый прайс']);
    expect(card.PRICE_SETTINGS.COLUMNS.map((p: { NAME: string }) => p.NAME)).toEqual(['Крупный опт']);
  });

  it('every role reads the card; the price choices only come with the view-price-type right', async () => {
    for (const who of ['orders@partner.demo', 'price@partner.demo', 'clients@partner.demo', 'loyalty@partner.demo', 'admin@partner.demo']) {
      const res = await get(`/v3/api/partner/client/${clientId}/`, who);
      expect(res.statusCode, who).toBe(200);
      expect(res.json().PRICE_SETTINGS === null, who).toBe(who === 'orders@partner.demo' || who === 'loyalty@partner.demo');
    }
  });

  it('answers LOYALTY null and no loyalty fields when the programme is off, and IS_AVAIL N for a client outside it', async () => {
    const second = (await get(`/v3/api/partner/client/${foreignClientId}/`, 'owner@second.demo')).json();
    expect(second.LOYALTY).toBeNull();
    // With the programme off no loyalty field is sent at all (as to a role without the loyalty part, issue 9).
    expect(second).not.toHaveProperty('IS_AVAIL');
    const outsider = await insertClient(t.database.db, pid, { name: 'Без карты', registeredAt: '2020-02-03T10:00:00+03:00' });
    expect((await get(`/v3/api/partner/client/${outsider}/`)).json().LOYALTY).toMatchObject({ IS_AVAIL: 'N', BALANCE: null });
  });

  it("answers 404 for another partner's client, an unknown id and a malformed one", async () => {
    const crossed = await get(`/v3/api/partner/client/${foreignClientId}/`);
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json()).toEqual((await get('/v3/api/partner/client/999999999/')).json());
    for (const bad of ['abc', '0', '-1']) expect((await get(`/v3/api/partner/client/${bad}/`)).statusCode).toBe(404);
  });

  it('refuses guests with 401 and the manager and clients with 403', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/v3/api/partner/client/${clientId}/` })).statusCode).toBe(401);
    const manager = await t.login('manager@platform.demo');
    const buyer = await t.login('buyer@client.demo');
    for (const token of [manager, buyer]) {
      const res = await t.app.inject({ method: 'GET', url: '/v3/api/partner/client/', headers: bearer(token) });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('POST /v3/api/partner/client/{id}/: price type and column', () => {
  const base = () => lists.find((l) => l.is_base)!;
  const wholesale = () => lists.find((l) => l.kind === 'PRICELIST' && !l.is_base)!;
  const column = () => lists.find((l) => l.kind === 'COLUMN')!;
  const stored = () =>
    t.database.db
      .selectFrom('clients')
      .select(['price_list_id', 'price_column_id', 'price_type'])
      .where('id', '=', clientId)
      .executeTakeFirstOrThrow();

  it('sets a price list as the price type: the message, the answer and what the client prices use', async () => {
    const res = (await post(`/v3/api/partner/client/${clientId}/`, { price_type: String(wholesale().id), check: 'Y' })).json();
    expect(res).toMatchObject({
      SUCCESS: 'Y',
      MESSAGE: MSG.clientPriceSettingsSet,
      PRICE_TYPE: { ID: wholesale().id, NAME: 'Оптовый прайс', CODE: 'PURCHASE' },
    });
    expect(await stored()).toEqual({ price_list_id: wholesale().id, price_column_id: null, price_type: 'PURCHASE' });
    expect(await t.app.services.clients.priceSettingsOf(pid, clientId)).toMatchObject({ priceListId: wholesale().id, columnId: null });
    expect((await get(`/v3/api/partner/client/${clientId}/`)).json().PRICE_TYPE.NAME).toBe('Оптовый прайс');
  });

  it('sets and removes a price column; personal_price or the base id set the base list', async () => {
    expect((await post(`/v3/api/partner/client/${clientId}/`, { column_id: String(column().id), check: 'Y' })).json()).toMatchObject({
      SUCCESS: 'Y',
      COLUMN: { ID: column().id, NAME: 'Крупный опт' },
    });
    expect((await stored()).price_column_id).toBe(column().id);
    await post(`/v3/api/partner/client/${clientId}/`, { column_id: '0', check: 'Y' });
    expect((await stored()).price_column_id).toBeNull();
    await post(`/v3/api/partner/client/${clientId}/`, { price_type: 'personal_price', check: 'Y' });
    expect((await stored()).price_list_id).toBeNull();
    await post(`/v3/api/partner/client/${clientId}/`, { price_type: String(base().id), check: 'Y' });
    expect((await get(`/v3/api/partner/client/${clientId}/`)).json().PRICE_TYPE).toMatchObject({ ID: base().id, NAME: 'Базовый прайс' });
  });

  it("refuses another partner's list, a column given as a price type and an empty request, changing nothing", async () => {
    const before = await stored();
    const url = `/v3/api/partner/client/${clientId}/`;
    expect((await post(url, { price_type: String(foreignListId), check: 'Y' })).json()).toEqual({
      SUCCESS: 'N',
      errors: { price_type: MSG.priceTypeNotFound },
    });
    expect((await post(url, { price_type: String(column().id), check: 'Y' })).json().errors).toEqual({ price_type: MSG.priceTypeNotFound });
    expect((await post(url, { column_id: String(wholesale().id), check: 'Y' })).json().errors).toEqual({ column_id: MSG.priceColumnNotFound });
    expect((await post(url, { check: 'Y' })).json().errors).toEqual({ price_type: MSG.priceSettingRequired });
    expect(await stored()).toEqual(before);
  });

  it('needs ADMIN, PRICE or CLIENTS (or the owner); another partner gets 404', async () => {
    const url = `/v3/api/partner/client/${clientId}/`;
    for (const who of ['price@partner.demo', 'clients@partner.demo', 'admin@partner.demo']) {
      expect((await post(url, { price_type: 'personal_price', check: 'Y' }, who)).json().SUCCESS, who).toBe('Y');
    }
    for (const who of ['orders@partner.demo', 'loyalty@partner.demo']) {
      expect((await post(url, { price_type: 'personal_price', check: 'Y' }, who)).statusCode, who).toBe(403);
    }
    expect((await post(url, { price_type: 'personal_price' }, 'owner@second.demo')).statusCode).toBe(404);
    expect((await post(`/v3/api/partner/client/${foreignClientId}/`, { price_type: String(base().id) })).statusCode).toBe(404);
  });
});

describe('GET /v3/api/partner/client/{id}/prices/', () => {
  it("answers the client's personal prices", async () => {
    const db = t.database.db;
    const withPrices = await db
      .selectFrom('clients')
      .select('id')
      .where('partner_id', '=', pid)
      .where('has_individual', '=', true)
      .executeTakeFirstOrThrow();
    const count = Number(
      (
        await db
          .selectFrom('client_prices')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('partner_id', '=', pid)
          .where('client_id', '=', withPrices.id)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const res = (await get(`/v3/api/partner/client/${withPrices.id}/prices/?limit=500`, 'orders@partner.demo')).json();
    expect(res.NAV.CNT).toBe(count);
    expect(res.ITEMS).toHaveLength(count);
    expect(res.ITEMS[0]).toMatchObject({ UP_CODE_1C: expect.stringMatching(/^\d{6}$/), PRICE: expect.stringMatching(/^\d+\.\d{2}$/) });
    expect((await get(`/v3/api/partner/client/${clientId}/prices/`)).json().ITEMS).toEqual([]);
    expect((await get(`/v3/api/partner/client/${foreignClientId}/prices/`)).statusCode).toBe(404);
  });
});
