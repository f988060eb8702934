import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_SORTS, type GroupListItem } from '@b2b/contracts/clients';
import { MSG } from '@b2b/contracts/messages';
import { ORDER_MSG } from '@b2b/contracts/orders';
import { finishedExport } from '@/test/export-job';
import { bearer, createTestApp, form, type TestApp } from '@/test/test-app';
import { downloadXlsxRows, insertClient, partnerIdOf } from '../clients/clients-test-fixtures';

let t: TestApp;
const tokens: Record<string, string> = {};
let pid: number;
let otherPid: number;

const STAFF = [
  'owner@partner.demo',
  'clients@partner.demo',
  'orders@partner.demo',
  'price@partner.demo',
  'loyalty@partner.demo',
  'owner@second.demo',
];

const get = (url: string, who = 'owner@partner.demo') => t.app.inject({ method: 'GET', url, headers: bearer(tokens[who]) });
const post = (url: string, data: Record<string, string>, who = 'clients@partner.demo') =>
  t.app.inject({ method: 'POST', url, ...form(data), headers: { ...form(data).headers, ...bearer(tokens[who]) } });
const clientsField = (ids: number[]) => Object.fromEntries(ids.map((id, i) => [`clients[${i}]`, String(id)]));

let day = 0;
/** Fresh clients of this partner, each test its own. */
const newClients = (n: number, opts: { blacklisted?: boolean } = {}) => {
  day++;
  return Promise.all(
    Array.from({ length: n }, (_, i) =>
      insertClient(t.database.db, pid, {
        name: `Групповой ${day}-${i}`,
        registeredAt: `2016-05-${String(day).padStart(2, '0')}T12:00:00+03:00`,
        ...opts,
      }),
    ),
  );
};
const createGroup = async (name: string, ids: number[] = []) =>
  (await post('/v3/api/partner/group/', { groupName: name, groupDescription: 'Описание', ...clientsField(ids) })).json();
const memberIds = async (groupId: number) =>
  ((await get(`/v3/api/partner/group/${groupId}/?limit=96`)).json().ITEMS as { ID: number }[]).map((c) => c.ID).sort((a, b) => a - b);

beforeAll(async () => {
  t = await createTestApp();
  for (const email of STAFF) tokens[email] = await t.login(email);
  pid = await partnerIdOf(t.database.db, 'owner@partner.demo');
  otherPid = await partnerIdOf(t.database.db, 'owner@second.demo');
});
afterAll(() => t.close());

describe('GET /v3/api/partner/grouplist/', () => {
  it('lists the partner groups with their client counts, newest first, limit 24', async () => {
    const res = await get('/v3/api/partner/grouplist/', 'orders@partner.demo');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const names = body.ITEMS.map((g: GroupListItem) => g.NAME);
    expect(names).toEqual(expect.arrayContaining(['Крупные оптовики', 'Школы и детсады', 'Новые клиенты', 'Бюджетные организации', 'Розница']));
    const dates = body.ITEMS.map((g: GroupListItem) => g.CREATE_DATE);
    expect(dates).toEqual([...dates].sort((a: number, b: number) => b - a));
    const schools = body.ITEMS.find((g: GroupListItem) => g.NAME === 'Школы и детсады');
    const members = await t.database.db.selectFrom('client_group_members').select('client_id').where('group_id', '=', schools.ID).execute();
    expect(schools).toMatchObject({ GROUP_ID: schools.ID, CLIENTS_COUNT: members.length, DESCRIPTION: expect.any(String) });
    expect(body.NAV.CNT).toBe(body.NAV.CNT_ALL);
  });

  it('sorts by every column both ways and answers check_sort for an unknown one', async () => {
    for (const sort of GROUP_SORTS) {
      for (const order of ['ASC', 'DESC']) {
        const items: GroupListItem[] = (await get(`/v3/api/partner/grouplist/?sort=${sort}&order=${order}`)).json().ITEMS;
        const key = (g: GroupListItem) =>
          sort === 'ID'
            ? g.ID
            : sort === 'CREATE_DATE'
              ? g.CREATE_DATE
              : sort === 'CLIENTS_COUNT'
                ? g.CLIENTS_COUNT
                : (sort === 'NAME' ? g.NAME : (g.DESCRIPTION ?? '')).toLowerCase();
        const keys = items.map(key);
        const sorted = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        expect(keys, `${sort} ${order}`).toEqual(order === 'ASC' ? sorted : sorted.reverse());
      }
    }
    expect((await get('/v3/api/partner/grouplist/?sort=PRICE')).json()).toEqual({ SUCCESS: 'N', errors: { check_sort: MSG.groupSortInvalid } });
  });

  it('filters by creation day and pages with 24, 48 or 96', async () => {
    const g = await createGroup('Фильтр по дате');
    const today = new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
    const ofToday = (await get(`/v3/api/partner/grouplist/?date_start=${today}&date_end=${today}`)).json();
    expect(ofToday.ITEMS.map((x: GroupListItem) => x.ID)).toContain(g.ID);
    expect(ofToday.ITEMS.every((x: GroupListItem) => x.NAME !== 'Розница')).toBe(true);
    expect((await get('/v3/api/partner/grouplist/?limit=1&offset=0')).json().ITEMS.length).toBeGreaterThan(1);
    expect((await get('/v3/api/partner/grouplist/?limit=48&offset=2')).json().ITEMS.length).toBe(ofToday.NAV.CNT_ALL - 2);
  });
});

describe('POST /v3/api/partner/group/ and /group/{id}/', () => {
  it('creates a group with two clients: they are added after creation', async () => {
    const [a, b] = await newClients(2);
    const res = await createGroup('Новая группа', [a, b]);
    expect(res).toMatchObject({ SUCCESS: 'Y', MESSAGE: MSG.groupCreated, INFO: { DONE: [a, b], ERRORS: [] } });
    const card = (await get(`/v3/api/partner/group/${res.ID}/`)).json();
    expect(card.ENTITIES.GROUP).toMatchObject({ ID: res.ID, NAME: 'Новая группа', DESCRIPTION: 'Описание', CLIENTS_COUNT: 2 });
    expect(card.NAV).toEqual({ CNT: 2, CNT_ALL: 2 });
    expect(card.ITEMS[0]).toHaveProperty('ORDERS_SUM');
    // The card reads the loyalty flag with the group: its columns are the client list's.
    expect(card.ENTITIES.LOYALTY).toEqual((await get('/v3/api/partner/client/')).json().ENTITIES.LOYALTY);
  });

  it('validates the name: required, at most 100 characters; the description at most 1000', async () => {
    for (const groupName of ['', '   ']) {
      expect((await post('/v3/api/partner/group/', { groupName, groupDescription: 'x' })).json()).toEqual({
        SUCCESS: 'N',
        errors: { groupName: 'Не указано название группы' },
      });
    }
    expect((await post('/v3/api/partner/group/', { groupName: 'я'.repeat(101) })).json().errors.groupName).toBe(MSG.groupNameTooLong(100));
    expect((await post('/v3/api/partner/group/', { groupName: 'ok', groupDescription: 'я'.repeat(1001) })).json().errors.groupDescription).toBe(
      MSG.groupDescriptionTooLong(1000),
    );
    const g = await createGroup('Переименуй меня');
    expect((await post(`/v3/api/partner/group/${g.ID}/`, { groupName: '' })).json().errors).toEqual({ groupName: MSG.groupNameRequired });
  });

  it('edits the name and description, and deletes the group with its memberships', async () => {
    const [a] = await newClients(1);
    const g = await createGroup('Старое имя', [a]);
    expect((await post(`/v3/api/partner/group/${g.ID}/`, { groupName: 'Новое имя', groupDescription: '' })).json()).toMatchObject({
      SUCCESS: 'Y',
      MESSAGE: MSG.groupSaved,
    });
    expect((await get(`/v3/api/partner/group/${g.ID}/`)).json().ENTITIES.GROUP).toMatchObject({ NAME: 'Новое имя', DESCRIPTION: null });
    expect((await post(`/v3/api/partner/group/${g.ID}/`, { delete: 'Y' })).json()).toMatchObject({ SUCCESS: 'Y', MESSAGE: MSG.groupDeleted });
    expect((await get(`/v3/api/partner/group/${g.ID}/`)).statusCode).toBe(404);
    const left = await t.database.db.selectFrom('client_group_members').select('client_id').where('group_id', '=', g.ID).execute();
    expect(left).toEqual([]);
  });

  it("exports the group's clients to a real .xlsx", async () => {
    const [a, b] = await newClients(2);
    const g = await createGroup('Экспорт', [a, b]);
    const queued = (await post(`/v3/api/partner/group/${g.ID}/?sort=NAME&order=ASC`, { action: 'export' }, 'orders@partner.demo')).json();
    expect(queued).toMatchObject({ SUCCESS: 'Y', JOB_ID: expect.any(Number) });
    const res = await finishedExport(t, tokens['orders@partner.demo'], queued);
    expect(res).toMatchObject({ FILENAME: expect.stringMatching(/^Группа Экспорт \d{2}\.\d{2}\.\d{4}\.xlsx$/) });
    const rows = await downloadXlsxRows(t, tokens['orders@partner.demo'], res.URL);
    expect(rows.slice(1).map((r) => r[0])).toEqual([a, b]);
  });
});

describe('POST /v3/api/partner/client_group/{groupId}/', () => {
  it('adds one client, then two, and removes one, then two, with the spec notifications', async () => {
    const [a, b, c] = await newClients(3);
    const g = await createGroup('Участники');
    const url = `/v3/api/partner/client_group/${g.ID}/`;
    expect((await post(url, clientsField([a]))).json()).toEqual({
      SUCCESS: 'Y',
      MESSAGE: 'Клиент успешно добавлен в группу',
      INFO: { DONE: [a], ERRORS: [] },
    });
    expect((await post(url, clientsField([b, c]))).json().MESSAGE).toBe('Клиенты успешно добавлены в группу');
    expect(await memberIds(g.ID)).toEqual([a, b, c].sort((x, y) => x - y));
    expect((await post(url, { ...clientsField([a]), delete: 'Y' })).json().MESSAGE).toBe('Клиент удален из группы');
    expect((await post(url, { ...clientsField([b, c]), delete: 'Y' })).json().MESSAGE).toBe('Клиенты удалены из группы');
    expect(await memberIds(g.ID)).toEqual([]);
    expect((await get(`/v3/api/partner/group/${g.ID}/`)).json()).toMatchObject({ ITEMS: [], NAV: { CNT: 0, CNT_ALL: 0 } });
  });

  it("reports in INFO.ERRORS the clients it could not add: another partner's, unknown, blacklisted, already in", async () => {
    const [a, b] = await newClients(2);
    const [blocked] = await newClients(1, { blacklisted: true });
    const foreign = (await t.database.db.selectFrom('clients').select('id').where('partner_id', '=', otherPid).executeTakeFirstOrThrow()).id;
    const g = await createGroup('Ошибки', [a]);
    const res = (await post(`/v3/api/partner/client_group/${g.ID}/`, clientsField([a, b, foreign, 999999999, blocked]))).json();
    expect(res).toEqual({
      SUCCESS: 'Y',
      MESSAGE: MSG.clientAddedToGroup,
      INFO: {
        DONE: [b],
        ERRORS: [
          { ID: a, MESSAGE: MSG.clientAlreadyInGroup },
          { ID: foreign, MESSAGE: MSG.clientNotFound },
          { ID: 999999999, MESSAGE: MSG.clientNotFound },
          { ID: blocked, MESSAGE: ORDER_MSG.clientBlacklisted },
        ],
      },
    });
    expect(await memberIds(g.ID)).toEqual([a, b].sort((x, y) => x - y));
    const nothing = (await post(`/v3/api/partner/client_group/${g.ID}/`, clientsField([foreign]))).json();
    expect(nothing).toMatchObject({ SUCCESS: 'N', errors: { clients: MSG.clientNotFound }, INFO: { DONE: [] } });
    const foreignRows = await t.database.db.selectFrom('client_group_members').select('client_id').where('client_id', '=', foreign).execute();
    expect(foreignRows).toEqual([]);
    const removeAbsent = (await post(`/v3/api/partner/client_group/${g.ID}/`, { ...clientsField([foreign]), delete: 'Y' })).json();
    expect(removeAbsent.INFO.ERRORS).toEqual([{ ID: foreign, MESSAGE: MSG.clientNotFound }]);
  });

  it('answers «Вы не выбрали Клиента» when no client is chosen', async () => {
    const g = await createGroup('Пусто');
    expect((await post(`/v3/api/partner/client_group/${g.ID}/`, {})).json()).toMatchObject({
      SUCCESS: 'N',
      errors: { clients: 'Вы не выбрали Клиента' },
    });
  });
});

describe('groups: rights and tenancy', () => {
  it('every role reads; only ADMIN, CLIENTS and the owner change groups', async () => {
    const [a] = await newClients(1);
    const g = await createGroup('Права');
    for (const who of ['orders@partner.demo', 'price@partner.demo', 'loyalty@partner.demo']) {
      expect((await get('/v3/api/partner/grouplist/', who)).statusCode, who).toBe(200);
      expect((await get(`/v3/api/partner/group/${g.ID}/`, who)).statusCode, who).toBe(200);
      expect((await post('/v3/api/partner/group/', { groupName: 'Нельзя' }, who)).statusCode, who).toBe(403);
      expect((await post(`/v3/api/partner/group/${g.ID}/`, { groupName: 'Нельзя' }, who)).statusCode, who).toBe(403);
      expect((await post(`/v3/api/partner/group/${g.ID}/`, { delete: 'Y' }, who)).statusCode, who).toBe(403);
      expect((await post(`/v3/api/partner/client_group/${g.ID}/`, clientsField([a]), who)).statusCode, who).toBe(403);
    }
    expect((await post(`/v3/api/partner/client_group/${g.ID}/`, clientsField([a]), 'owner@partner.demo')).json().SUCCESS).toBe('Y');
  });

  it('a reader calling with action=export (in the body or, without one there, the query) exports and changes nothing', async () => {
    const before = (await get('/v3/api/partner/grouplist/?limit=96')).json().NAV.CNT_ALL;
    const viaQuery = await post('/v3/api/partner/group/?action=export', { groupName: 'Не создавать' }, 'orders@partner.demo');
    expect(viaQuery.json()).toMatchObject({ SUCCESS: 'Y', JOB_ID: expect.any(Number) });
    expect(await finishedExport(t, tokens['orders@partner.demo'], viaQuery.json())).toMatchObject({ FILENAME: expect.stringMatching(/\.xlsx$/) });
    // An action given in the body is the one that counts: an empty one is a save, which a reader may not do.
    expect((await post('/v3/api/partner/group/?action=export', { groupName: 'Не создавать', action: '' }, 'orders@partner.demo')).statusCode).toBe(
      403,
    );
    expect((await get('/v3/api/partner/grouplist/?limit=96')).json().NAV.CNT_ALL).toBe(before);
  });

  it("another partner's group answers 404 on every call, like an unknown id, and stays as it was", async () => {
    const [a] = await newClients(1);
    const g = await createGroup('Чужая', [a]);
    const who = 'owner@second.demo';
    const unknown = await get('/v3/api/partner/group/999999999/', who);
    expect(unknown.statusCode).toBe(404);
    expect((await get(`/v3/api/partner/group/${g.ID}/`, who)).json()).toEqual(unknown.json());
    expect((await post(`/v3/api/partner/group/${g.ID}/`, { groupName: 'Взлом' }, who)).statusCode).toBe(404);
    expect((await post(`/v3/api/partner/group/${g.ID}/`, { delete: 'Y' }, who)).statusCode).toBe(404);
    expect((await post(`/v3/api/partner/group/${g.ID}/`, { action: 'export' }, who)).statusCode).toBe(404);
    expect((await post(`/v3/api/partner/client_group/${g.ID}/`, { ...clientsField([a]), delete: 'Y' }, who)).statusCode).toBe(404);
    expect((await get(`/v3/api/partner/group/${g.ID}/`)).json().ENTITIES.GROUP).toMatchObject({ NAME: 'Чужая', CLIENTS_COUNT: 1 });
    const theirs = (await get('/v3/api/partner/grouplist/', who)).json();
    expect(theirs.ITEMS.map((x: GroupListItem) => x.ID)).not.toContain(g.ID);
    for (const bad of ['abc', '0']) expect((await get(`/v3/api/partner/group/${bad}/`)).statusCode).toBe(404);
  });
});

describe('issue 9: the group list search, its export and blacklisted members', () => {
  it('searches the group list by a part of the name, any case, on the server (the picker has no 96 cap)', async () => {
    const created = await Promise.all(Array.from({ length: 100 }, (_, i) => createGroup(`Поиск-${String(i).padStart(3, '0')}`)));
    expect(created.every((g) => g.SUCCESS === 'Y')).toBe(true);
    const found = (await get(`/v3/api/partner/grouplist/?query=${encodeURIComponent('поиск-099')}`)).json();
    expect(found.ITEMS.map((g: GroupListItem) => g.NAME)).toEqual(['Поиск-099']);
    expect(found.NAV.CNT).toBe(1);
    const many = (await get(`/v3/api/partner/grouplist/?query=${encodeURIComponent('ПОИСК')}&limit=24`)).json();
    expect(many.NAV.CNT).toBe(100);
  });

  it('exports the filtered, sorted group list to a real .xlsx for every viewing role', async () => {
    const query = `?query=${encodeURIComponent('поиск-00')}&sort=NAME&order=ASC`;
    const res = await post(`/v3/api/partner/group/${query}`, { action: 'export' }, 'orders@partner.demo');
    expect(res.statusCode).toBe(200);
    const answer = await finishedExport(t, tokens['orders@partner.demo'], res.json());
    expect(answer).toMatchObject({ FILENAME: expect.stringMatching(/^Группы клиентов \d{2}\.\d{2}\.\d{4}\.xlsx$/) });
    const [header, ...rows] = await downloadXlsxRows(t, tokens['orders@partner.demo'], answer.URL);
    expect(header).toEqual(['ID', 'Название', 'Описание', 'Дата создания', 'Клиентов']);
    const listed = (await get(`/v3/api/partner/grouplist/${query}&limit=24`)).json().ITEMS as GroupListItem[];
    expect(rows.map((r) => r[1])).toEqual(listed.map((g) => g.NAME));
    expect(rows.map((r) => r[4])).toEqual(listed.map((g) => g.CLIENTS_COUNT));
    // An export changes nothing: no group is created by it.
    expect((await get(`/v3/api/partner/grouplist/${query}&limit=24`)).json().NAV.CNT).toBe(10);
  });

  it("pages a group's members in the client list's order, by every figure both ways", async () => {
    const ids = (
      await t.database.db
        .selectFrom('clients')
        .select('id')
        .where('partner_id', '=', pid)
        .where('blacklisted', '=', false)
        .orderBy('id')
        .limit(30)
        .execute()
    ).map((c) => Number(c.id));
    const group = await createGroup('Порядок участников', ids);
    const members = new Set(ids);
    const pagesOf = async (url: string, cnt: number) => {
      const all: number[] = [];
      for (let offset = 0; offset < cnt; offset += 24)
        all.push(...((await get(`${url}&limit=24&offset=${offset}`)).json().ITEMS as { ID: number }[]).map((c) => c.ID));
      return all;
    };
    const everyone = (await get('/v3/api/partner/client/?limit=12')).json().NAV.CNT;
    for (const sort of ['NAME', 'REGISTRATION_DATE', 'ORDERS_COUNT', 'ORDERS_SUM', 'ORDERS_AVERAGE', 'LAST_ORDER']) {
      for (const order of ['ASC', 'DESC']) {
        const expected = (await pagesOf(`/v3/api/partner/client/?sort=${sort}&order=${order}`, everyone)).filter((id) => members.has(id));
        expect(await pagesOf(`/v3/api/partner/group/${group.ID}/?sort=${sort}&order=${order}`, ids.length), `${sort} ${order}`).toEqual(expected);
      }
    }
  });

  it("lists a group's blacklisted members with BLACKLIST Y", async () => {
    const [active] = await newClients(1);
    const [blocked] = await newClients(1, { blacklisted: true });
    const group = await createGroup('С черным списком', [active]);
    await t.database.db.insertInto('client_group_members').values({ partner_id: pid, group_id: group.ID, client_id: blocked }).execute();
    const items = (await get(`/v3/api/partner/group/${group.ID}/?limit=96`)).json().ITEMS as { ID: number; BLACKLIST: string }[];
    expect(items.map((c) => [c.ID, c.BLACKLIST]).sort()).toEqual(
      [
        [active, 'N'],
        [blocked, 'Y'],
      ].sort(),
    );
  });
});
