import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@b2b/contracts/messages';
import { PRICE_LIST_MSG, type PriceListItem, type PriceListsAnswer } from '@b2b/contracts/price-lists';
import { bearer, createTestApp, form, type TestApp } from '@/test/test-app';
import { insertClient, partnerIdOf } from '../clients/clients-test-fixtures';

let t: TestApp;
const tokens: Record<string, string> = {};
let pid: number;
let otherPid: number;

const STAFF = [
  'owner@partner.demo',
  'admin@partner.demo',
  'price@partner.demo',
  'clients@partner.demo',
  'orders@partner.demo',
  'loyalty@partner.demo',
  'owner@second.demo',
];

const get = (url: string, who = 'owner@partner.demo') => t.app.inject({ method: 'GET', url, headers: bearer(tokens[who]) });
const post = (url: string, data: Record<string, string>, who = 'price@partner.demo') =>
  t.app.inject({ method: 'POST', url, ...form(data), headers: { ...form(data).headers, ...bearer(tokens[who]) } });
const lists = async (who = 'owner@partner.demo'): Promise<PriceListsAnswer> => (await get('/v3/api/partner/pricelist/', who)).json();
const byName = (items: PriceListItem[], name: string) => items.find((i) => i.NAME === name);
const create = async (type: 'pricelist' | 'column', data: Record<string, string>, who?: string) =>
  (await post(`/v3/api/partner/${type}/`, data, who)).json();
const row = (id: number) => t.database.db.selectFrom('price_lists').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

let day = 0;
const newClient = (fields: { priceListId?: number; columnId?: number } = {}) =>
  insertClient(t.database.db, pid, { name: `Прайсовый ${++day}`, registeredAt: '2017-01-01T12:00:00+03:00', ...fields });
const newGroup = async (priceListId: number) =>
  (
    await t.database.db
      .insertInto('client_groups')
      .values({ partner_id: pid, name: `Группа ${++day}`, price_list_id: priceListId })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

beforeAll(async () => {
  t = await createTestApp();
  for (const email of STAFF) tokens[email] = await t.login(email);
  pid = await partnerIdOf(t.database.db, 'owner@partner.demo');
  otherPid = await partnerIdOf(t.database.db, 'owner@second.demo');
});
afterAll(() => t.close());

describe('GET /v3/api/partner/pricelist/ and /column/', () => {
  it('answers the lists and the columns with their counts and the price types', async () => {
    const body = await lists();
    const base = body.PRICELISTS[0];
    expect(base).toMatchObject({
      ID: 'personal_price',
      NAME: 'Базовый прайс',
      SORT: 200,
      IS_BASE: 'Y',
      EDIT_1C: 'N',
      PRICE_TYPE: 'RRC',
      PARENT_ID: null,
    });
    const wholesale = byName(body.PRICELISTS, 'Оптовый прайс')!;
    expect(wholesale).toMatchObject({
      ID: expect.any(Number),
      SORT: 300,
      IS_BASE: 'N',
      PRICE_TYPE: 'PURCHASE',
      SECTION_RATE: '15.00',
      ROUNDING: 'TWO_DECIMAL',
      UNIT: 'RUB',
    });
    expect(body.COLUMNS.map((c) => c.NAME)).toEqual(['Крупный опт']);
    expect(body.COLUMNS[0]).toMatchObject({ PARENT_ID: 'personal_price', IS_BASE: 'N', SECTION_RATE: '10.00' });
    expect(body.ENTITIES.PRICE_TYPE.map((p) => p.CODE)).toEqual(['RRC', 'PURCHASE']);
    expect(body.ENTITIES.PRICE_TYPE[0]).toEqual({ ID: expect.any(Number), NAME: 'Рекомендованная розничная цена', INNER_TYPE: 'PRICE', CODE: 'RRC' });

    // The counts are the clients and groups assigned (the base list also serves clients with no list).
    const { db } = t.database;
    const count = async (q: Promise<{ n: string | number }>) => Number((await q).n);
    const clients = db
      .selectFrom('clients')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('partner_id', '=', pid);
    expect(wholesale.CLIENTS_CNT).toBe(await count(clients.where('price_list_id', '=', wholesale.ID as number).executeTakeFirstOrThrow()));
    expect(wholesale.CLIENTS_CNT).toBeGreaterThan(0);
    expect(base.CLIENTS_CNT).toBe(await count(clients.where('price_list_id', 'is', null).executeTakeFirstOrThrow()));
    const column = body.COLUMNS[0];
    expect(column.CLIENTS_CNT).toBe(await count(clients.where('price_column_id', '=', column.ID as number).executeTakeFirstOrThrow()));
    const groups = db
      .selectFrom('client_groups')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('partner_id', '=', pid);
    expect(wholesale.GROUPS_CNT).toBe(await count(groups.where('price_list_id', '=', wholesale.ID as number).executeTakeFirstOrThrow()));

    expect((await get('/v3/api/partner/column/')).json()).toEqual(body);
  });

  it('shows each partner its own lists only', async () => {
    const theirs = await lists('owner@second.demo');
    expect(theirs.PRICELISTS.map((l) => l.NAME)).toEqual(['Базовый прайс']);
    expect(theirs.COLUMNS).toEqual([]);
  });

  it('lets ADMIN, PRICE and CLIENTS read, and refuses ORDERS and LOYALTY with 403', async () => {
    for (const who of ['admin@partner.demo', 'price@partner.demo', 'clients@partner.demo']) {
      for (const url of [
        '/v3/api/partner/pricelist/',
        '/v3/api/partner/column/',
        '/v3/api/partner/pricelist/personal_price/',
        '/v3/api/partner/pricetype/',
      ]) {
        expect((await get(url, who)).statusCode, `${url} ${who}`).toBe(200);
      }
    }
    const { COLUMNS } = await lists();
    for (const who of ['orders@partner.demo', 'loyalty@partner.demo']) {
      for (const url of [
        '/v3/api/partner/pricelist/',
        '/v3/api/partner/column/',
        '/v3/api/partner/pricelist/personal_price/',
        `/v3/api/partner/column/${COLUMNS[0].ID}/`,
        '/v3/api/partner/pricetype/',
      ]) {
        expect((await get(url, who)).statusCode, `${url} ${who}`).toBe(403);
      }
    }
  });
});

describe('GET /v3/api/partner/{pricelist|column}/{id}/', () => {
  it('answers one list or column by its id; the base list by personal_price or its number', async () => {
    const body = await lists();
    const base = (await get('/v3/api/partner/pricelist/personal_price/')).json();
    expect(base).toEqual(body.PRICELISTS[0]);
    const baseRow = await t.database.db
      .selectFrom('price_lists')
      .select('id')
      .where('partner_id', '=', pid)
      .where('is_base', '=', true)
      .executeTakeFirstOrThrow();
    expect((await get(`/v3/api/partner/pricelist/${baseRow.id}/`)).json()).toEqual(base);
    const column = body.COLUMNS[0];
    expect((await get(`/v3/api/partner/column/${column.ID}/`)).json()).toEqual(column);
  });

  it("answers 404 for another kind, another partner's, a deleted or a malformed id", async () => {
    const body = await lists();
    const column = body.COLUMNS[0].ID;
    const wholesale = byName(body.PRICELISTS, 'Оптовый прайс')!.ID;
    expect((await get(`/v3/api/partner/pricelist/${column}/`)).statusCode).toBe(404);
    expect((await get(`/v3/api/partner/column/${wholesale}/`)).statusCode).toBe(404);
    expect((await get('/v3/api/partner/column/personal_price/')).statusCode).toBe(404);
    expect((await get(`/v3/api/partner/pricelist/${wholesale}/`, 'owner@second.demo')).statusCode).toBe(404);
    expect((await get(`/v3/api/partner/column/${column}/`, 'owner@second.demo')).statusCode).toBe(404);
    expect((await get('/v3/api/partner/pricelist/abc/')).statusCode).toBe(404);
    const gone = await create('pricelist', { name: 'Удалю сразу' });
    expect((await post(`/v3/api/partner/pricelist/${gone.ID}/`, { delete: 'Y' })).json().SUCCESS).toBe('Y');
    expect((await get(`/v3/api/partner/pricelist/${gone.ID}/`)).statusCode).toBe(404);
  });
});

describe('POST /v3/api/partner/{pricelist|column}/: create', () => {
  it('creates a price list with every field, and with the defaults', async () => {
    const res = await create(
      'pricelist',
      { name: 'Дилерский', section_rate: '12,5', price_type: 'PURCHASE', rounding: 'NO_DECIMAL', unit: 'RATE', sort: '250' },
      'admin@partner.demo',
    );
    expect(res).toEqual({ SUCCESS: 'Y', MESSAGE: PRICE_LIST_MSG.created.PRICELIST, ID: expect.any(Number), NAME: 'Дилерский' });
    expect((await get(`/v3/api/partner/pricelist/${res.ID}/`)).json()).toEqual({
      ID: res.ID,
      NAME: 'Дилерский',
      SORT: 250,
      EDIT_1C: 'N',
      PRICE_TYPE: 'PURCHASE',
      SECTION_RATE: '12.50',
      ROUNDING: 'NO_DECIMAL',
      UNIT: 'RATE',
      PARENT_ID: null,
      IS_BASE: 'N',
      CLIENTS_CNT: 0,
      GROUPS_CNT: 0,
    });
    const plain = await create('pricelist', { name: 'Простой' });
    expect((await get(`/v3/api/partner/pricelist/${plain.ID}/`)).json()).toMatchObject({
      SORT: 500,
      PRICE_TYPE: 'RRC',
      SECTION_RATE: null,
      ROUNDING: 'TWO_DECIMAL',
      UNIT: 'RUB',
    });
    // Sorted by SORT: 250 comes after the base list (200) and before the wholesale list (300).
    const names = (await lists()).PRICELISTS.map((l) => l.NAME);
    expect(names.slice(0, 3)).toEqual(['Базовый прайс', 'Дилерский', 'Оптовый прайс']);
  });

  it('creates a column under the base list unless another list is named', async () => {
    const body = await lists();
    const wholesale = byName(body.PRICELISTS, 'Оптовый прайс')!.ID as number;
    const a = await create('column', { name: 'Колонка по умолчанию', section_rate: '-5' });
    expect(a).toMatchObject({ SUCCESS: 'Y', MESSAGE: PRICE_LIST_MSG.created.COLUMN });
    expect((await get(`/v3/api/partner/column/${a.ID}/`)).json()).toMatchObject({ PARENT_ID: 'personal_price', SECTION_RATE: '-5.00' });
    const b = await create('column', { name: 'Колонка опта', parent_id: String(wholesale) });
    expect((await get(`/v3/api/partner/column/${b.ID}/`)).json()).toMatchObject({ PARENT_ID: wholesale });
    expect((await row(b.ID)).kind).toBe('COLUMN');
    // A column's list must be a live list of the partner: a column or another partner's list names none.
    const theirBase = await t.database.db.selectFrom('price_lists').select('id').where('partner_id', '=', otherPid).executeTakeFirstOrThrow();
    expect((await post('/v3/api/partner/column/', { name: 'x', parent_id: String(theirBase.id) })).statusCode).toBe(404);
    expect((await post('/v3/api/partner/column/', { name: 'x', parent_id: String(a.ID) })).statusCode).toBe(404);
    // Back to the demo's one column, for the tests that follow.
    for (const id of [a.ID, b.ID]) expect((await post(`/v3/api/partner/column/${id}/`, { delete: 'Y' })).json().SUCCESS).toBe('Y');
  });

  it('requires the name (tags stripped first, then trimmed) with the message of each kind', async () => {
    for (const name of ['', '   ', '<b></b>', ' <p> </p> ']) {
      expect((await post('/v3/api/partner/pricelist/', { name })).json()).toEqual({
        SUCCESS: 'N',
        errors: { name: 'Вы не указали название прайса' },
      });
      expect((await post('/v3/api/partner/column/', { name })).json()).toEqual({ SUCCESS: 'N', errors: { name: 'Вы не указали название колонки' } });
    }
    expect((await post('/v3/api/partner/pricelist/', {})).json().errors).toEqual({ name: PRICE_LIST_MSG.nameRequired.PRICELIST });
    const tagged = await create('pricelist', { name: '  <b>Опт</b> <script>x</script>2 ' });
    expect(tagged.NAME).toBe('Опт x2');
    expect((await row(tagged.ID)).name).toBe('Опт x2');
    expect((await post('/v3/api/partner/pricelist/', { name: 'я'.repeat(101) })).json().errors).toEqual({ name: PRICE_LIST_MSG.nameTooLong(100) });
  });

  it('checks the section rate, the price type, the rounding, the unit and the sort', async () => {
    for (const [rate, stored] of [
      ['0', '0.00'],
      ['999.99', '999.99'],
      ['-99,99', '-99.99'],
      ['7.5', '7.50'],
    ]) {
      const res = await create('pricelist', { name: `Ставка ${rate}`, section_rate: rate });
      expect(res.SUCCESS, rate).toBe('Y');
      expect((await row(res.ID)).section_rate).toBe(stored);
    }
    for (const rate of ['1000', '-100', '1.234', 'abc', '5%', '-']) {
      expect((await post('/v3/api/partner/pricelist/', { name: 'Ставка', section_rate: rate })).json(), rate).toEqual({
        SUCCESS: 'N',
        errors: { section_rate: PRICE_LIST_MSG.sectionRateInvalid },
      });
    }
    expect((await post('/v3/api/partner/pricelist/', { name: 'Тип', price_type: 'WHOLESALE' })).json()).toEqual({
      SUCCESS: 'N',
      errors: { price_type: MSG.priceTypeNotFound },
    });
    const bad = (await post('/v3/api/partner/column/', { name: 'Округление', rounding: 'HALF', unit: 'EUR', sort: '-1' })).json();
    expect(bad.SUCCESS).toBe('N');
    expect(Object.keys(bad.errors).sort()).toEqual(['rounding', 'sort', 'unit']);
    expect(bad.errors.sort).toBe(PRICE_LIST_MSG.sortInvalid);
    expect((await create('pricelist', { name: 'Регистр', rounding: 'one_decimal', unit: 'rate' })).SUCCESS).toBe('Y');
  });

  it('lets only ADMIN, PRICE and the owner change: CLIENTS, ORDERS and LOYALTY get 403 and nothing changes', async () => {
    const before = (await lists()).PRICELISTS.length;
    const { COLUMNS } = await lists();
    for (const who of ['clients@partner.demo', 'orders@partner.demo', 'loyalty@partner.demo']) {
      expect((await post('/v3/api/partner/pricelist/', { name: 'Чужими руками' }, who)).statusCode).toBe(403);
      expect((await post('/v3/api/partner/column/', { name: 'Чужими руками' }, who)).statusCode).toBe(403);
      expect((await post('/v3/api/partner/pricelist/personal_price/', { name: 'Чужими руками' }, who)).statusCode).toBe(403);
      expect((await post(`/v3/api/partner/column/${COLUMNS[0].ID}/`, { delete: 'Y' }, who)).statusCode).toBe(403);
      expect((await post('/v3/api/partner/pricetype/', { id: '1', name: 'Чужими руками' }, who)).statusCode).toBe(403);
    }
    expect((await lists()).PRICELISTS.length).toBe(before);
    for (const who of ['owner@partner.demo', 'admin@partner.demo', 'price@partner.demo']) {
      expect((await create('pricelist', { name: `Прайс от ${who}` }, who)).SUCCESS).toBe('Y');
    }
  });
});

describe('POST /v3/api/partner/{pricelist|column}/{id}/: edit', () => {
  it('saves the fields sent and keeps the others', async () => {
    const { ID } = await create('pricelist', {
      name: 'До правки',
      section_rate: '3',
      price_type: 'PURCHASE',
      rounding: 'ONE_DECIMAL',
      unit: 'RATE',
      sort: '700',
    });
    const res = (await post(`/v3/api/partner/pricelist/${ID}/`, { name: 'После <i>правки</i>', section_rate: '4.25' })).json();
    expect(res).toEqual({ SUCCESS: 'Y', MESSAGE: PRICE_LIST_MSG.saved.PRICELIST, ID, NAME: 'После правки' });
    expect((await get(`/v3/api/partner/pricelist/${ID}/`)).json()).toMatchObject({
      NAME: 'После правки',
      SECTION_RATE: '4.25',
      PRICE_TYPE: 'PURCHASE',
      ROUNDING: 'ONE_DECIMAL',
      UNIT: 'RATE',
      SORT: 700,
    });
    // An empty rate clears it; the name stays required.
    await post(`/v3/api/partner/pricelist/${ID}/`, { name: 'После правки', section_rate: '', rounding: 'NO_DECIMAL', price_type: 'RRC' });
    expect((await get(`/v3/api/partner/pricelist/${ID}/`)).json()).toMatchObject({ SECTION_RATE: null, ROUNDING: 'NO_DECIMAL', PRICE_TYPE: 'RRC' });
    expect((await post(`/v3/api/partner/pricelist/${ID}/`, { name: ' ' })).json()).toEqual({
      SUCCESS: 'N',
      errors: { name: PRICE_LIST_MSG.nameRequired.PRICELIST },
    });
    expect((await post(`/v3/api/partner/pricelist/${ID}/`, { name: 'x', price_type: 'NOPE' })).json().errors).toEqual({
      price_type: MSG.priceTypeNotFound,
    });
    expect((await post(`/v3/api/partner/pricelist/${ID}/`, { name: 'x', action: 'archive' })).json().errors).toEqual({
      action: PRICE_LIST_MSG.actionUnknown,
    });
  });

  it('renames the base list by personal_price and moves a column to another list', async () => {
    expect((await post('/v3/api/partner/pricelist/personal_price/', { name: 'Базовый прайс' })).json()).toMatchObject({
      SUCCESS: 'Y',
      ID: 'personal_price',
    });
    const { PRICELISTS, COLUMNS } = await lists();
    const column = COLUMNS[0];
    const wholesale = byName(PRICELISTS, 'Оптовый прайс')!.ID;
    expect((await post(`/v3/api/partner/column/${column.ID}/`, { name: column.NAME, parent_id: String(wholesale) })).json().SUCCESS).toBe('Y');
    expect((await get(`/v3/api/partner/column/${column.ID}/`)).json().PARENT_ID).toBe(wholesale);
    expect((await post(`/v3/api/partner/column/${column.ID}/`, { name: column.NAME, parent_id: 'personal_price' })).json().SUCCESS).toBe('Y');
    expect((await get(`/v3/api/partner/column/${column.ID}/`)).json().PARENT_ID).toBe('personal_price');
    // The base list is never a column: the column path does not name it.
    expect((await post('/v3/api/partner/column/personal_price/', { name: 'Колонка' })).statusCode).toBe(404);
    const base = await t.database.db
      .selectFrom('price_lists')
      .select(['kind', 'is_base'])
      .where('partner_id', '=', pid)
      .where('is_base', '=', true)
      .executeTakeFirstOrThrow();
    expect(base.kind).toBe('PRICELIST');
  });

  it("answers 404 for another partner's list and changes nothing", async () => {
    const { PRICELISTS, COLUMNS } = await lists();
    const wholesale = byName(PRICELISTS, 'Оптовый прайс')!;
    for (const [url, data] of [
      [`/v3/api/partner/pricelist/${wholesale.ID}/`, { name: 'Чужое' }],
      [`/v3/api/partner/pricelist/${wholesale.ID}/`, { delete: 'Y' }],
      [`/v3/api/partner/pricelist/${wholesale.ID}/`, { action: 'copy' }],
      [`/v3/api/partner/column/${COLUMNS[0].ID}/`, { delete: 'Y' }],
      ['/v3/api/partner/pricelist/', { id: String(wholesale.ID), delete: 'Y' }],
    ] as const) {
      expect((await post(url, data, 'owner@second.demo')).statusCode, `${url} ${JSON.stringify(data)}`).toBe(404);
    }
    expect((await lists()).PRICELISTS).toEqual(PRICELISTS);
    expect((await lists('owner@second.demo')).PRICELISTS).toHaveLength(1);
  });
});

describe('action=copy', () => {
  it('copies the list with its section rates, product rates and per-product prices, and answers the copy', async () => {
    const { db } = t.database;
    const src = await create('pricelist', {
      name: 'Оригинал',
      section_rate: '8',
      price_type: 'PURCHASE',
      rounding: 'ONE_DECIMAL',
      unit: 'RATE',
      sort: '310',
    });
    const sections = await db.selectFrom('catalog_sections').select('id').orderBy('id').limit(3).execute();
    const products = await db.selectFrom('catalog_products').select('id').orderBy('id').limit(4).execute();
    await db
      .insertInto('price_section_rates')
      .values(
        sections.map((s, i) => ({ partner_id: pid, price_list_id: src.ID, section_id: s.id, percent: `${i + 1}.50`, show: i !== 1, sort: 100 + i })),
      )
      .execute();
    await db
      .insertInto('price_product_rates')
      .values(products.slice(0, 2).map((p, i) => ({ partner_id: pid, price_list_id: src.ID, product_id: p.id, percent: `-${i + 2}.00` })))
      .execute();
    await db
      .insertInto('price_list_products')
      .values([
        {
          partner_id: pid,
          price_list_id: src.ID,
          product_id: products[2].id,
          site_price: '123.4500',
          percent: null,
          valid_until: new Date('2031-01-01T00:00:00Z'),
        },
        { partner_id: pid, price_list_id: src.ID, product_id: products[3].id, site_price: null, percent: '7.00', valid_until: null },
      ])
      .execute();

    const copy = (await post(`/v3/api/partner/pricelist/${src.ID}/`, { action: 'copy' })).json();
    expect(copy).toEqual({ SUCCESS: 'Y', MESSAGE: PRICE_LIST_MSG.copied.PRICELIST, ID: expect.any(Number), NAME: 'Оригинал (копия)' });
    expect(copy.ID).not.toBe(src.ID);
    const original = (await get(`/v3/api/partner/pricelist/${src.ID}/`)).json();
    expect((await get(`/v3/api/partner/pricelist/${copy.ID}/`)).json()).toEqual({ ...original, ID: copy.ID, NAME: 'Оригинал (копия)' });

    const rates = async (table: 'price_section_rates' | 'price_product_rates' | 'price_list_products', id: number) =>
      (await db.selectFrom(table).selectAll().where('partner_id', '=', pid).where('price_list_id', '=', id).execute())
        .map(({ price_list_id: _id, ...rest }) => rest)
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    for (const table of ['price_section_rates', 'price_product_rates', 'price_list_products'] as const) {
      const copied = await rates(table, copy.ID);
      expect(copied.length, table).toBeGreaterThan(0);
      expect(copied, table).toEqual(await rates(table, src.ID));
    }

    // A name given is used (tags stripped); the collection's POST with an id copies too.
    const named = (await post('/v3/api/partner/pricelist/', { id: String(src.ID), action: 'copy', name: '<b>Новая</b> копия' })).json();
    expect(named).toMatchObject({ SUCCESS: 'Y', NAME: 'Новая копия' });
    expect((await rates('price_product_rates', named.ID)).length).toBe(2);
    // The base list copies to an ordinary list.
    const baseCopy = (await post('/v3/api/partner/pricelist/personal_price/', { action: 'copy' })).json();
    expect((await get(`/v3/api/partner/pricelist/${baseCopy.ID}/`)).json()).toMatchObject({ NAME: 'Базовый прайс (копия)', IS_BASE: 'N' });
  });

  it('copies a column under the same list', async () => {
    const { COLUMNS } = await lists();
    const copy = (await post(`/v3/api/partner/column/${COLUMNS[0].ID}/`, { action: 'copy', name: 'Крупный опт 2' })).json();
    expect(copy).toMatchObject({ SUCCESS: 'Y', MESSAGE: PRICE_LIST_MSG.copied.COLUMN });
    expect((await get(`/v3/api/partner/column/${copy.ID}/`)).json()).toMatchObject({
      NAME: 'Крупный опт 2',
      PARENT_ID: COLUMNS[0].PARENT_ID,
      SECTION_RATE: '10.00',
    });
    expect((await post(`/v3/api/partner/column/${copy.ID}/`, { delete: 'Y' })).json().SUCCESS).toBe('Y');
  });
});

describe('delete=Y', () => {
  it('deletes a list nobody uses (soft): gone from the lists, the row kept with deleted_at', async () => {
    const { ID } = await create('pricelist', { name: 'На удаление' });
    const res = (await post(`/v3/api/partner/pricelist/${ID}/`, { delete: 'Y' })).json();
    expect(res).toEqual({ SUCCESS: 'Y', MESSAGE: PRICE_LIST_MSG.deleted.PRICELIST('На удаление'), ID, NAME: 'На удаление' });
    expect((await lists()).PRICELISTS.map((l) => l.ID)).not.toContain(ID);
    expect((await row(ID)).deleted_at).toBeInstanceOf(Date);
    expect((await post(`/v3/api/partner/pricelist/${ID}/`, { delete: 'Y' })).statusCode).toBe(404);
    expect((await post(`/v3/api/partner/pricelist/${ID}/`, { name: 'Воскрешение' })).statusCode).toBe(404);
    // By the collection's POST with the id; without an id it names none.
    const other = await create('column', { name: 'Колонка на удаление' });
    expect((await post('/v3/api/partner/column/', { id: String(other.ID), delete: 'Y' })).json()).toMatchObject({
      SUCCESS: 'Y',
      NAME: 'Колонка на удаление',
    });
    expect((await post('/v3/api/partner/column/', { delete: 'Y' })).json()).toEqual({ SUCCESS: 'N', errors: { id: PRICE_LIST_MSG.notSelected } });
  });

  it('refuses the base list', async () => {
    expect((await post('/v3/api/partner/pricelist/personal_price/', { delete: 'Y' })).json()).toEqual({
      SUCCESS: 'N',
      errors: { delete: 'Невозможно удалить прайс', additional_info: PRICE_LIST_MSG.baseNotDeletable },
    });
  });

  it('refuses a list assigned to clients or groups, or with columns, saying why', async () => {
    const { ID } = await create('pricelist', { name: 'Занятый' });
    for (let i = 0; i < 3; i++) await newClient({ priceListId: ID });
    await newGroup(ID);
    const refused = (await post(`/v3/api/partner/pricelist/${ID}/`, { delete: 'Y' })).json();
    expect(refused).toEqual({
      SUCCESS: 'N',
      errors: { delete: 'Невозможно удалить прайс', additional_info: 'Прайс назначен 3 клиентам и 1 группе.' },
    });
    expect((await get(`/v3/api/partner/pricelist/${ID}/`)).json()).toMatchObject({ CLIENTS_CNT: 3, GROUPS_CNT: 1 });

    const withColumn = await create('pricelist', { name: 'С колонкой' });
    const column = await create('column', { name: 'Под прайсом', parent_id: String(withColumn.ID) });
    expect((await post(`/v3/api/partner/pricelist/${withColumn.ID}/`, { delete: 'Y' })).json().errors).toEqual({
      delete: 'Невозможно удалить прайс',
      additional_info: 'У прайса есть 1 колонка цен.',
    });
    // A column assigned to a client.
    await newClient({ columnId: column.ID });
    expect((await post(`/v3/api/partner/column/${column.ID}/`, { delete: 'Y' })).json()).toEqual({
      SUCCESS: 'N',
      errors: { delete: 'Невозможно удалить колонку цен', additional_info: 'Колонка цен назначена 1 клиенту.' },
    });
    // Unassigned, both go.
    await t.database.db
      .updateTable('clients')
      .set({ price_column_id: null })
      .where('partner_id', '=', pid)
      .where('price_column_id', '=', column.ID)
      .execute();
    expect((await post(`/v3/api/partner/column/${column.ID}/`, { delete: 'Y' })).json().SUCCESS).toBe('Y');
    expect((await post(`/v3/api/partner/pricelist/${withColumn.ID}/`, { delete: 'Y' })).json().SUCCESS).toBe('Y');
  });
});

describe('at most 3 price columns', () => {
  it('keeps exactly 3 under 30 parallel creates, then refuses a create and a copy with its message', async () => {
    // The second partner starts with no column.
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => post('/v3/api/partner/column/', { name: `Параллельная ${i}` }, 'owner@second.demo').then((r) => r.json())),
    );
    expect(answers.filter((a) => a.SUCCESS === 'Y')).toHaveLength(3);
    const refused = answers.filter((a) => a.SUCCESS === 'N');
    expect(refused).toHaveLength(27);
    for (const a of refused) expect(a.errors).toEqual({ limit: PRICE_LIST_MSG.columnsLimit(3) });
    const live = await t.database.db
      .selectFrom('price_lists')
      .select('id')
      .where('partner_id', '=', otherPid)
      .where('kind', '=', 'COLUMN')
      .where('deleted_at', 'is', null)
      .execute();
    expect(live).toHaveLength(3);
    const { COLUMNS } = await lists('owner@second.demo');
    expect(COLUMNS).toHaveLength(3);
    expect((await post(`/v3/api/partner/column/${COLUMNS[0].ID}/`, { action: 'copy' }, 'owner@second.demo')).json()).toEqual({
      SUCCESS: 'N',
      errors: { limit: PRICE_LIST_MSG.columnsLimit(3) },
    });
    // A deleted column frees its place.
    expect((await post(`/v3/api/partner/column/${COLUMNS[0].ID}/`, { delete: 'Y' }, 'owner@second.demo')).json().SUCCESS).toBe('Y');
    expect((await post('/v3/api/partner/column/', { name: 'Четвертая после удаления' }, 'owner@second.demo')).json().SUCCESS).toBe('Y');
    expect((await post('/v3/api/partner/column/', { name: 'Пятая' }, 'owner@second.demo')).json().errors).toEqual({
      limit: PRICE_LIST_MSG.columnsLimit(3),
    });
  });
});

describe('GET/POST /v3/api/partner/pricetype/', () => {
  it('lists the price types and renames one', async () => {
    const { ITEMS } = (await get('/v3/api/partner/pricetype/', 'clients@partner.demo')).json();
    expect(ITEMS.map((i: { CODE: string }) => i.CODE)).toEqual(['RRC', 'PURCHASE']);
    expect(ITEMS[1]).toEqual({ ID: expect.any(Number), NAME: 'Закупочная цена', INNER_TYPE: 'PRICE', CODE: 'PURCHASE' });
    const purchase = ITEMS[1].ID;
    expect((await post('/v3/api/partner/pricetype/', { id: String(purchase), name: ' <b>Закупка</b> ' })).json()).toEqual({
      SUCCESS: 'Y',
      MESSAGE: PRICE_LIST_MSG.priceTypeRenamed,
      ID: purchase,
    });
    expect((await get('/v3/api/partner/pricetype/')).json().ITEMS[1].NAME).toBe('Закупка');
    expect((await lists()).ENTITIES.PRICE_TYPE[1].NAME).toBe('Закупка');
    expect((await post('/v3/api/partner/pricetype/', { id: String(purchase), name: '' })).json()).toEqual({
      SUCCESS: 'N',
      errors: { name: 'Вы не указали название типа цен' },
    });
    expect((await post('/v3/api/partner/pricetype/', { name: 'Без id' })).json().errors).toHaveProperty('id');
    // Another partner's price type: 404, its name unchanged.
    expect((await post('/v3/api/partner/pricetype/', { id: String(purchase), name: 'Чужое' }, 'owner@second.demo')).statusCode).toBe(404);
    expect((await get('/v3/api/partner/pricetype/')).json().ITEMS[1].NAME).toBe('Закупка');
    expect((await get('/v3/api/partner/pricetype/', 'orders@partner.demo')).statusCode).toBe(403);
  });
});
