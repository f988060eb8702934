import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@b2b/contracts/limits';
import { MSG } from '@b2b/contracts/messages';
import { PRICING_MSG, type PricingStatus } from '@b2b/contracts/pricing';
import { parseXml } from '@/files/xml-stream';
import { finishedExport } from '@/test/export-job';
import { multipart } from '@/test/multipart';
import { bearer, createTestApp, form, type TestApp } from '@/test/test-app';
import { downloadXlsxRows, insertClient, partnerIdOf, priceListsOf } from '../clients/clients-test-fixtures';
import { createJobQueue } from '@/jobs/job-queue';
import { priceEngine } from './price-engine.service';
import { registerPriceUploadJobs } from './price-upload-jobs';
import { FILE_HEADERS } from './price-file-rows';

let t: TestApp;
const tokens: Record<string, string> = {};
let pid: number;
let wholesaleId: number;
/** Products of the catalogue, first ones by id. */
let products: { id: number; code: string; purchase: string }[];

const STAFF = ['price@partner.demo', 'clients@partner.demo', 'orders@partner.demo', 'owner@second.demo'];
const get = (url: string, who = 'price@partner.demo') => t.app.inject({ method: 'GET', url, headers: bearer(tokens[who]) });
const post = (url: string, data: Record<string, string>, who = 'price@partner.demo') =>
  t.app.inject({ method: 'POST', url, ...form(data), headers: { ...form(data).headers, ...bearer(tokens[who]) } });

async function xlsx(rows: (string | number | null)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Прайс');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function upload(path: string, file: Buffer, fields: Record<string, string> = {}, who = 'price@partner.demo', name = 'prices.xlsx') {
  const body = multipart([...Object.entries(fields).map(([n, value]) => ({ name: n, value })), { name: 'file', filename: name, value: file }]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/v3/api/partner/pricing/excel/${path}/`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(tokens[who]) },
  });
  return res;
}

const status = async (path: string, who = 'price@partner.demo', query = ''): Promise<PricingStatus> =>
  (await get(`/v3/api/partner/pricing/status/${path}/${query}`, who)).json();
const run = () => t.app.services.jobs.runUntilIdle();
const listPrice = async (productId: number, listId = wholesaleId) => (await priceEngine(t.database.db).prices(pid, { listId }, [productId]))![0];
const loadedRows = (listId = wholesaleId) =>
  t.database.db
    .selectFrom('price_list_products')
    .select(['product_id', 'site_price', 'percent'])
    .where('partner_id', '=', pid)
    .where('price_list_id', '=', listId)
    .orderBy('product_id')
    .execute();

/** Lines per apply transaction here: chunks of the embedded database's way of applying, on both engines. */
const APPLY_CHUNK = 3;

beforeAll(async () => {
  t = await createTestApp({ priceApplyChunk: APPLY_CHUNK });
  for (const email of STAFF) tokens[email] = await t.login(email);
  pid = await partnerIdOf(t.database.db, 'price@partner.demo');
  wholesaleId = (await priceListsOf(t.database.db, pid)).find((l) => l.name === 'Оптовый прайс')!.id;
  products = (
    await t.database.db
      .selectFrom('catalog_products')
      .select(['id', 'up_code_1c', 'purchase_price'])
      .where('active', '=', true)
      .orderBy('id')
      .limit(10)
      .execute()
  ).map((p) => ({ id: p.id, code: p.up_code_1c, purchase: p.purchase_price }));
});
afterAll(() => t.close());

describe('price files of a price list', () => {
  const path = () => `pricelist/${wholesaleId}`;

  it('downloads the current price file as a job: headers, codes as text, the engine price', async () => {
    const queued = (await get(`/v3/api/partner/pricing/excel/${path()}/`)).json();
    const done = await finishedExport(t, tokens['price@partner.demo'], queued);
    const rows = await downloadXlsxRows(t, tokens['price@partner.demo'], done.URL);
    expect(rows[0]).toEqual(FILE_HEADERS.PRICE);
    const first = rows.find((r) => r[0] === products[0].code)!;
    expect(first[1]).toEqual(expect.any(String));
    expect(String(first[3])).toBe(String(Number((await listPrice(products[0].id)).price)));
  });

  it('reads a valid file, previews it, applies it on confirmation and rolls it back', async () => {
    const before = await Promise.all(products.slice(0, 3).map((p) => listPrice(p.id)));
    const file = await xlsx([
      FILE_HEADERS.PRICE,
      [products[0].code, 'Товар', null, null, '1 000,5', null],
      [Number(products[1].code), 'Товар', null, null, null, '-10'],
      [products[2].code, 'Товар', null, null, new Decimal(before[2].price).toNumber(), null],
    ]);
    const res = await upload(path(), file, { keep: 'N', period: '14' });
    expect(res.json()).toMatchObject({ SUCCESS: 'Y', UPLOAD_ID: expect.any(Number), MESSAGE: PRICING_MSG.uploadQueued });
    expect((await status(path())).CATALOG.STATUS).toBe('QUEUED');
    await run();
    const read = await status(path());
    expect(read.CATALOG.STATUS).toBe('FINISHED');
    expect(read.PRICE.STATUS).toBe('WAITING');
    // Against the prices the list computes now (issue 38.3): two prices move, the third stays; none is new.
    const moved = (was: string, now: string) => (new Decimal(now).gt(was) ? 'UP' : 'DOWN');
    const ups = [moved(before[0].price, '1000.50'), moved(before[1].price, new Decimal(products[1].purchase).mul(0.9).toFixed(2))].filter(
      (d) => d === 'UP',
    ).length;
    expect(read.UPLOAD!.PREVIEW).toMatchObject({ ROWS: 3, UP: ups, DOWN: 2 - ups, SAME: 1, NEW: 0, REMOVED: 0 });
    // Both new prices differ from what the list's rate gave; the third is the same price.
    expect(read.UPLOAD!.PREVIEW!.TOP.map((x) => x.ID).sort()).toEqual([products[0].id, products[1].id].sort());
    // Nothing changes before the user confirms.
    expect(await loadedRows()).toEqual([]);

    expect(
      (await post(`/v3/api/partner/pricing/upload/${path()}/`, { action: 'apply', upload_id: String(res.json().UPLOAD_ID) })).json(),
    ).toMatchObject({
      SUCCESS: 'Y',
    });
    await run();
    const applied = await status(path());
    expect(applied.PRICE.STATUS).toBe('FINISHED');
    // «Применено»: the prices that changed (the third line repeats its price), while all three lines are loaded.
    expect(applied.UPLOAD).toMatchObject({ count: 2, period: 14, APPLIED: 'Y', CAN_ROLLBACK: 'Y' });
    expect(applied.LOADED.COUNT).toBe(3);
    expect(applied.LOADED.DATE_END! - Date.now() / 1000).toBeGreaterThan(13.9 * 86400);
    expect((await listPrice(products[0].id)).price).toBe('1000.50');
    expect((await listPrice(products[1].id)).price).toBe(
      new Decimal(products[1].purchase).mul(0.9).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
    );

    // A second file in REPLACE mode: its preview names the price going up and the two rows it removes.
    const second = await upload(path(), await xlsx([FILE_HEADERS.PRICE, [products[0].code, '', null, null, '1100', null]]));
    await run();
    const preview = (await status(path())).UPLOAD!.PREVIEW!;
    expect(preview).toMatchObject({ ROWS: 1, UP: 1, NEW: 0, REMOVED: 2 });
    expect(preview.TOP[0]).toMatchObject({ ID: products[0].id, OLD_PRICE: '1000.50', NEW_PRICE: '1100.00' });
    await post(`/v3/api/partner/pricing/upload/${path()}/`, { action: 'apply', upload_id: String(second.json().UPLOAD_ID) });
    await run();
    expect((await loadedRows()).map((r) => r.product_id)).toEqual([products[0].id]);

    // The first upload is no longer the latest: only the second rolls back, and puts the first one's rows back.
    expect((await post(`/v3/api/partner/pricing/upload/${path()}/`, { action: 'rollback', upload_id: String(res.json().UPLOAD_ID) })).json()).toEqual(
      {
        SUCCESS: 'N',
        errors: { upload: PRICING_MSG.rollbackOnlyLatest },
      },
    );
    const act = (data: Record<string, string>) => post(`/v3/api/partner/pricing/upload/${path()}/`, data);
    expect((await act({ action: 'rollback', upload_id: String(second.json().UPLOAD_ID) })).json()).toMatchObject({
      SUCCESS: 'Y',
      MESSAGE: PRICING_MSG.rollbackQueued,
    });
    // The rollback is a job: until it ends the status shows it under way, and nothing else may change the prices.
    const rolling = await status(path());
    expect(rolling.PRICE.STATUS).toBe('ROLLING_BACK');
    expect(rolling.UPLOAD).toMatchObject({ ID: second.json().UPLOAD_ID, ROLLED_BACK: 'N', CAN_ROLLBACK: 'N' });
    const busy = { SUCCESS: 'N', errors: { upload: PRICING_MSG.uploadBusy } };
    expect((await act({ action: 'rollback', upload_id: String(second.json().UPLOAD_ID) })).json()).toEqual(busy);
    expect((await act({ action: 'prolong', period: '7' })).json()).toEqual(busy);
    expect((await post(`/v3/api/partner/pricing/dropexcel/${path()}/`, {})).json()).toEqual(busy);
    expect((await upload(path(), await xlsx([FILE_HEADERS.PRICE, [products[5].code, '', null, null, '5', null]]))).json()).toMatchObject({
      SUCCESS: 'N',
      errors: { error_upload_file: PRICING_MSG.uploadBusy },
    });
    expect((await loadedRows()).map((r) => r.product_id)).toEqual([products[0].id]);
    await run();
    expect((await status(path())).UPLOAD).toMatchObject({
      ID: second.json().UPLOAD_ID,
      ROLLED_BACK: 'Y',
      CAN_ROLLBACK: 'N',
      PRICE: { STATUS: 'FINISHED' },
    });
    expect((await loadedRows()).map((r) => r.product_id)).toEqual(products.slice(0, 3).map((p) => p.id));
    expect((await listPrice(products[0].id)).price).toBe('1000.50');

    const history = (await get(`/v3/api/partner/pricing/uploadlist/${path()}/`)).json();
    expect(history.ITEMS.map((h: { ROLLED_BACK: string; string_count: number }) => [h.ROLLED_BACK, h.string_count])).toEqual([
      ['Y', 1],
      ['N', 3],
    ]);
    expect(history.ITEMS[1]).toMatchObject({ type: 'PRICE', count: 2, period: 14, download: expect.stringMatching(/^\/v3\/api\/partner\/file\//) });
  });

  it('names every line in error, writes them to a file, and changes nothing', async () => {
    const before = await loadedRows();
    const file = await xlsx([
      FILE_HEADERS.PRICE,
      ['12345a', 'Плохой код', null, null, '10', null],
      ['999999', 'Нет в каталоге', null, null, '10', null],
      [products[4].code, 'И цена, и процент', null, null, '10', '5'],
      [products[5].code, 'Хороший', null, null, '10', null],
      [products[5].code, 'Повтор', null, null, '11', null],
      [products[6].code, 'Точка и запятая', null, null, '10.123456', null],
    ]);
    await upload(path(), file);
    await run();
    const s = await status(path());
    expect(s.CATALOG.STATUS).toBe('ERROR_DATA');
    expect(s.UPLOAD!.ERROR_COUNT).toBe(5);
    expect(s.UPLOAD!.ERRORS.map((e) => [e.LINE, e.ERROR])).toEqual([
      [2, PRICING_MSG.row.code],
      [3, PRICING_MSG.row.unknownProduct],
      [4, PRICING_MSG.row.both],
      [6, PRICING_MSG.row.duplicate],
      [7, PRICING_MSG.row.price],
    ]);
    const errors = await downloadXlsxRows(t, tokens['price@partner.demo'], s.UPLOAD!.ERRORS_FILE!);
    expect(errors.slice(1).map((r) => r[0])).toEqual([2, 3, 4, 6, 7]);
    expect((await post(`/v3/api/partner/pricing/upload/${path()}/`, { action: 'apply' })).json()).toEqual({
      SUCCESS: 'N',
      errors: { upload: PRICING_MSG.uploadNotReady },
    });
    expect(await loadedRows()).toEqual(before);
    // The refusal is the job's result, not its failure: it is done, not retried.
    const job = await t.database.db
      .selectFrom('jobs')
      .select(['status', 'attempts'])
      .where('type', '=', 'pricing.parse')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ status: 'DONE', attempts: 1 });
  });

  it('refuses what is not a spreadsheet, and a file of no product lines', async () => {
    const pdf = await upload(path(), Buffer.from('%PDF-1.4 not a sheet'), {}, 'price@partner.demo', 'prices.pdf');
    expect(pdf.json()).toEqual({ SUCCESS: 'N', errors: { error_upload_file: MSG.fileFormatUnsupported } });
    await upload(path(), await xlsx([FILE_HEADERS.PRICE, [null, 'Итого']]));
    await run();
    const s = await status(path());
    expect(s.CATALOG.STATUS).toBe('ERROR_FILE');
    expect(s.UPLOAD!.ERRORS[0].ERROR).toBe(PRICING_MSG.fileEmpty);
  });

  it('refuses the old binary Excel (.xls) by its name and by its OLE2 bytes, asking for .xlsx or .csv (issue 39 §3)', async () => {
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504), Buffer.from('Workbook', 'utf16le')]);
    const uploadsBefore = await t.database.db
      .selectFrom('price_uploads')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const refused = { SUCCESS: 'N', errors: { error_upload_file: MSG.spreadsheetOldExcel } };
    expect((await upload(path(), ole, {}, 'price@partner.demo', 'prices.xls')).json()).toEqual(refused);
    // Named .xlsx or .csv, the old format is told by its first bytes D0 CF 11 E0.
    expect((await upload(path(), ole, {}, 'price@partner.demo', 'prices.xlsx')).json()).toEqual(refused);
    expect((await upload(path(), ole, {}, 'price@partner.demo', 'prices.csv')).json()).toEqual(refused);
    // An .xls name refuses even a real xlsx inside: the name is what the user will save again.
    expect((await upload(path(), await xlsx([FILE_HEADERS.PRICE]), {}, 'price@partner.demo', 'PRICES.XLS')).json()).toEqual(refused);
    expect((await upload('pricelist/personal_price/remain', ole, {}, 'price@partner.demo', 'remains.xls')).json()).toEqual(refused);
    const uploadsAfter = await t.database.db
      .selectFrom('price_uploads')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(uploadsAfter.n).toBe(uploadsBefore.n);
  });

  it('applies a file whole or not at all: a failure in the middle leaves the prices as they were, a rerun applies it', async () => {
    const before = await loadedRows();
    const res = await upload(
      path(),
      await xlsx([FILE_HEADERS.PRICE, ...products.slice(0, 8).map((p, i) => [p.code, '', null, null, String(100 + i), null])]),
    );
    await run();
    // The 5th row written fails, as a crash or a lost connection would in the middle of the apply.
    await sql`create function fail_fifth() returns trigger language plpgsql as $$
      begin if (select count(*) from price_list_products where upload_id = new.upload_id) >= 4 then raise exception 'crash'; end if; return new; end $$`.execute(
      t.database.db,
    );
    await sql`create trigger fail_fifth before insert on price_list_products for each row execute function fail_fifth()`.execute(t.database.db);
    await post(`/v3/api/partner/pricing/upload/${path()}/`, { action: 'apply', upload_id: String(res.json().UPLOAD_ID) });
    await run();
    expect(await loadedRows()).toEqual(before);
    expect((await status(path())).PRICE.STATUS).toBe('QUEUED');
    await sql`drop trigger fail_fifth on price_list_products`.execute(t.database.db);
    await t.database.db
      .updateTable('jobs')
      .set({ run_at: new Date(0) })
      .where('type', '=', 'pricing.apply')
      .where('status', '=', 'QUEUED')
      .execute();
    await run();
    expect((await status(path())).PRICE.STATUS).toBe('FINISHED');
    expect((await loadedRows()).map((r) => r.site_price)).toEqual(products.slice(0, 8).map((_, i) => new Decimal(100 + i).toFixed(4)));
  });

  it('applies a file in chunks: a crash after the first leaves it for the restarted job to finish, and its rollback is whole', async () => {
    const before = await loadedRows();
    const res = await upload(
      path(),
      await xlsx([FILE_HEADERS.PRICE, ...products.slice(0, 8).map((p, i) => [p.code, '', null, null, String(300 + i), null])]),
    );
    await run();
    // The second chunk fails, and so does putting the first one back: what a process killed between the two leaves.
    await sql`create function fail_second_chunk() returns trigger language plpgsql as $$
      begin if (select count(*) from price_list_products where upload_id = new.upload_id) >= ${sql.lit(APPLY_CHUNK)} then raise exception 'crash'; end if; return new; end $$`.execute(
      t.database.db,
    );
    await sql`create trigger fail_second_chunk before insert on price_list_products for each row execute function fail_second_chunk()`.execute(
      t.database.db,
    );
    await sql`create function no_undo() returns trigger language plpgsql as $$ begin raise exception 'killed'; end $$`.execute(t.database.db);
    await sql`create trigger no_undo before delete on price_list_products for each row when (old.upload_id = ${sql.lit(Number(res.json().UPLOAD_ID))}) execute function no_undo()`.execute(
      t.database.db,
    );
    await post(`/v3/api/partner/pricing/upload/${path()}/`, { action: 'apply', upload_id: String(res.json().UPLOAD_ID) });
    await run();
    const cut = await t.database.db
      .selectFrom('price_uploads')
      .select(['applied_line', 'price_status'])
      .where('id', '=', res.json().UPLOAD_ID)
      .executeTakeFirstOrThrow();
    expect(cut.price_status).toBe('PROCESSING');
    expect(cut.applied_line).not.toBeNull();
    const written = () =>
      t.database.db.selectFrom('price_list_products').select('product_id').where('upload_id', '=', res.json().UPLOAD_ID).execute();
    expect(await written()).toHaveLength(APPLY_CHUNK);
    await sql`drop trigger fail_second_chunk on price_list_products`.execute(t.database.db);
    await sql`drop trigger no_undo on price_list_products`.execute(t.database.db);
    // The restarted job goes on after the written chunk: the file is applied whole.
    await t.database.db
      .updateTable('jobs')
      .set({ run_at: new Date(0) })
      .where('type', '=', 'pricing.apply')
      .where('status', '=', 'QUEUED')
      .execute();
    await run();
    expect((await status(path())).PRICE.STATUS).toBe('FINISHED');
    expect(await written()).toHaveLength(8);
    const done = await t.database.db
      .selectFrom('price_uploads')
      .select(['applied_line', 'applied_count'])
      .where('id', '=', res.json().UPLOAD_ID)
      .executeTakeFirstOrThrow();
    expect(done).toEqual({ applied_line: null, applied_count: 8 });
    expect((await loadedRows()).map((r) => r.site_price)).toEqual(products.slice(0, 8).map((_, i) => new Decimal(300 + i).toFixed(4)));
    // Its backups span both attempts: the rollback gives back exactly the prices before the file.
    expect(
      (await post(`/v3/api/partner/pricing/upload/${path()}/`, { action: 'rollback', upload_id: String(res.json().UPLOAD_ID) })).json().SUCCESS,
    ).toBe('Y');
    await run();
    expect(await loadedRows()).toEqual(before);
  });

  it("keeps the list's statistics as a chunked apply fills it: analysed after its first, second, fourth… chunk", async () => {
    const db = t.database.db;
    // Products the list has no price for: the file adds eight rows, three chunks of at most three.
    const fresh = await db
      .selectFrom('catalog_products as p')
      .select('p.up_code_1c')
      .where('p.active', '=', true)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('price_list_products as x')
              .select('x.product_id')
              .where('x.partner_id', '=', pid)
              .where('x.price_list_id', '=', wholesaleId)
              .whereRef('x.product_id', '=', 'p.id'),
          ),
        ),
      )
      .orderBy('p.id')
      .limit(8)
      .execute();
    // What the planner knew of the list's products when each chunk wrote its rows (a statement trigger notes the
    // column's statistics, which only an analysis writes).
    await sql`create table stats_seen (at serial, bounds text)`.execute(db);
    await sql`create function note_stats() returns trigger language plpgsql as $$ begin
      insert into stats_seen (bounds) select coalesce((select histogram_bounds::text from pg_stats where schemaname = 'public'
        and tablename = 'price_list_products' and attname = 'product_id'), '');
      return null; end $$`.execute(db);
    await sql`create trigger note_stats after insert on price_list_products for each statement execute function note_stats()`.execute(db);
    const res = await upload(path(), await xlsx([FILE_HEADERS.PRICE, ...fresh.map((p, i) => [p.up_code_1c, '', null, null, String(700 + i), null])]));
    await run();
    // The queue running as in the server (a test's run() stops a job after each chunk and starts it again).
    t.app.services.jobs.start();
    try {
      await post(`/v3/api/partner/pricing/upload/${path()}/`, { action: 'apply', upload_id: String(res.json().UPLOAD_ID) });
      for (let i = 0; i < 200 && (await status(path())).PRICE.STATUS !== 'FINISHED'; i++) await new Promise((r) => setTimeout(r, 50));
    } finally {
      await t.app.services.jobs.stop();
    }
    expect((await status(path())).PRICE.STATUS).toBe('FINISHED');
    const seen = (await sql<{ bounds: string }>`select bounds from stats_seen order by at`.execute(db)).rows.map((r) => r.bounds);
    await sql`drop trigger note_stats on price_list_products`.execute(db);
    await sql`drop function note_stats()`.execute(db);
    await sql`drop table stats_seen`.execute(db);
    // Three chunks: the second and the third were planned on statistics taken after the chunk before them.
    expect(seen).toHaveLength(3);
    expect(seen[1]).not.toBe(seen[0]);
    expect(seen[2]).not.toBe(seen[1]);
    expect(
      (await post(`/v3/api/partner/pricing/upload/${path()}/`, { action: 'rollback', upload_id: String(res.json().UPLOAD_ID) })).json().SUCCESS,
    ).toBe('Y');
    await run();
  });

  it("applies a file in one transaction where no chunk size is set (PostgreSQL's way): replaces, then rolls back whole", async () => {
    const before = await loadedRows();
    const res = await upload(
      path(),
      await xlsx([FILE_HEADERS.PRICE, ...products.slice(2, 6).map((p, i) => [p.code, '', null, null, String(700 + i), null])]),
    );
    await run();
    await post(`/v3/api/partner/pricing/upload/${path()}/`, { action: 'apply', upload_id: String(res.json().UPLOAD_ID) });
    const whole = createJobQueue(t.database.db);
    registerPriceUploadJobs(t.database.db, { jobs: whole, files: t.app.services.files, engine: priceEngine(t.database.db) });
    await whole.runUntilIdle();
    expect((await status(path())).PRICE.STATUS).toBe('FINISHED');
    // REPLACE: the file's four products alone, at its prices.
    expect((await loadedRows()).map((r) => [r.product_id, r.site_price])).toEqual(
      products.slice(2, 6).map((p, i) => [p.id, new Decimal(700 + i).toFixed(4)]),
    );
    const done = await t.database.db
      .selectFrom('price_uploads')
      .select(['applied_line', 'applied_count'])
      .where('id', '=', res.json().UPLOAD_ID)
      .executeTakeFirstOrThrow();
    // «Применено» (issue 38.3): the four new prices and the loaded ones the replacing file took away.
    const removed = before.filter((r) => !products.slice(2, 6).some((p) => p.id === r.product_id)).length;
    expect(done).toEqual({ applied_line: null, applied_count: 4 + removed });
    expect(
      (await post(`/v3/api/partner/pricing/upload/${path()}/`, { action: 'rollback', upload_id: String(res.json().UPLOAD_ID) })).json().SUCCESS,
    ).toBe('Y');
    await whole.runUntilIdle();
    expect(
      await t.database.db.selectFrom('price_uploads').select('rolled_back_product').where('id', '=', res.json().UPLOAD_ID).executeTakeFirstOrThrow(),
    ).toEqual({
      rolled_back_product: null,
    });
    expect(await loadedRows()).toEqual(before);
  });

  it('rolls back in chunks: the rows it wrote go, then the ones it replaced come back; a job cut off goes on after its last chunk', async () => {
    const applied = async (price: number) => {
      const res = await upload(
        path(),
        await xlsx([FILE_HEADERS.PRICE, ...products.slice(0, 8).map((p, i) => [p.code, '', null, null, String(price + i), null])]),
      );
      await run();
      await post(`/v3/api/partner/pricing/upload/${path()}/`, { action: 'apply', upload_id: String(res.json().UPLOAD_ID) });
      await run();
      return Number(res.json().UPLOAD_ID);
    };
    await applied(800);
    const before = await loadedRows();
    expect(before.filter((r) => products.slice(0, 8).some((p) => p.id === r.product_id))).toHaveLength(8);
    const id = await applied(900);
    const written = async () =>
      (await t.database.db.selectFrom('price_list_products').select('product_id').where('upload_id', '=', id).execute()).length;
    expect(await written()).toBe(8);
    // Rows counted by a sequence, which no failed transaction takes back: the second chunk's first row fails, as a
    // process killed after the first chunk would leave it. First while the rows the upload wrote go…
    const cutAfterFirstChunk = async (event: 'delete' | 'insert') => {
      await sql`create sequence if not exists rollback_rows`.execute(t.database.db);
      await sql`select setval('rollback_rows', 1, false)`.execute(t.database.db);
      await sql`create or replace function cut_rollback() returns trigger language plpgsql as $$
        begin if nextval('rollback_rows') > ${sql.lit(APPLY_CHUNK)} then raise exception 'killed'; end if; return coalesce(new, old); end $$`.execute(
        t.database.db,
      );
      await sql`create trigger cut_rollback before ${sql.raw(event)} on price_list_products for each row execute function cut_rollback()`.execute(
        t.database.db,
      );
      await run();
      await sql`drop trigger cut_rollback on price_list_products`.execute(t.database.db);
      return t.database.db
        .selectFrom('price_uploads')
        .select(['price_status', 'rolled_back_product', 'progress'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    };
    const again = () =>
      t.database.db
        .updateTable('jobs')
        .set({ run_at: new Date(0) })
        .where('type', '=', 'pricing.rollback')
        .where('status', '=', 'QUEUED')
        .execute();
    expect((await post(`/v3/api/partner/pricing/upload/${path()}/`, { action: 'rollback', upload_id: String(id) })).json().SUCCESS).toBe('Y');
    const cut = await cutAfterFirstChunk('delete');
    expect(cut).toMatchObject({ price_status: 'ROLLING_BACK', rolled_back_product: null });
    expect(await written()).toBe(8 - APPLY_CHUNK);
    expect(cut.progress).toBeGreaterThan(0);
    expect((await status(path())).UPLOAD).toMatchObject({ ID: id, PROGRESS: cut.progress, CAN_ROLLBACK: 'N' });
    // …then while the rows it replaced come back: the restarted job ends the first step and puts back one chunk.
    await again();
    const putBack = await cutAfterFirstChunk('insert');
    expect(await written()).toBe(0);
    expect(putBack.price_status).toBe('ROLLING_BACK');
    expect(Number(putBack.rolled_back_product)).toBe(products[APPLY_CHUNK - 1].id);
    expect(putBack.progress).toBeGreaterThan(cut.progress);
    await again();
    await run();
    expect((await status(path())).UPLOAD).toMatchObject({ ID: id, ROLLED_BACK: 'Y', PROGRESS: 100, PRICE: { STATUS: 'FINISHED' } });
    expect(await loadedRows()).toEqual(before);
  });

  it('a server killed in the middle of an apply restarts with the upload whole', async () => {
    const res = await upload(
      path(),
      await xlsx([FILE_HEADERS.PRICE, ...products.slice(0, 5).map((p, i) => [p.code, '', null, null, String(500 + i), null])]),
    );
    await run();
    await post(`/v3/api/partner/pricing/upload/${path()}/`, { action: 'apply', upload_id: String(res.json().UPLOAD_ID) });
    // The process died while the job ran: its transaction is gone, the job is left RUNNING, locked by the dead worker.
    const before = await loadedRows();
    await t.database.db
      .updateTable('jobs')
      .set({ status: 'RUNNING', locked_at: new Date(), locked_by: 'killed', attempts: 1 })
      .where('type', '=', 'pricing.apply')
      .where('status', '=', 'QUEUED')
      .execute();
    // Another process on a shared PostgreSQL leaves a freshly locked job alone…
    const shared = createJobQueue(t.database.db);
    await shared.start();
    await shared.stop();
    expect(await loadedRows()).toEqual(before);
    // …the restarted sole process (the embedded database) runs it again at once: the upload is applied whole.
    const restarted = createJobQueue(t.database.db, () => {}, { soleWorker: true });
    registerPriceUploadJobs(t.database.db, { jobs: restarted, files: t.app.services.files, engine: priceEngine(t.database.db) });
    await restarted.start();
    await restarted.runUntilIdle();
    await restarted.stop();
    expect((await status(path())).PRICE.STATUS).toBe('FINISHED');
    expect((await loadedRows()).map((r) => r.site_price)).toEqual(products.slice(0, 5).map((_, i) => new Decimal(500 + i).toFixed(4)));
  });

  it('prolongs the loaded prices 7/14/21 days or termless, and resets them', async () => {
    await post(`/v3/api/partner/pricing/upload/${path()}/`, { action: 'prolong', period: '7' });
    const seven = (await status(path())).LOADED.DATE_END!;
    expect(seven - Date.now() / 1000).toBeGreaterThan(6.9 * 86400);
    expect(seven - Date.now() / 1000).toBeLessThan(7.1 * 86400);
    await post(`/v3/api/partner/pricing/upload/${path()}/`, { action: 'prolong', period: '0' });
    expect((await status(path())).LOADED.DATE_END).toBeNull();
    expect((await post(`/v3/api/partner/pricing/upload/${path()}/`, { action: 'prolong', period: '10' })).json().SUCCESS).toBe('N');
    // Prices past their date no longer count.
    await t.database.db
      .updateTable('price_list_products')
      .set({ valid_until: new Date(Date.now() - 1000) })
      .where('price_list_id', '=', wholesaleId)
      .execute();
    expect((await listPrice(products[0].id)).source).not.toBe('EXCEL_PRICE');
    expect((await post(`/v3/api/partner/pricing/dropexcel/${path()}/`, {})).json()).toMatchObject({ SUCCESS: 'Y', MESSAGE: PRICING_MSG.reset });
    expect((await status(path())).LOADED.COUNT).toBe(0);
  });

  it('takes one file of a target at a time, however many are sent at once', async () => {
    await run();
    const file = await xlsx([FILE_HEADERS.PRICE, [products[0].code, '', null, null, '1', null]]);
    const answers = (await Promise.all(Array.from({ length: 12 }, () => upload(path(), file)))).map((r) => r.json());
    expect(answers.filter((a) => a.SUCCESS === 'Y')).toHaveLength(1);
    expect(answers.find((a) => a.SUCCESS === 'N')).toEqual({ SUCCESS: 'N', errors: { error_upload_file: PRICING_MSG.uploadBusy } });
    await run();
    await post(`/v3/api/partner/pricing/upload/${path()}/`, { action: 'cancel' });
  });

  it('guards the calls by right', async () => {
    const file = await xlsx([FILE_HEADERS.PRICE, [products[0].code, '', null, null, '1', null]]);
    expect((await upload(path(), file, {}, 'clients@partner.demo')).statusCode).toBe(403);
    expect((await get(`/v3/api/partner/pricing/excel/${path()}/`, 'clients@partner.demo')).statusCode).toBe(403);
    expect((await get(`/v3/api/partner/pricing/status/${path()}/`, 'clients@partner.demo')).statusCode).toBe(200);
    expect((await get(`/v3/api/partner/pricing/status/${path()}/`, 'orders@partner.demo')).statusCode).toBe(403);
    expect((await post(`/v3/api/partner/pricing/dropexcel/${path()}/`, {}, 'clients@partner.demo')).statusCode).toBe(403);
    expect((await get(`/v3/api/partner/pricing/status/${path()}/`, 'owner@second.demo')).statusCode).toBe(404);
  });
});

describe("a client's personal prices, remains and multiplicities", () => {
  it('loads personal prices from a file with the below-purchase warning', async () => {
    const client = await insertClient(t.database.db, pid, { name: 'Файл цен', registeredAt: new Date() });
    const cheap = new Decimal(products[0].purchase).minus(1).toFixed(2).replace('.', ',');
    const file = await xlsx([FILE_HEADERS.PERSONAL, [products[0].code, '', null, cheap], [products[1].code, '', null, '99999']]);
    const path = `client/${client}/catalog`;
    expect((await upload(path, file, { keep: 'Y' }, 'price@partner.demo')).statusCode).toBe(403);
    expect((await upload(path, file, { keep: 'Y' }, 'clients@partner.demo')).json().SUCCESS).toBe('Y');
    await run();
    const s = await status(path, 'clients@partner.demo');
    // The client paid the base list's price: one price falls below the purchase price, the other rises (issue 38.3).
    expect(s.UPLOAD!.PREVIEW).toMatchObject({ ROWS: 2, UP: 1, DOWN: 1, NEW: 0, WARNING: PRICING_MSG.personalAbovePurchase });
    await post(`/v3/api/partner/pricing/upload/${path}/`, { action: 'apply' }, 'clients@partner.demo');
    await run();
    const prices = await priceEngine(t.database.db).prices(pid, { clientId: client }, [products[0].id, products[1].id]);
    expect(prices!.map((p) => [p.price, p.source])).toEqual([
      [cheap.replace(',', '.'), 'PERSONAL'],
      ['99999.00', 'PERSONAL'],
    ]);
  });

  it('loads remains and multiplicities on the base list page', async () => {
    const remains = await xlsx([FILE_HEADERS.REMAIN, [products[0].code, '', 15], [products[1].code, '', 0]]);
    expect((await upload('pricelist/personal_price/remain', remains)).json().SUCCESS).toBe('Y');
    await run();
    expect((await status('pricelist/personal_price', undefined, '?type=remain')).UPLOAD!.PREVIEW).toMatchObject({ ROWS: 2, NEW: 2 });
    await post('/v3/api/partner/pricing/upload/pricelist/personal_price/', { action: 'apply', type: 'remain' });
    await upload('pricelist/personal_price/multiplicity', await xlsx([FILE_HEADERS.MULTIPLICITY, [products[0].code, '', '1/6/12']]));
    await run();
    await post('/v3/api/partner/pricing/upload/pricelist/personal_price/', { action: 'apply', type: 'multiplicity' });
    await run();
    const rows = await t.database.db
      .selectFrom('partner_product_remains')
      .select(['product_id', 'quantity', 'multiplicity'])
      .where('partner_id', '=', pid)
      .orderBy('product_id')
      .execute();
    expect(rows).toEqual([
      { product_id: products[0].id, quantity: 15, multiplicity: '1/6/12' },
      { product_id: products[1].id, quantity: 0, multiplicity: null },
    ]);
    await post('/v3/api/partner/pricing/dropexcel/pricelist/personal_price/multiplicity/', {});
    expect((await status('pricelist/personal_price', undefined, '?type=multiplicity')).LOADED.COUNT).toBe(0);
    expect((await status('pricelist/personal_price', undefined, '?type=remain')).LOADED.COUNT).toBe(2);
  });
});

describe('YML feeds', () => {
  it('serves a valid YML catalogue with the list prices, and keeps the link limit under parallel calls', async () => {
    const res = (await post(`/v3/api/partner/pricing/yml/pricelist/${wholesaleId}/`, { action: 'create' })).json();
    expect(res).toMatchObject({ SUCCESS: 'Y', ITEMS: [{ URL: expect.stringMatching(/^\/yml\/[\w-]+\.xml$/) }] });
    const feed = await t.app.inject({ method: 'GET', url: res.ITEMS[0].URL });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('application/xml');
    const offers = new Map<string, string>();
    let current = '';
    let inPrice = false;
    let root = '';
    for await (const _ of parseXml(
      (async function* () {
        yield Buffer.from(feed.body);
      })(),
      {
        open: (name, attrs) => {
          root ||= name;
          if (name === 'offer') current = attrs.id;
          inPrice = name === 'price';
        },
        text: (text) => {
          if (inPrice) offers.set(current, (offers.get(current) ?? '') + text);
        },
        close: () => {
          inPrice = false;
        },
      },
    )) {
      /* parse to the end: malformed XML throws */
    }
    expect(root).toBe('yml_catalog');
    expect(offers.size).toBeGreaterThan(100);
    expect(offers.get(String(products[3].id))).toBe((await listPrice(products[3].id)).price);

    const parallel = await Promise.all(
      Array.from({ length: 30 }, () => post(`/v3/api/partner/pricing/yml/pricelist/${wholesaleId}/`, { action: 'create' })),
    );
    const refused = parallel.map((r) => r.json()).filter((b) => b.SUCCESS === 'N');
    expect(refused[0]).toEqual({ SUCCESS: 'N', errors: { yml: PRICING_MSG.ymlLimit(LIMITS.ymlLinksMax) } });
    expect((await status(`pricelist/${wholesaleId}`)).YML).toHaveLength(LIMITS.ymlLinksMax);

    const off = (await post(`/v3/api/partner/pricing/yml/pricelist/${wholesaleId}/`, { action: 'delete', id: String(res.ITEMS[0].ID) })).json();
    expect(off.ITEMS).toHaveLength(LIMITS.ymlLinksMax - 1);
    expect((await t.app.inject({ method: 'GET', url: res.ITEMS[0].URL })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/yml/not-a-token.xml' })).statusCode).toBe(404);
  });

  it("serves a client's feed with the client's own prices", async () => {
    const client = await insertClient(t.database.db, pid, { name: 'Фид клиента', registeredAt: new Date() });
    await post(`/v3/api/partner/pricing/client/${client}/product/${products[7].id}/`, { price: '777,77' }, 'clients@partner.demo');
    // The partner's live links are at their limit: one of the list's is switched off first.
    const links = (await status(`pricelist/${wholesaleId}`)).YML;
    await post(`/v3/api/partner/pricing/yml/pricelist/${wholesaleId}/`, { action: 'delete', id: String(links[0].ID) });
    const created = (await post(`/v3/api/partner/pricing/yml/client/${client}/catalog/`, { action: 'create' }, 'clients@partner.demo')).json();
    const feed = await t.app.inject({ method: 'GET', url: created.ITEMS[0].URL });
    expect(feed.body).toContain(`<offer id="${products[7].id}" available="true"><url>`);
    expect(feed.body).toMatch(new RegExp(`<offer id="${products[7].id}"[^]*?<price>777\\.77</price>`));
  });
});
