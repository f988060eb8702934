import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@/test/test-app';
import { partnerIdOf } from '../clients/clients-test-fixtures';
import { exchange1cClient, setExchangeAccount } from './exchange-1c-client';
import { sessionPrefix } from './exchange-files';

/* The files of ended exchange sessions leave the store (issue 42): a bucket is not a place to keep them for good. */

const LOGIN = 'purge-1c@partner.demo';
const PASSWORD = 'purge-secret-42';
let t: TestApp;
let partnerId: number;
let addresses = 0;

beforeAll(async () => {
  t = await createTestApp();
  partnerId = await partnerIdOf(t.database.db, 'owner@partner.demo');
  await setExchangeAccount(t.database.db, partnerId, LOGIN, PASSWORD);
}, 60_000);
afterAll(() => t?.close());

/** A session that received one file: its id. */
async function sessionWithAFile(): Promise<number> {
  const c = exchange1cClient({ app: t.app, login: LOGIN, password: PASSWORD, address: `10.42.7.${++addresses}` });
  await c.checkauth();
  await c.init();
  await c.sendFile('catalog', 'import.xml', Buffer.from('<?xml version="1.0"?><КоммерческаяИнформация/>'));
  const row = await t.database.db
    .selectFrom('exchange_1c_sessions')
    .select('id')
    .where('partner_id', '=', partnerId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const objects = async (sessionId: number) => {
  const keys: string[] = [];
  for await (const e of t.app.services.blobs.list(sessionPrefix(partnerId, sessionId))) keys.push(e.key);
  return keys;
};
const age = (sessionId: number, hours: number) =>
  sql`update exchange_1c_sessions set last_seen_at = now() - make_interval(hours => ${hours}) where id = ${sessionId}`.execute(t.database.db);

describe('the purge of ended exchange sessions', () => {
  it('removes the objects and the row of a session silent for two days, keeps a live one and one whose run still goes', async () => {
    const ended = await sessionWithAFile();
    const live = await sessionWithAFile();
    const running = await sessionWithAFile();
    expect(await objects(ended)).toHaveLength(1);
    await age(ended, 49);
    await age(running, 49);
    await t.database.db
      .insertInto('exchange_1c_runs')
      .values({ partner_id: partnerId, session_id: running, type: 'catalog', mode: 'import', status: 'RUNNING' })
      .execute();

    expect(await t.app.services.exchange1c.purgeEndedSessions()).toBe(1);
    expect(await objects(ended)).toEqual([]);
    expect(await t.database.db.selectFrom('exchange_1c_sessions').select('id').where('id', '=', ended).executeTakeFirst()).toBeUndefined();
    expect(await objects(live)).toHaveLength(1);
    expect(await objects(running)).toHaveLength(1);
  });
});
