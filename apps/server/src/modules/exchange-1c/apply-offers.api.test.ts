import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EXCHANGE_1C_APPLY_MSG, EXCHANGE_1C_MSG } from '@b2b/contracts/exchange-1c';
import { JobInterrupted, type JobContext } from '@/jobs/job-queue';
import { priceEngine } from '@/modules/pricing/price-engine.service';
import { priceUploadFromRows } from '@/modules/pricing/price-upload-from-rows.service';
import { bearer, createTestApp, type TestApp } from '@/test/test-app';
import { partnerIdOf, priceListsOf } from '../clients/clients-test-fixtures';
import { applyCatalog } from './apply-catalog';
import { applyOffers } from './apply-offers';
import type { CatalogProductIn, OfferIn, OffersHeaderIn } from './commerceml/commerceml-types';
import { exchangeRunsRepo } from './exchange-runs.repo';

/*
 * offers.xml applied (issue 41), on both engines, with the embedded database's chunked apply (3 lines a chunk): a
 * full package replaces, a package of changes keeps the rest, bad rows are refused and logged, unmatched offers
 * listed, and a run cut off (while staging, between chunks, between uploads) applies once and whole when run again.
 * Figures are held to plain SQL over the base tables and to the price engine.
 */

let t: TestApp;
let pid: number;
let wholesaleId: number;
let token: string;
/** Active catalogue products, the first ones by id. */
let products: { id: number; code: string }[];
const APPLY_CHUNK = 3;

const header = (changesOnly: boolean, types = [{ id: 'pt-opt', name: 'Оптовая', currency: 'RUB' }]): OffersHeaderIn => ({
  changesOnly,
  priceTypes: types,
  warehouses: [{ id: 'wh-1', name: 'Основной склад' }],
  schemaVersion: '2.07',
});

/** An offer of product `i` matched by its article (the catalogue code), with a price of type pt-opt and a quantity. */
const offer = (i: number, price: string | null, quantity: string | null = null, extra: Partial<OfferIn> = {}): OfferIn => ({
  id: `guid-${products[i].code}`,
  article: products[i].code,
  barcodes: [],
  name: `Товар ${i}`,
  prices: price === null ? [] : [{ priceTypeId: 'pt-opt', value: price, currency: 'RUB' }],
  quantity,
  warehouses: [],
  ...extra,
});

async function* each<T>(items: T[], opts: { interruptAfter?: number } = {}): AsyncGenerator<T> {
  let n = 0;
  for (const item of items) {
    if (opts.interruptAfter !== undefined && n++ === opts.interruptAfter) throw new JobInterrupted();
    yield item;
  }
}

const ctx = (opts: { stopAfterChunks?: number; final?: boolean } = {}): JobContext => {
  let asked = 0;
  return {
    id: 0,
    partnerId: pid,
    attempt: 1,
    final: opts.final ?? false,
    progress: async () => {},
    stopping: () => opts.stopAfterChunks !== undefined && ++asked >= opts.stopAfterChunks,
  };
};

async function newRun() {
  const row = await t.database.db
    .insertInto('exchange_1c_runs')
    .values({ partner_id: pid, type: 'catalog', mode: 'import', filename: `offers-${Math.random()}.xml`, files: '[]', unmatched: '[]', errors: '[]' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** One attempt of the import job on run `runId` (a new one unless given), as the job runs it. */
async function run(
  h: OffersHeaderIn,
  offers: OfferIn[],
  opts: { runId?: number; interruptAfter?: number; stopAfterChunks?: number; final?: boolean } = {},
) {
  const runId = opts.runId ?? (await newRun());
  const runs = exchangeRunsRepo(t.database.db);
  await runs.startAttempt(pid, runId, '');
  const uploads = priceUploadFromRows(t.database.db, {
    engine: priceEngine(t.database.db),
    applyChunk: APPLY_CHUNK,
    jobs: t.app.services.jobs,
  });
  const result = await applyOffers(
    t.database.db,
    { uploads, ctx: ctx(opts), batch: 2 },
    { partnerId: pid, runId, header: h, offers: each(offers, opts), report: runs.report(pid, runId), fileName: 'offers.xml' },
  );
  return { runId, result, log: (await runs.find(pid, runId))! };
}

/** The list's loaded prices, by plain SQL: product → site price (2 decimals). */
const loaded = async (listId = wholesaleId) =>
  Object.fromEntries(
    (
      await sql<{ product_id: string; site_price: string }>`select product_id, site_price from price_list_products
        where partner_id = ${pid} and price_list_id = ${listId} and (valid_until is null or valid_until > now()) order by product_id`.execute(
        t.database.db,
      )
    ).rows.map((r) => [Number(r.product_id), new Decimal(r.site_price).toFixed(2)]),
  );
/** The partner's remains, by plain SQL: product → quantity. */
const remains = async () =>
  Object.fromEntries(
    (
      await sql<{ product_id: string; quantity: number }>`select product_id, quantity from partner_product_remains
        where partner_id = ${pid} and quantity is not null order by product_id`.execute(t.database.db)
    ).rows.map((r) => [Number(r.product_id), Number(r.quantity)]),
  );
const uploadsOf = (runId: number) =>
  t.database.db
    .selectFrom('price_uploads')
    .selectAll()
    .where('partner_id', '=', pid)
    .where('id', 'in', sql<number>`(select unnest(upload_ids) from exchange_1c_runs where partner_id = ${pid} and id = ${runId})`)
    .orderBy('id')
    .execute();
const enginePrice = async (productId: number) => (await priceEngine(t.database.db).prices(pid, { listId: wholesaleId }, [productId]))![0];

beforeAll(async () => {
  t = await createTestApp({ priceApplyChunk: APPLY_CHUNK });
  token = await t.login('price@partner.demo');
  pid = await partnerIdOf(t.database.db, 'price@partner.demo');
  const lists = await priceListsOf(t.database.db, pid);
  wholesaleId = lists.find((l) => l.name === 'Оптовый прайс')!.id;
  products = (
    await t.database.db.selectFrom('catalog_products').select(['id', 'up_code_1c']).where('active', '=', true).orderBy('id').limit(12).execute()
  ).map((p) => ({ id: Number(p.id), code: p.up_code_1c }));
  await sql`insert into exchange_1c_settings (partner_id, login, price_map) values (${pid}, ${'apply-test@1c'},
      ${JSON.stringify([{ typeId: 'pt-opt', typeName: 'Оптовая', priceListId: wholesaleId }])}::jsonb)
    on conflict (partner_id) do update set price_map = excluded.price_map`.execute(t.database.db);
});
afterAll(() => t.close());

describe('offers.xml applied through the price uploads', () => {
  beforeEach(async () => {
    // Each test starts from a list and remains loaded by a full package of products 6..8.
    await run(
      header(false),
      [6, 7, 8].map((i) => offer(i, `${500 + i}`, `${10 + i}`)),
    );
  });

  it('a full package replaces the list and the remains: the prices are the engine’s, the upload is in the history as «1С»', async () => {
    const { log, runId, result } = await run(header(false), [offer(0, '1 234,50', '5'), offer(1, '99.99', '0'), offer(2, '100', '7.9')]);
    expect(log).toMatchObject({ prices: 3, stock_rows: 3, products_matched: 3, rows_refused: 0, unmatched_count: 0 });
    expect(await loaded()).toEqual({ [products[0].id]: '1234.50', [products[1].id]: '99.99', [products[2].id]: '100.00' });
    // A fraction of a piece is not in stock: 7.9 → 7.
    expect(await remains()).toEqual({ [products[0].id]: 5, [products[1].id]: 0, [products[2].id]: 7 });
    for (const i of [0, 1, 2]) {
      const p = await enginePrice(products[i].id);
      expect(p.source).toBe('EXCEL_PRICE');
      expect(new Decimal(p.price).toFixed(2)).toBe((await loaded())[products[i].id]);
    }
    const made = await uploadsOf(runId);
    expect(made.map((u) => [u.kind, u.mode, u.source, u.status, u.price_status])).toEqual([
      ['PRICE', 'REPLACE', '1C', 'APPLIED', 'FINISHED'],
      ['REMAIN', 'REPLACE', '1C', 'APPLIED', 'FINISHED'],
    ]);
    expect(result.uploads).toEqual(made.map((u) => Number(u.id)));
    const history = await t.app.inject({
      method: 'GET',
      url: `/v3/api/partner/pricing/uploadlist/pricelist/${wholesaleId}/`,
      headers: bearer(token),
    });
    expect(history.json().ITEMS[0]).toMatchObject({ ID: Number(made[0].id), SOURCE: '1C', FILE_NAME: 'offers.xml', APPLIED: 'Y', string_count: 3 });
    const settings = await t.database.db
      .selectFrom('exchange_1c_settings')
      .select('price_types_seen')
      .where('partner_id', '=', pid)
      .executeTakeFirstOrThrow();
    expect(settings.price_types_seen).toEqual([{ id: 'pt-opt', name: 'Оптовая', currency: 'RUB' }]);
  });

  it('a package of changes changes only what it names', async () => {
    const before = await loaded();
    const stockBefore = await remains();
    const { log } = await run(header(true), [offer(6, '42', null), offer(0, '7,5', '3')]);
    expect(log).toMatchObject({ prices: 2, stock_rows: 1 });
    expect(await loaded()).toEqual({ ...before, [products[6].id]: '42.00', [products[0].id]: '7.50' });
    expect(await remains()).toEqual({ ...stockBefore, [products[0].id]: 3 });
  });

  it('refuses a bad row, logs it and applies the rest; in a full package the refused product keeps its price', async () => {
    const before = await loaded();
    const stockBefore = await remains();
    const { log } = await run(header(false), [
      offer(6, 'по запросу', '4'),
      offer(7, '-5', '-3'),
      offer(0, '10', 'много'),
      offer(1, '11', '2'),
      offer(1, '12', '3', { id: 'guid-twice' }),
    ]);
    expect(log.rows_refused).toBe(6);
    expect(log.errors).toEqual([
      EXCHANGE_1C_APPLY_MSG.offerRefused('«Товар 6» (guid-' + products[6].code + ')', EXCHANGE_1C_MSG.badPrice),
      EXCHANGE_1C_APPLY_MSG.offerRefused('«Товар 7» (guid-' + products[7].code + ')', EXCHANGE_1C_MSG.badPrice),
      EXCHANGE_1C_APPLY_MSG.offerRefused('«Товар 7» (guid-' + products[7].code + ')', EXCHANGE_1C_MSG.badQuantity),
      EXCHANGE_1C_APPLY_MSG.offerRefused('«Товар 0» (guid-' + products[0].code + ')', EXCHANGE_1C_MSG.badQuantity),
      EXCHANGE_1C_APPLY_MSG.offerRefused('«Товар 1» (guid-twice)', EXCHANGE_1C_APPLY_MSG.duplicateOffer),
      EXCHANGE_1C_APPLY_MSG.offerRefused('«Товар 1» (guid-twice)', EXCHANGE_1C_APPLY_MSG.duplicateOffer),
    ]);
    expect(log).toMatchObject({ prices: 2, stock_rows: 2 });
    // Products 6 and 7 keep their prices, 8 (not named) goes; 0 and 1 come in.
    expect(await loaded()).toEqual({
      [products[6].id]: before[products[6].id],
      [products[7].id]: before[products[7].id],
      [products[0].id]: '10.00',
      [products[1].id]: '11.00',
    });
    // Stock: 6 and 1 come in, 7 keeps its figure, 0 (refused) has none as before, 8 (not named) goes.
    expect(await remains()).toEqual({ [products[6].id]: 4, [products[7].id]: stockBefore[products[7].id], [products[1].id]: 2 });
  });

  it('lists the offers it cannot match and matches by the Ид learnt from import.xml', async () => {
    const stranger = { ...offer(0, '1'), id: 'guid-unknown', article: 'ART-1', name: 'Неизвестный товар' };
    const byId: OfferIn = { ...offer(3, '33'), article: null };
    const first = await run(header(true), [stranger, byId]);
    expect(first.log).toMatchObject({ unmatched_count: 2, prices: 0 });
    expect(first.log.unmatched).toEqual([
      { id: 'guid-unknown', code: 'ART-1', name: 'Неизвестный товар' },
      { id: byId.id, code: null, name: 'Товар 3' },
    ]);
    // import.xml names the product by its code: its Ид is learnt, and the next offers.xml finds it.
    const catalogRun = await newRun();
    const runs = exchangeRunsRepo(t.database.db);
    const catalog: CatalogProductIn[] = [
      { id: byId.id, article: null, code: products[3].code, name: 'Товар 3', barcodes: [] },
      { id: 'guid-unknown', article: 'ART-1', code: '00-0001', name: 'Неизвестный товар', barcodes: ['4600000000001'] },
    ];
    expect(
      await applyCatalog(t.database.db, { partnerId: pid, runId: catalogRun, products: each(catalog), report: runs.report(pid, catalogRun) }),
    ).toEqual({
      products: 2,
      matched: 1,
      unmatched: 1,
    });
    const second = await run(header(true), [byId]);
    expect(second.log).toMatchObject({ unmatched_count: 0, prices: 1 });
    expect((await loaded())[products[3].id]).toBe('33.00');
  });

  it('refuses a package whose price types are not mapped, applying nothing; a rests-only package applies its stock', async () => {
    const before = { prices: await loaded(), stock: await remains() };
    const runId = await newRun();
    await expect(run(header(false, [{ id: 'pt-x', name: 'Розничная', currency: 'RUB' }]), [offer(0, '1', '1')], { runId })).rejects.toThrow(
      EXCHANGE_1C_MSG.noPriceMapping,
    );
    expect(await uploadsOf(runId)).toEqual([]);
    expect({ prices: await loaded(), stock: await remains() }).toEqual(before);
    const rests = await run(header(true, []), [
      {
        ...offer(0, null),
        quantity: null,
        warehouses: [
          { warehouseId: 'wh-1', quantity: '2' },
          { warehouseId: 'wh-2', quantity: '3,000' },
        ],
      },
    ]);
    expect(rests.log).toMatchObject({ prices: 0, stock_rows: 1 });
    expect((await remains())[products[0].id]).toBe(5);
    expect(await loaded()).toEqual(before.prices);
  });
});

describe('a run cut off applies once and whole when run again', () => {
  const full = () => [0, 1, 2, 3, 4, 5, 6].map((i) => offer(i, `${200 + i}`, `${i}`));
  const expected = async () => ({
    prices: Object.fromEntries(full().map((_, i) => [products[i].id, new Decimal(200 + i).toFixed(2)])),
    stock: Object.fromEntries(full().map((_, i) => [products[i].id, i])),
  });

  it('stopped while staging: the run again stages afresh and applies once', async () => {
    const runId = await newRun();
    await expect(run(header(false), full(), { runId, interruptAfter: 4 })).rejects.toBeInstanceOf(JobInterrupted);
    // Two batches of two offers were staged, nothing applied; the targets are busy for an Excel file meanwhile.
    expect((await uploadsOf(runId)).map((u) => [u.catalog_status, u.applied_at])).toEqual([
      ['PROCESSING', null],
      ['PROCESSING', null],
    ]);
    const { log } = await run(header(false), full(), { runId });
    expect(log).toMatchObject({ prices: 7, stock_rows: 7 });
    expect({ prices: await loaded(), stock: await remains() }).toEqual(await expected());
    const made = await uploadsOf(runId);
    expect(made.map((u) => [u.kind, u.status, u.string_count])).toEqual([
      ['PRICE', 'APPLIED', 7],
      ['REMAIN', 'APPLIED', 7],
    ]);
  });

  it('stopped between chunks and between uploads: each upload goes on after its last chunk, none is applied twice', async () => {
    const runId = await newRun();
    // The first upload's first chunk is written, then the server stops.
    await expect(run(header(false), full(), { runId, stopAfterChunks: 1 })).rejects.toBeInstanceOf(JobInterrupted);
    let made = await uploadsOf(runId);
    expect(made.map((u) => u.applied_line)).toEqual([APPLY_CHUNK, null]);
    // Again: the prices end (two more chunks), the stock stops after its first chunk.
    await expect(run(header(false), full(), { runId, stopAfterChunks: 3 })).rejects.toBeInstanceOf(JobInterrupted);
    made = await uploadsOf(runId);
    expect(made.map((u) => u.status)).toEqual(['APPLIED', 'APPLYING']);
    const { log } = await run(header(false), full(), { runId });
    expect(log).toMatchObject({ prices: 7, stock_rows: 7, status: 'RUNNING' });
    expect({ prices: await loaded(), stock: await remains() }).toEqual(await expected());
    made = await uploadsOf(runId);
    expect(made.map((u) => [u.status, u.applied_line])).toEqual([
      ['APPLIED', null],
      ['APPLIED', null],
    ]);
    // A run that ended is run again (the job repeated): nothing is applied twice, no upload is added.
    const again = await run(header(false), full(), { runId });
    expect(again.result.uploads).toEqual(made.map((u) => Number(u.id)));
    expect(await uploadsOf(runId)).toEqual(made);
    expect({ prices: await loaded(), stock: await remains() }).toEqual(await expected());
  });

  it('the last attempt failing takes back what the run applied: the list and the stock are as before', async () => {
    const before = { prices: await loaded(), stock: await remains() };
    await sql`create or replace function fail_remains() returns trigger language plpgsql as $$ begin raise exception 'killed'; end $$`.execute(
      t.database.db,
    );
    await sql`create trigger fail_remains before insert on partner_product_remains for each row execute function fail_remains()`.execute(
      t.database.db,
    );
    const runId = await newRun();
    try {
      await expect(
        run(
          header(false),
          full().map((o) => ({ ...o, prices: [{ ...o.prices[0], value: '1' }] })),
          { runId, final: true },
        ),
      ).rejects.toThrow('killed');
    } finally {
      await sql`drop trigger fail_remains on partner_product_remains`.execute(t.database.db);
    }
    await t.app.services.jobs.runUntilIdle();
    expect((await uploadsOf(runId)).map((u) => [u.kind, u.status])).toEqual([
      ['PRICE', 'ROLLED_BACK'],
      ['REMAIN', 'FAILED'],
    ]);
    expect({ prices: await loaded(), stock: await remains() }).toEqual(before);
  });

  it('rolls a 1C upload back from the price page as a file: the list is as before', async () => {
    const before = await loaded();
    const { runId } = await run(header(false), [offer(9, '999')]);
    const [upload] = await uploadsOf(runId);
    expect(await loaded()).toEqual({ [products[9].id]: '999.00' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/v3/api/partner/pricing/upload/pricelist/${wholesaleId}/`,
      payload: new URLSearchParams({ action: 'rollback', upload_id: String(upload.id) }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...bearer(token) },
    });
    expect(res.json().SUCCESS).toBe('Y');
    await t.app.services.jobs.runUntilIdle();
    expect(await loaded()).toEqual(before);
  });
});
