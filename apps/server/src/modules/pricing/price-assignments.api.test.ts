import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSIGN_MSG, type AssignClient, type AssignGroup } from '@b2b/contracts/pricing';
import { bearer, createTestApp, form, type TestApp } from '@/test/test-app';
import { insertClient, partnerIdOf, priceListsOf } from '../clients/clients-test-fixtures';
import { priceEngine } from './price-engine.service';

let t: TestApp;
const tokens: Record<string, string> = {};
let pid: number;
let wholesaleId: number;
let columnId: number;
let groupId: number;
let members: number[];

const STAFF = ['clients@partner.demo', 'orders@partner.demo', 'owner@second.demo'];
const get = (url: string, who = 'clients@partner.demo') => t.app.inject({ method: 'GET', url, headers: bearer(tokens[who]) });
const post = (data: Record<string, string>, who = 'clients@partner.demo') =>
  t.app.inject({ method: 'POST', url: '/v3/api/partner/pricing/assign/', ...form(data), headers: { ...form(data).headers, ...bearer(tokens[who]) } });
const ids = (name: string, values: number[]) => Object.fromEntries(values.map((v, i) => [`${name}[${i}]`, String(v)]));

beforeAll(async () => {
  t = await createTestApp();
  for (const email of STAFF) tokens[email] = await t.login(email);
  pid = await partnerIdOf(t.database.db, 'clients@partner.demo');
  const lists = await priceListsOf(t.database.db, pid);
  wholesaleId = lists.find((l) => l.name === 'Оптовый прайс')!.id;
  columnId = lists.find((l) => l.kind === 'COLUMN')!.id;
  members = await Promise.all([1, 2, 3].map((i) => insertClient(t.database.db, pid, { name: `Установка цен ${i}`, registeredAt: new Date() })));
  ({ id: groupId } = await t.database.db
    .insertInto('client_groups')
    .values({ partner_id: pid, name: 'Аааа для установки цен' })
    .returning('id')
    .executeTakeFirstOrThrow());
  await t.database.db
    .insertInto('client_group_members')
    .values(members.map((client_id) => ({ partner_id: pid, group_id: groupId, client_id })))
    .execute();
});
afterAll(() => t.close());

const tree = async (query: string) => (await get(`/v3/api/partner/pricing/assign/?${query}`)).json();
const groupOf = (answer: { ENTITIES: { GROUPS: AssignGroup[] } }) => answer.ENTITIES.GROUPS.find((g) => g.ID === groupId)!;

describe('Установка цен', () => {
  it('shows the groups with their checked members and the clients of a group, newest first', async () => {
    const answer = await tree(`price_type=pricelist&price_id=${wholesaleId}&group_id=${groupId}`);
    expect(answer.ENTITIES.PRICE).toEqual({ TYPE: 'pricelist', ID: wholesaleId, NAME: 'Оптовый прайс' });
    expect(answer.ITEMS.map((c: AssignClient) => c.ID).sort()).toEqual([...members].sort());
    expect(answer.ITEMS.every((c: AssignClient) => c.CHECKED === 'N' && c.PRICE_LIST.ID === 'personal_price')).toBe(true);
    expect(groupOf(answer)).toMatchObject({ CLIENTS_CNT: 3, CHECKED_CNT: 0, CHECKED: 'N' });
    const ungrouped = answer.ENTITIES.GROUPS.find((g: AssignGroup) => g.ID === 0);
    expect(ungrouped).toMatchObject({ NAME: ASSIGN_MSG.noGroup });
    const base = await tree(`group_id=${groupId}`);
    expect(base.ITEMS.every((c: AssignClient) => c.CHECKED === 'Y')).toBe(true);
  });

  it('assigns a list to clients and a group, which changes their prices at once, and takes it away', async () => {
    const product = (await t.database.db.selectFrom('catalog_products').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const price = async (client: number) => (await priceEngine(t.database.db).prices(pid, { clientId: client }, [product]))![0].price;
    const listPrice = (await priceEngine(t.database.db).prices(pid, { listId: wholesaleId }, [product]))![0].price;
    const saved = (
      await post({ price_type: 'pricelist', price_id: String(wholesaleId), ...ids('clients', members.slice(0, 2)), ...ids('groups', [groupId]) })
    ).json();
    expect(saved).toEqual({ SUCCESS: 'Y', MESSAGE: ASSIGN_MSG.saved, CLIENTS_CNT: 2, GROUPS_CNT: 1 });
    const after = await tree(`price_type=pricelist&price_id=${wholesaleId}&group_id=${groupId}`);
    expect(groupOf(after)).toMatchObject({ CHECKED_CNT: 2, CHECKED: 'Y' });
    expect(await price(members[0])).toBe(listPrice);
    // The third member has no list of its own: its group's list prices it.
    expect(await price(members[2])).toBe(listPrice);

    await post({ price_type: 'pricelist', price_id: String(wholesaleId), ...ids('clients', members), ...ids('groups', [groupId]), delete: 'Y' });
    const back = await tree(`price_type=pricelist&price_id=${wholesaleId}&group_id=${groupId}`);
    expect(groupOf(back)).toMatchObject({ CHECKED_CNT: 0, CHECKED: 'N' });
    expect(await price(members[0])).not.toBe(listPrice);
  });

  it('assigns a column to clients only', async () => {
    expect((await post({ price_type: 'column', price_id: String(columnId), ...ids('groups', [groupId]) })).json()).toEqual({
      SUCCESS: 'N',
      errors: { groups: ASSIGN_MSG.groupsOnlyLists },
    });
    await post({ price_type: 'column', price_id: String(columnId), ...ids('clients', [members[0]]) });
    const answer = await tree(`price_type=column&price_id=${columnId}&group_id=${groupId}`);
    expect(answer.ITEMS.find((c: AssignClient) => c.ID === members[0])).toMatchObject({ CHECKED: 'Y', COLUMN: { ID: columnId } });
    expect(groupOf(answer)).toMatchObject({ CHECKED_CNT: 1 });
  });

  it("refuses an empty call, another partner's price and clients, and the roles without price buttons", async () => {
    expect((await post({ price_type: 'pricelist', price_id: String(wholesaleId) })).json()).toEqual({
      SUCCESS: 'N',
      errors: { clients: ASSIGN_MSG.nothing },
    });
    expect((await post({ price_type: 'pricelist', price_id: String(wholesaleId), ...ids('clients', members) }, 'owner@second.demo')).statusCode).toBe(
      404,
    );
    const secondBase = (await priceListsOf(t.database.db, await partnerIdOf(t.database.db, 'owner@second.demo'))).find((l) => l.is_base)!.id;
    const foreign = await post({ price_type: 'pricelist', price_id: String(secondBase), ...ids('clients', members) }, 'owner@second.demo');
    expect(foreign.json()).toMatchObject({ SUCCESS: 'Y', CLIENTS_CNT: 0 });
    expect(
      (await post({ price_type: 'pricelist', price_id: String(wholesaleId), ...ids('clients', members) }, 'orders@partner.demo')).statusCode,
    ).toBe(403);
    expect((await get('/v3/api/partner/pricing/assign/', 'orders@partner.demo')).statusCode).toBe(403);
  });
});
