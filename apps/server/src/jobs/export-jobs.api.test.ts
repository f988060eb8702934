import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_MSG } from '@b2b/contracts/jobs';
import { bearer, createTestApp, form, type TestApp } from '@/test/test-app';

/*
 * Issue 11.2: the list exports (orders, clients, groups, a group's members) run as jobs. The export call answers
 * JOB_ID at once; the job writes the whole list page by page into an .xlsx; GET /v3/api/partner/job/{id}/ shows its
 * progress to the one who asked, and the file once it is done.
 */

let t: TestApp;
const tokens: Record<string, string> = {};
const userIds: Record<string, number> = {};
let pid: number;

const STAFF = [
  'owner@partner.demo',
  'admin@partner.demo',
  'clients@partner.demo',
  'orders@partner.demo',
  'owner@second.demo',
  'manager@platform.demo',
];
const OWNER = 'owner@partner.demo';

const get = (url: string, who = OWNER) => t.app.inject({ method: 'GET', url, headers: bearer(tokens[who]) });
const post = (url: string, data: Record<string, string>, who = OWNER) => {
  const f = form(data);
  return t.app.inject({ method: 'POST', url, payload: f.payload, headers: { ...f.headers, ...bearer(tokens[who]) } });
};
const jobUrl = (id: number) => `/v3/api/partner/job/${id}/`;

/** An export call: it answers the job's id at once, and nothing of the file yet. */
async function queued(res: Awaited<ReturnType<typeof get>>): Promise<number> {
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json();
  expect(answer).toEqual({ SUCCESS: 'Y', JOB_ID: expect.any(Number), MESSAGE: JOB_MSG.exportQueued });
  return answer.JOB_ID;
}

/** Every data row of every sheet of the file (the header rows left out). */
async function fileRows(url: string, who: string): Promise<unknown[][]> {
  const res = await get(url, who);
  expect(res.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  for (const sheet of book.worksheets) sheet.eachRow((row, n) => n > 1 && rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** Runs the queue; the job is then DONE at 100 % with the file's name and link, and its rows are answered. */
async function finishedRows(jobId: number, who: string, fileName: RegExp): Promise<unknown[][]> {
  expect((await get(jobUrl(jobId), who)).json()).toEqual({ ID: jobId, STATUS: 'QUEUED', PROGRESS: 0 });
  await t.app.services.jobs.runUntilIdle();
  const state = (await get(jobUrl(jobId), who)).json();
  expect(state).toEqual({
    ID: jobId,
    STATUS: 'DONE',
    PROGRESS: 100,
    FILENAME: expect.stringMatching(fileName),
    URL: expect.stringMatching(/^\/v3\/api\/partner\/file\/[0-9a-f-]{36}\/$/),
  });
  return fileRows(state.URL, who);
}

/** Every item of a list, read through the API a page at a time. */
async function apiList<T>(url: (offset: number) => string, who = OWNER): Promise<T[]> {
  const items: T[] = [];
  for (;;) {
    const body = (await get(url(items.length), who)).json();
    items.push(...(body.ITEMS as T[]));
    if (!body.ITEMS.length || items.length >= body.NAV.CNT) return items;
  }
}

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  for (const email of STAFF) {
    tokens[email] = await t.login(email);
    userIds[email] = (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  }
  pid = (await db.selectFrom('users').select('partner_id').where('email', '=', OWNER).executeTakeFirstOrThrow()).partner_id!;
  // More clients and groups than one page of an export reads (1000 rows), all found by one search.
  await sql`
    insert into clients (partner_id, name, email, registered_at)
    select ${pid}, 'Выгрузка ' || lpad(g::text, 4, '0'), 'export-' || g || '@example.ru', timestamptz '2015-01-01' + g * interval '1 hour'
    from generate_series(1, 1100) g`.execute(db);
  await sql`
    insert into client_groups (partner_id, name, description, created_at)
    select ${pid}, 'Выгрузка ' || lpad(g::text, 4, '0'), 'группа ' || g, timestamptz '2015-01-01' + g * interval '1 hour'
    from generate_series(1, 1050) g`.execute(db);
}, 120_000);
afterAll(() => t?.close());

describe('each list export is a job whose file holds exactly the list', () => {
  it('orders: the whole filtered, sorted list, read in keyset pages', async () => {
    const jobId = await queued(await get('/v3/api/partner/orderlist/?sort=CLIENT&order=ASC&action=export', 'orders@partner.demo'));
    const rows = await finishedRows(jobId, 'orders@partner.demo', /^Заказы \d{2}\.\d{2}\.\d{4}\.xlsx$/);
    const listed = await apiList<{ ORDER_NUMBER: string }>((offset) => `/v3/api/partner/orderlist/?sort=CLIENT&order=ASC&limit=36&offset=${offset}`);
    expect(listed.length).toBeGreaterThan(1000);
    expect(rows.map((r) => r[0])).toEqual(listed.map((o) => o.ORDER_NUMBER));
  });

  it('clients: every row of the filter, past one page and without a cap', async () => {
    const query = `query=${encodeURIComponent('Выгрузка')}&sort=NAME&order=DESC`;
    const jobId = await queued(await get(`/v3/api/partner/client/?${query}&action=export`, 'clients@partner.demo'));
    const rows = await finishedRows(jobId, 'clients@partner.demo', /^Клиенты \d{2}\.\d{2}\.\d{4}\.xlsx$/);
    const listed = await apiList<{ ID: number }>((offset) => `/v3/api/partner/client/?${query}&limit=36&offset=${offset}`, 'clients@partner.demo');
    expect(listed).toHaveLength(1100);
    expect(rows.map((r) => r[0])).toEqual(listed.map((c) => c.ID));
  });

  it('groups: the filtered, sorted group list, past one page', async () => {
    const query = `query=${encodeURIComponent('выгрузка')}&sort=NAME&order=ASC`;
    const jobId = await queued(await post(`/v3/api/partner/group/?${query}`, { action: 'export' }, 'orders@partner.demo'));
    const rows = await finishedRows(jobId, 'orders@partner.demo', /^Группы клиентов \d{2}\.\d{2}\.\d{4}\.xlsx$/);
    const listed = await apiList<{ ID: number; CLIENTS_COUNT: number }>((offset) => `/v3/api/partner/grouplist/?${query}&limit=96&offset=${offset}`);
    expect(listed).toHaveLength(1050);
    expect(rows.map((r) => [r[0], r[4]])).toEqual(listed.map((g) => [g.ID, g.CLIENTS_COUNT]));
  });

  it("a group's members: the group's clients as its card lists them", async () => {
    const { db } = t.database;
    const group = (await db.selectFrom('client_groups').select('id').where('partner_id', '=', pid).orderBy('id').executeTakeFirstOrThrow()).id;
    await sql`
      insert into client_group_members (partner_id, group_id, client_id)
      select partner_id, ${group}, id from clients where partner_id = ${pid} and name like 'Выгрузка 00%'
      on conflict do nothing`.execute(db);
    const jobId = await queued(await post(`/v3/api/partner/group/${group}/?sort=NAME&order=ASC`, { action: 'export' }, 'admin@partner.demo'));
    const rows = await finishedRows(jobId, 'admin@partner.demo', /^Группа .+ \d{2}\.\d{2}\.\d{4}\.xlsx$/);
    const listed = await apiList<{ ID: number }>(
      (offset) => `/v3/api/partner/group/${group}/?sort=NAME&order=ASC&limit=96&offset=${offset}`,
      'admin@partner.demo',
    );
    expect(listed.length).toBeGreaterThan(99);
    expect(rows.map((r) => r[0])).toEqual(listed.map((c) => c.ID));
  });

  it('an unknown sort of the group list is refused at once, as the list refuses it, and queues nothing', async () => {
    const res = await post('/v3/api/partner/group/?sort=NOPE', { action: 'export' });
    expect(res.json()).toMatchObject({ SUCCESS: 'N', errors: { check_sort: expect.any(String) } });
  });
});

describe('GET /v3/api/partner/job/{id}/', () => {
  it('reports progress while the export runs, and the server keeps answering meanwhile', async () => {
    const jobId = await queued(await get('/v3/api/partner/orderlist/?action=export'));
    let finished = false;
    const run = t.app.services.jobs.runUntilIdle().finally(() => (finished = true));
    const seen: { STATUS: string; PROGRESS: number }[] = [];
    while (!finished) {
      const res = await get(jobUrl(jobId));
      expect(res.statusCode).toBe(200);
      if (!finished) seen.push(res.json());
    }
    await run;
    expect(
      seen.some((s) => s.STATUS === 'RUNNING' && s.PROGRESS > 0 && s.PROGRESS < 100),
      JSON.stringify(seen),
    ).toBe(true);
    const progress = seen.map((s) => s.PROGRESS);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect((await get(jobUrl(jobId))).json()).toMatchObject({ STATUS: 'DONE', PROGRESS: 100 });
  });

  it('answers 404 to anyone but the staff member who started the job, and 403 to non-staff', async () => {
    const jobId = await queued(await get('/v3/api/partner/orderlist/?action=export'));
    expect((await get(jobUrl(jobId))).statusCode).toBe(200);
    for (const who of ['admin@partner.demo', 'orders@partner.demo', 'owner@second.demo']) {
      const res = await get(jobUrl(jobId), who);
      expect(res.statusCode, who).toBe(404);
      expect(res.body).not.toContain('export');
    }
    expect((await get(jobUrl(jobId), 'manager@platform.demo')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: jobUrl(jobId) })).statusCode).toBe(401);
    expect((await get(jobUrl(2_000_000_000))).statusCode).toBe(404);
    expect((await get('/v3/api/partner/job/abc/')).statusCode).toBe(404);
    // A job of the same user that is not an export (a mail, an event delivery) is not shown either.
    const { id: other } = await t.database.db
      .insertInto('jobs')
      .values({ type: 'mail.send', payload: '{}', partner_id: pid, created_by: userIds[OWNER], status: 'DONE' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await get(jobUrl(other))).statusCode).toBe(404);
    await t.app.services.jobs.runUntilIdle();
  });

  it('a failed export answers FAILED with a Russian sentence, never the error itself', async () => {
    const user = { id: userIds[OWNER], partnerId: pid };
    // An export job without its input: the handler fails.
    const jobId = await t.app.services.jobs.enqueueOnce('export.orders', { user }, { partnerId: pid, userId: user.id, maxAttempts: 1 });
    if (typeof jobId !== 'number') throw new Error('no export of this user was running');
    await t.app.services.jobs.runUntilIdle();
    const state = (await get(jobUrl(jobId))).json();
    expect(state).toEqual({ ID: jobId, STATUS: 'FAILED', PROGRESS: 0, ERROR: JOB_MSG.exportFailed });
    const stored = await t.database.db.selectFrom('jobs').select('error').where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(stored.error).toBeTruthy();
    // The failed job holds no place: the next export is a new job.
    expect(await queued(await get('/v3/api/partner/orderlist/?action=export'))).not.toBe(jobId);
    await t.app.services.jobs.runUntilIdle();
  });
});

describe('one queued or running export of a kind per user', () => {
  it('30 parallel export calls of one user make one job; another kind or another user makes its own', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => get('/v3/api/partner/client/?action=export', 'clients@partner.demo')));
    const ids = await Promise.all(answers.map(queued));
    expect(new Set(ids).size).toBe(1);
    const rows = await t.database.db
      .selectFrom('jobs')
      .select('id')
      .where('created_by', '=', userIds['clients@partner.demo'])
      .where('type', '=', 'export.clients')
      .where('status', 'in', ['QUEUED', 'RUNNING'])
      .execute();
    expect(rows.map((r) => r.id)).toEqual([ids[0]]);

    const groups = await queued(await post('/v3/api/partner/group/', { action: 'export' }, 'clients@partner.demo'));
    const byOwner = await queued(await get('/v3/api/partner/client/?action=export'));
    expect(new Set([ids[0], groups, byOwner]).size).toBe(3);

    // Other rows (another filter) while that one runs: refused with the reason, not answered with the other file.
    const other = (await get('/v3/api/partner/client/?action=export&blacklist=Y', 'clients@partner.demo')).json();
    expect(other).toEqual({ SUCCESS: 'N', errors: { export: JOB_MSG.exportBusy } });
    const otherGroup = await t.database.db.selectFrom('client_groups').select('id').where('partner_id', '=', pid).orderBy('id').limit(2).execute();
    expect(await queued(await post(`/v3/api/partner/group/${otherGroup[0].id}/`, { action: 'export' }, 'clients@partner.demo'))).toBeGreaterThan(0);
    expect((await post(`/v3/api/partner/group/${otherGroup[1].id}/`, { action: 'export' }, 'clients@partner.demo')).json()).toEqual({
      SUCCESS: 'N',
      errors: { export: JOB_MSG.exportBusy },
    });

    await t.app.services.jobs.runUntilIdle();
    // Once it is done, asking again starts a new export.
    const again = await queued(await get('/v3/api/partner/client/?action=export', 'clients@partner.demo'));
    expect(again).not.toBe(ids[0]);
    await t.app.services.jobs.runUntilIdle();
  });
});
