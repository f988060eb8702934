import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@b2b/contracts/limits';
import { MSG } from '@b2b/contracts/messages';
import { xlsxOfRows, zipBombXlsx } from '@/files/spreadsheet-test-files';
import { settingsTestApp } from '../shop/settings-test-kit';
import { deliveryExcludesRepo } from './delivery-excludes.repo';
import { zipWithEntry } from '../shop/test-files';

/** Issue 9: a delivery-exclusion upload can neither take the server down nor leave two active exclusions. */

const kit = settingsTestApp();
let codes: string[];
let partnerId: number;

beforeAll(async () => {
  const db = kit.t.database.db;
  codes = (await db.selectFrom('catalog_products').select('up_code_1c').orderBy('id').limit(3).execute()).map((r) => r.up_code_1c);
  partnerId = Number(
    (await db.selectFrom('users').select('partner_id').where('email', '=', 'admin@partner.demo').executeTakeFirstOrThrow()).partner_id,
  );
});

const uploadExclude = (filename: string, data: Buffer) => kit.upload('/v3/api/partner/delivery_exclude/', {}, [{ field: 'file', filename, data }]);
const refused = (file: string) => ({ SUCCESS: 'N', errors: { file } });
const tooLarge = MSG.spreadsheetTooLarge(LIMITS.spreadsheetMaxUnpackedMb);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Until an upload waits for a lock held by the test's open transaction (PGlite's one connection just queues it). */
async function uploadWaiting(): Promise<void> {
  if (process.env.TEST_DB_ENGINE === 'pglite') return sleep(1000);
  const db = kit.t.database.db;
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; await sleep(50)) {
    const waiting = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
    if (waiting.rows[0].n > 0) return;
  }
}

/** While `work` runs: the longest event-loop delay, and the slowest of the GET /v3/api/utils/check/ made meanwhile. */
async function responsiveness<T>(work: Promise<T>) {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  let running = true;
  const checks: number[] = [];
  loop.enable();
  const done = work.finally(() => {
    running = false;
  });
  while (running) {
    const started = performance.now();
    expect((await kit.get('/v3/api/utils/check/')).statusCode).toBe(200);
    checks.push(performance.now() - started);
    await sleep(20);
  }
  loop.disable();
  const totalMs = checks.reduce((sum, ms) => sum + ms + 20, 0);
  return { value: await done, checks: checks.length, longestCheckMs: Math.max(...checks), longestBlockMs: loop.max / 1e6, totalMs };
}

describe('delivery exclusion file: hostile and huge files', () => {
  it('refuses a zip bomb by the size it declares and, when it lies, by the bytes it really inflates; four at once too', async () => {
    expect((await uploadExclude('bomb.xlsx', zipBombXlsx(400, 'honest'))).json()).toEqual(refused(tooLarge));
    const lying = zipBombXlsx(1024, 'lying');
    expect(lying.length).toBeLessThan(LIMITS.uploadMaxBytes);
    const answers = await Promise.all([1, 2, 3, 4].map(() => uploadExclude('bomb.xlsx', lying)));
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(refused(tooLarge));
    }
    expect((await kit.get('/v3/api/utils/check/')).statusCode).toBe(200);
    expect((await kit.get('/v3/api/partner/delivery_exclude/')).json().IS_DOWNLOADED).toBe('N');
  });

  it('refuses an xlsx or a csv with more rows than the limit', async () => {
    const rowMessage = MSG.spreadsheetTooManyRows(LIMITS.spreadsheetMaxRows);
    expect(rowMessage).toContain('200 000');
    const rows = Array.from({ length: LIMITS.spreadsheetMaxRows + 1 }, (_, i) => [100_000 + (i % 800_000)]);
    expect((await uploadExclude('many.xlsx', xlsxOfRows(rows))).json()).toEqual(refused(rowMessage));
    const csv = Buffer.from(rows.map((r) => `${r[0]};x\n`).join(''));
    expect((await uploadExclude('many.csv', csv)).json()).toEqual(refused(rowMessage));
  });

  it('answers a corrupt xlsx with the unsupported-format message', async () => {
    expect((await uploadExclude('broken.xlsx', zipWithEntry('xl/workbook.xml', '<workbook>'))).json()).toEqual(refused(MSG.fileFormatUnsupported));
  });

  it('keeps answering other requests while a big legal file is read', async () => {
    const big = xlsxOfRows(Array.from({ length: 150_000 }, (_, i) => [String(100_000 + i), `Товар ${i}`]));
    const reading = await responsiveness(uploadExclude('big.xlsx', big));
    expect(reading.value.json()).toMatchObject({ SUCCESS: 'Y', COUNT_IN_FILE: 150_000 });
    expect(reading.checks).toBeGreaterThan(3);
    // Parsing these rows on the event loop blocked it for most of the upload, in one piece. Read in a worker, no
    // single stall takes more than a small part of it, however busy the machine (both scale with the load).
    expect(reading.longestCheckMs).toBeLessThan(reading.totalMs * 0.4);
    expect(reading.longestBlockMs).toBeLessThan(reading.totalMs * 0.4);
  });
});

describe('delivery exclusion file: parallel uploads', () => {
  it('leave exactly one active exclusion, each upload answering success', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => uploadExclude(`codes-${i}.csv`, Buffer.from(`Код;Название\n${codes[i % codes.length]};x\n`))),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ SUCCESS: 'Y', IS_DOWNLOADED: 'Y', COUNT_IN_FILE: 1 });
    }
    const db = kit.t.database.db;
    const active = await db.selectFrom('delivery_excludes').select('id').where('partner_id', '=', partnerId).where('active', '=', true).execute();
    expect(active).toHaveLength(1);
  });

  it('wait for an upload in the middle of its transaction, then replace its exclusion', async () => {
    const db = kit.t.database.db;
    let upload: ReturnType<typeof uploadExclude> | undefined;
    let answeredEarly = false;
    await db.transaction().execute(async (trx) => {
      // Another upload of the partner, between switching the old exclusion off and committing its own.
      const other = deliveryExcludesRepo(trx);
      await other.lockPartner(partnerId);
      await other.deactivate(partnerId);
      await other.insert(partnerId, { file_id: randomUUID(), count_items: 0, count_in_file: 1 });
      upload = uploadExclude('next.csv', Buffer.from(`${codes[1]}\n`));
      void upload.then(() => {
        answeredEarly = true;
      });
      await uploadWaiting();
    });
    expect(answeredEarly).toBe(false);
    const res = await upload;
    expect(res?.statusCode).toBe(200);
    expect(res?.json()).toMatchObject({ SUCCESS: 'Y', COUNT_ITEMS: 1, COUNT_IN_FILE: 1 });
    const rows = await db
      .selectFrom('delivery_excludes')
      .select(['id', 'active'])
      .where('partner_id', '=', partnerId)
      .orderBy('id', 'desc')
      .execute();
    expect(rows.filter((r) => r.active)).toEqual([{ id: rows[0].id, active: true }]);
  });

  it('cannot have a second active exclusion even written past the service', async () => {
    const db = kit.t.database.db;
    await expect(db.insertInto('delivery_excludes').values({ partner_id: partnerId, active: true }).execute()).rejects.toThrow(/unique|duplicate/i);
  });
});
