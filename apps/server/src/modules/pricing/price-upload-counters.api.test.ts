import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFER_MSG } from '@b2b/contracts/offers';
import type { PricingStatus, UploadPreview } from '@b2b/contracts/pricing';
import { createJobQueue } from '@/jobs/job-queue';
import { finishedExport } from '@/test/export-job';
import { multipart } from '@/test/multipart';
import { bearer, createTestApp, form, type TestApp } from '@/test/test-app';
import { downloadXlsxRows, insertClient, partnerIdOf, priceListsOf } from '../clients/clients-test-fixtures';
import { priceEngine } from './price-engine.service';
import { FILE_HEADERS } from './price-file-rows';
import { registerPriceUploadJobs } from './price-upload-jobs';

/*
 * A price file's preview tells the truth (issue 38.3): its counters are what the apply then changes, row for row.
 * The oracle is a plain reference query over the price tables (catalogue, the list's loaded lines, rates, section
 * rates, a client's own prices, running offers), read for every active product before and after the apply: a product
 * whose live loaded price went is removed, a product the file names is up, down or the same by its price, and
 * «Применено» is up + down + new + removed. Files change a few prices of a list whose prices are computed (the demo's
 * «Оптовый прайс», purchase + section rates), of a list whose prices were loaded from a file, and of a client's own
 * prices; the files are the ones the back office writes for download, edited as a user would.
 * Number cells of a formula (issue 38.7): a site price `=179,81*1,1` is read as 197.791, in price and promo files.
 */

let t: TestApp;
const tokens: Record<string, string> = {};
let pid: number;
let wholesaleId: number;

const STAFF = ['price@partner.demo', 'clients@partner.demo'];
const get = (url: string, who = 'price@partner.demo') => t.app.inject({ method: 'GET', url, headers: bearer(tokens[who]) });
const post = (url: string, data: Record<string, string>, who = 'price@partner.demo') =>
  t.app.inject({ method: 'POST', url, ...form(data), headers: { ...form(data).headers, ...bearer(tokens[who]) } });
const run = () => t.app.services.jobs.runUntilIdle();

type Cell = ExcelJS.CellValue;
async function xlsx(rows: Cell[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Прайс');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The price file the back office writes for download (an export job), as its rows. */
async function downloaded(path: string, who = 'price@partner.demo'): Promise<Cell[][]> {
  const done = await finishedExport(t, tokens[who], (await get(`/v3/api/partner/pricing/excel/${path}/`, who)).json());
  return (await downloadXlsxRows(t, tokens[who], done.URL)) as Cell[][];
}

const status = async (path: string, who = 'price@partner.demo'): Promise<PricingStatus> =>
  (await get(`/v3/api/partner/pricing/status/${path}/`, who)).json();

/** Uploads a file and reads it: its preview. */
async function previewOf(path: string, file: Buffer, keep: 'Y' | 'N', who = 'price@partner.demo'): Promise<{ id: number; preview: UploadPreview }> {
  const body = multipart([
    { name: 'keep', value: keep },
    { name: 'period', value: '14' },
    { name: 'file', filename: 'цены.xlsx', value: file },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/v3/api/partner/pricing/excel/${path}/`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(tokens[who]) },
  });
  expect(res.json()).toMatchObject({ SUCCESS: 'Y' });
  await run();
  const s = await status(path, who);
  expect(s.UPLOAD).toMatchObject({ ID: res.json().UPLOAD_ID, CATALOG: { STATUS: 'FINISHED' }, PRICE: { STATUS: 'WAITING' }, ERROR_COUNT: 0 });
  return { id: res.json().UPLOAD_ID, preview: s.UPLOAD!.PREVIEW! };
}

/** Applies the upload: chunk by chunk (the test app's way, the embedded database's), or whole in one transaction (PostgreSQL's). */
async function apply(path: string, id: number, opts: { who?: string; whole?: boolean } = {}) {
  expect((await post(`/v3/api/partner/pricing/upload/${path}/`, { action: 'apply', upload_id: String(id) }, opts.who)).json()).toMatchObject({
    SUCCESS: 'Y',
  });
  if (opts.whole) {
    const whole = createJobQueue(t.database.db);
    registerPriceUploadJobs(t.database.db, { jobs: whole, files: t.app.services.files, engine: priceEngine(t.database.db) });
    await whole.runUntilIdle();
  } else await run();
  const s = await status(path, opts.who);
  expect(s.UPLOAD).toMatchObject({ ID: id, APPLIED: 'Y', PRICE: { STATUS: 'FINISHED' } });
  return s.UPLOAD!;
}

/** A product's price as the reference query reads it, and whether a live loaded price (a list's line, a client's own price) stands behind it. */
type Snapshot = Map<number, { price: string; loaded: boolean }>;

/** The reference price of a (non-base, RUB) list: a live loaded site price, else the start price × (100 + the first percent met) / 100. */
const listPriceSql = (listId: number) => sql`
  select l.partner_id, p.id, p.vat_rate, e.product_id is not null as loaded,
    coalesce(e.site_price, case when l.price_type = 'PURCHASE' then p.purchase_price else p.rrc end
      * (100 + coalesce(e.percent, r.percent, sa.percent, sb.percent, sc.percent, l.section_rate, 0)) / 100) as value
  from catalog_products p
  join catalog_sections s1 on s1.id = p.section_id
  left join catalog_sections s2 on s2.id = s1.parent_id
  join price_lists l on l.id = ${listId}
  left join price_list_products e on e.partner_id = l.partner_id and e.price_list_id = l.id and e.product_id = p.id
    and (e.valid_until is null or e.valid_until > now())
  left join price_product_rates r on r.partner_id = l.partner_id and r.price_list_id = l.id and r.product_id = p.id
  left join price_section_rates sa on sa.partner_id = l.partner_id and sa.price_list_id = l.id and sa.section_id = s1.id
  left join price_section_rates sb on sb.partner_id = l.partner_id and sb.price_list_id = l.id and sb.section_id = s2.id
  left join price_section_rates sc on sc.partner_id = l.partner_id and sc.price_list_id = l.id and sc.section_id = s2.parent_id
  where p.active`;

/** On the shop's VAT basis (net for WO_VAT), rounded to the list's two decimals. */
const shownSql = (value: ReturnType<typeof sql>) =>
  sql`round(case when sh.tax_type = 'WO_VAT' then ${value} * 100 / (100 + x.vat_rate) else ${value} end, 2)`;

async function listSnapshot(listId: number): Promise<Snapshot> {
  const { rows } = await sql<{ id: number; price: string; loaded: boolean }>`
    select x.id, ${shownSql(sql`x.value`)} as price, x.loaded
    from (${listPriceSql(listId)}) x left join shops sh on sh.partner_id = x.partner_id`.execute(t.database.db);
  return new Map(rows.map((r) => [Number(r.id), { price: new Decimal(r.price).toFixed(2), loaded: r.loaded }]));
}

/** A client's reference price: its live own price, else its list's; a running offer's lower promo price wins. */
async function clientSnapshot(clientId: number, listId: number): Promise<Snapshot> {
  const { rows } = await sql<{ id: number; price: string; loaded: boolean }>`
    select x.id, cp.product_id is not null as loaded,
      least(${shownSql(sql`coalesce(cp.price, x.value)`)}, ${shownSql(sql`promo.price`)}) as price
    from (${listPriceSql(listId)}) x
    left join shops sh on sh.partner_id = x.partner_id
    left join client_prices cp on cp.partner_id = x.partner_id and cp.client_id = ${clientId} and cp.product_id = x.id
      and (cp.valid_until is null or cp.valid_until > now())
    left join lateral (
      select min(op.site_price) as price from offer_products op join offers o on o.partner_id = op.partner_id and o.id = op.offer_id
      where op.partner_id = x.partner_id and op.product_id = x.id and op.site_price is not null
        and o.active and o.date_start <= now() and (o.date_end is null or o.date_end > now()) and (o.limit_count is null or o.used_count < o.limit_count)
    ) promo on true`.execute(t.database.db);
  return new Map(rows.map((r) => [Number(r.id), { price: new Decimal(r.price).toFixed(2), loaded: r.loaded }]));
}

/** What the apply changed, from the two snapshots; products the file does not name and that lost nothing must not move. */
function oracle(before: Snapshot, after: Snapshot, named: Set<number>) {
  const counts = { ROWS: named.size, UP: 0, DOWN: 0, SAME: 0, NEW: 0, REMOVED: 0 };
  const untouchedMoved: number[] = [];
  for (const [id, b] of before) {
    const a = after.get(id)!;
    if (b.loaded && !a.loaded) counts.REMOVED++;
    else if (!named.has(id)) {
      if (a.price !== b.price) untouchedMoved.push(id);
    } else {
      const order = new Decimal(a.price).comparedTo(b.price);
      counts[order > 0 ? 'UP' : order < 0 ? 'DOWN' : 'SAME']++;
    }
  }
  return { counts, applied: counts.UP + counts.DOWN + counts.NEW + counts.REMOVED, untouchedMoved };
}

const counters = (p: UploadPreview) => ({ ROWS: p.ROWS, UP: p.UP, DOWN: p.DOWN, SAME: p.SAME, NEW: p.NEW, REMOVED: p.REMOVED });
const codeOf = (row: Cell[]) => String(row[0]);
const money = (v: Decimal) => v.toFixed(2).replace('.', ',');

/** Active products with no running offer (their prices are the list's alone), first by id, with their codes. */
async function plainProducts(n: number, offset = 0) {
  const { rows } = await sql<{ id: number; code: string }>`select p.id, p.up_code_1c as code from catalog_products p
    where p.active and not exists (select 1 from offer_products op join offers o on o.partner_id = op.partner_id and o.id = op.offer_id
      where op.partner_id = ${pid} and op.product_id = p.id and o.active)
    order by p.id offset ${offset} limit ${n}`.execute(t.database.db);
  return rows.map((r) => ({ id: Number(r.id), code: r.code }));
}

beforeAll(async () => {
  // Chunks of 400 lines: a file of the whole catalogue is applied in several.
  t = await createTestApp({ priceApplyChunk: 400 });
  for (const email of STAFF) tokens[email] = await t.login(email);
  pid = await partnerIdOf(t.database.db, 'price@partner.demo');
  wholesaleId = (await priceListsOf(t.database.db, pid)).find((l) => l.name === 'Оптовый прайс')!.id;
});
afterAll(() => t.close());

describe("a price file's preview counts what its apply changes", () => {
  it('a list whose prices are computed: the whole downloaded file with two prices changed rises 1, falls 1, and applies 2', async () => {
    const path = `pricelist/${wholesaleId}`;
    const before = await listSnapshot(wholesaleId);
    expect([...before.values()].some((p) => p.loaded)).toBe(false);
    const [up, down, same] = await plainProducts(3, 10);
    const file = await downloaded(path);
    expect(file[0]).toEqual(FILE_HEADERS.PRICE);
    const lines = file.slice(1).map((r) => [...r]);
    const line = (code: string) => lines.find((r) => codeOf(r) === code)!;
    // «Цена на сайте» 1,50 above the price shown; «Скидка/наценка» −20 % where the list adds its rates;
    // the third line's site price typed as the price it has now.
    line(up.code)[4] = money(new Decimal(before.get(up.id)!.price).plus('1.5'));
    line(down.code)[5] = '-20';
    line(same.code)[4] = money(new Decimal(before.get(same.id)!.price));
    const { id, preview } = await previewOf(path, await xlsx([FILE_HEADERS.PRICE, ...lines]), 'N');
    expect(preview).toMatchObject({ ROWS: lines.length, UP: 1, DOWN: 1, SAME: lines.length - 2, NEW: 0, REMOVED: 0 });
    expect(preview.TOP.map((x) => x.ID).sort()).toEqual([up.id, down.id].sort());

    const applied = await apply(path, id);
    const after = await listSnapshot(wholesaleId);
    const truth = oracle(before, after, new Set(before.keys()));
    expect(counters(preview)).toEqual(truth.counts);
    expect(applied.count).toBe(truth.applied);
    expect(applied.count).toBe(2);
    expect(truth.untouchedMoved).toEqual([]);
  });

  it('a list whose prices were loaded from a file: changed, taken away on an empty line, left out of a replacing file; an expired line counts for nothing', async () => {
    const made = (
      await post('/v3/api/partner/pricelist/', { name: 'Загруженный прайс', price_type: 'PURCHASE', rounding: 'TWO_DECIMAL', unit: 'RUB' })
    ).json();
    expect(made.SUCCESS).toBe('Y');
    const listId: number = made.ID;
    const path = `pricelist/${listId}`;
    const products = await plainProducts(8);
    const first = await previewOf(
      path,
      await xlsx([FILE_HEADERS.PRICE, ...products.map((p, i) => [p.code, '', null, null, `${500 + i * 10},25`, null])]),
      'N',
    );
    // Nothing loaded yet: each line moves the computed price (the purchase price) to its own.
    const beforeFirst = await listSnapshot(listId);
    const firstApplied = await apply(path, first.id);
    const firstTruth = oracle(beforeFirst, await listSnapshot(listId), new Set(products.map((p) => p.id)));
    expect(counters(first.preview)).toEqual(firstTruth.counts);
    expect(firstApplied.count).toBe(firstTruth.applied);
    expect(first.preview.NEW).toBe(0);

    // The last product's loaded price has run out: it is no longer the price, and its line going changes nothing.
    await t.database.db
      .updateTable('price_list_products')
      .set({ valid_until: new Date(Date.now() - 60_000) })
      .where('partner_id', '=', pid)
      .where('price_list_id', '=', listId)
      .where('product_id', '=', products[7].id)
      .execute();
    const before = await listSnapshot(listId);
    const lines = (await downloaded(path)).slice(1).map((r) => [...r]);
    const line = (code: string) => lines.find((r) => codeOf(r) === code)!;
    line(products[0].code)[4] = '600';
    line(products[1].code)[4] = '400,5';
    line(products[2].code)[4] = null;
    const kept = lines.filter((r) => codeOf(r) !== products[3].code);
    const named = new Set(kept.map((r) => products.find((p) => p.code === codeOf(r))?.id ?? 0));
    const { id, preview } = await previewOf(path, await xlsx([FILE_HEADERS.PRICE, ...kept]), 'N');
    expect(preview).toMatchObject({ ROWS: kept.length, UP: 1, DOWN: 1, NEW: 0, REMOVED: 2 });

    const applied = await apply(path, id, { whole: true });
    const truth = oracle(before, await listSnapshot(listId), new Set([...before.keys()].filter((pId) => pId !== products[3].id)));
    expect(named.has(products[3].id)).toBe(false);
    expect(counters(preview)).toEqual(truth.counts);
    expect(applied.count).toBe(truth.applied);
    expect(applied.count).toBe(4);
    expect(truth.untouchedMoved).toEqual([]);
  });

  it("a client's own prices: raised, lowered, the same, a new one below the list's price, one left out of a replacing file", async () => {
    const clientId = await insertClient(t.database.db, pid, { name: 'Свои цены', registeredAt: new Date(), priceListId: wholesaleId });
    const path = `client/${clientId}/catalog`;
    const who = 'clients@partner.demo';
    const products = await plainProducts(5, 40);
    const listed = await listSnapshot(wholesaleId);
    const own = (i: number) => new Decimal(listed.get(products[i].id)!.price).minus(i + 1);
    const first = await previewOf(
      path,
      await xlsx([FILE_HEADERS.PERSONAL, ...products.slice(0, 4).map((p, i) => [p.code, '', null, money(own(i))])]),
      'Y',
      who,
    );
    const beforeFirst = await clientSnapshot(clientId, wholesaleId);
    const firstApplied = await apply(path, first.id, { who });
    const firstTruth = oracle(beforeFirst, await clientSnapshot(clientId, wholesaleId), new Set(products.slice(0, 4).map((p) => p.id)));
    // Below the list's price the client paid: four prices fall, none is "new" (the client had a price).
    expect(counters(first.preview)).toEqual({ ...firstTruth.counts, DOWN: 4 });
    expect(firstApplied.count).toBe(firstTruth.applied);

    const before = await clientSnapshot(clientId, wholesaleId);
    // The client's downloaded file, its own prices filled in: the lines without one are left out (a personal line needs a price).
    const lines = (await downloaded(path, who))
      .slice(1)
      .filter((r) => r[3] !== null && r[3] !== undefined && r[3] !== '')
      .map((r) => [...r]);
    expect(lines.map(codeOf).sort()).toEqual(
      products
        .slice(0, 4)
        .map((p) => p.code)
        .sort(),
    );
    const line = (code: string) => lines.find((r) => codeOf(r) === code)!;
    line(products[0].code)[3] = money(own(0).plus(3));
    line(products[1].code)[3] = money(own(1).minus(3));
    const file = [
      ...lines.filter((r) => codeOf(r) !== products[3].code),
      [products[4].code, '', null, money(new Decimal(listed.get(products[4].id)!.price).minus('0.01'))],
    ];
    const { id, preview } = await previewOf(path, await xlsx([FILE_HEADERS.PERSONAL, ...file]), 'N', who);
    expect(preview).toMatchObject({ ROWS: 4, UP: 1, DOWN: 2, SAME: 1, NEW: 0, REMOVED: 1 });

    const applied = await apply(path, id, { who });
    const truth = oracle(
      before,
      await clientSnapshot(clientId, wholesaleId),
      new Set([products[0], products[1], products[2], products[4]].map((p) => p.id)),
    );
    expect(counters(preview)).toEqual(truth.counts);
    expect(applied.count).toBe(truth.applied);
    expect(applied.count).toBe(4);
    expect(truth.untouchedMoved).toEqual([]);
  });
});

describe('number cells of a formula (issue 38.7)', () => {
  it("reads a price file's formula results rounded to the column's decimals, text still strictly", async () => {
    const made = (await post('/v3/api/partner/pricelist/', { name: 'Формулы', price_type: 'PURCHASE', rounding: 'TWO_DECIMAL', unit: 'RUB' })).json();
    const path = `pricelist/${made.ID}`;
    const [a, b, c] = await plainProducts(3, 60);
    const file = await xlsx([
      FILE_HEADERS.PRICE,
      [a.code, '', null, null, { formula: '179.81*1.1', result: 179.81 * 1.1 }, null],
      [b.code, '', null, null, null, { formula: '5*1.1', result: 5 * 1.1 }],
      [c.code, '', null, null, '197,79', null],
    ]);
    const { id, preview } = await previewOf(path, file, 'N');
    expect(preview).toMatchObject({ ROWS: 3, NEW: 0 });
    await apply(path, id);
    const rows = await t.database.db
      .selectFrom('price_list_products')
      .select(['product_id', 'site_price', 'percent'])
      .where('partner_id', '=', pid)
      .where('price_list_id', '=', made.ID)
      .orderBy('product_id')
      .execute();
    expect(
      rows.map((r) => [
        r.product_id,
        r.site_price === null ? null : new Decimal(r.site_price).toString(),
        r.percent === null ? null : new Decimal(r.percent).toString(),
      ]),
    ).toEqual(
      [
        [a.id, '197.791', null],
        [b.id, null, '5.5'],
        [c.id, '197.79', null],
      ].sort((x, y) => Number(x[0]) - Number(y[0])),
    );
    expect((await priceEngine(t.database.db).prices(pid, { listId: made.ID }, [a.id]))![0].price).toBe('197.79');

    // Text keeps the strict check: more than 4 decimals typed is the line's error.
    const body = multipart([
      { name: 'keep', value: 'Y' },
      { name: 'file', filename: 'цены.xlsx', value: await xlsx([FILE_HEADERS.PRICE, [a.code, '', null, null, '197,79100000000003', null]]) },
    ]);
    await t.app.inject({
      method: 'POST',
      url: `/v3/api/partner/pricing/excel/${path}/`,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(tokens['price@partner.demo']) },
    });
    await run();
    expect((await status(path)).UPLOAD).toMatchObject({ CATALOG: { STATUS: 'ERROR_DATA' }, ERROR_COUNT: 1 });
  });

  it("reads a promo file's formula prices the same way", async () => {
    const [a] = await plainProducts(1, 70);
    const date = new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
    const body = multipart([
      ...Object.entries({ name: 'Формула', type: 'DISCOUNT', date_start: date }).map(([name, value]) => ({ name, value })),
      {
        name: 'xls_file',
        filename: 'promo.xlsx',
        value: await xlsx([
          ['Код товара', 'Цена на сайте'],
          [a.code, { formula: '179.81*1.1', result: 179.81 * 1.1 }],
        ]),
      },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v3/api/partner/offer/',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(tokens['price@partner.demo']) },
    });
    expect(res.json()).toMatchObject({ SUCCESS: 'Y', MESSAGE: OFFER_MSG.created });
    const row = await t.database.db
      .selectFrom('offer_products')
      .select('site_price')
      .where('partner_id', '=', pid)
      .where('offer_id', '=', res.json().ID)
      .executeTakeFirstOrThrow();
    expect(new Decimal(row.site_price!).toString()).toBe('197.791');
  });
});
