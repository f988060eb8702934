import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { readSpreadsheet } from '../files/spreadsheet-reader';
import { FILE_HEADERS } from '../modules/pricing/price-file-rows';
import { multipart } from '../test/multipart';
import { percentile } from './load';
import type { RunningServer } from './server-process';

/*
 * The price file import of issue 12.10: a 100,000-row file of a price list uploaded as the web uploads it, read and
 * previewed by its job, then applied on confirmation; timed end to end against the raw parse of the same file, while
 * a trivial route is pinged to show the server keeps answering.
 */

export const IMPORT_ROWS = 100_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The catalogue holds at least `count` active products: the large supplier's has 20,000, a 100,000-row file needs
 * 100,000 distinct codes, so the benchmark's database is topped up once with products of its own.
 */
export async function topUpCatalogue(db: Db, count: number): Promise<number> {
  const active = Number((await sql<{ n: number }>`select count(*)::int as n from catalog_products where active`.execute(db)).rows[0].n);
  if (active >= count) return 0;
  const added = await sql`
    insert into catalog_products (up_code_1c, name, section_id, purchase_price, rrc)
    select lpad(n::text, 6, '0'), 'Товар для загрузки цен № ' || n,
      (select max(id) from catalog_sections where depth = 3),
      (100 + n % 900)::numeric, (150 + n % 1300)::numeric
    from generate_series(1, 999999) as n
    where not exists (select 1 from catalog_products p where p.up_code_1c = lpad(n::text, 6, '0'))
    limit ${count - active}`.execute(db);
  await sql`analyze catalog_products`.execute(db);
  return Number(added.numAffectedRows ?? 0n);
}

/** A price file of `rows` products: site prices with a comma and percents, alternately, as staff fill it in. */
async function writePriceFile(db: Db, file: string, rows: number) {
  const codes = await db.selectFrom('catalog_products').select('up_code_1c').where('active', '=', true).orderBy('id').limit(rows).execute();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false });
  const sheet = book.addWorksheet('Прайс');
  sheet.addRow(FILE_HEADERS.PRICE).commit();
  codes.forEach((c, i) =>
    sheet
      .addRow(
        i % 2
          ? [c.up_code_1c, '', null, null, `${100 + (i % 500)},${String(i % 100).padStart(2, '0')}`, null]
          : [c.up_code_1c, '', null, null, null, String((i % 40) - 10)],
      )
      .commit(),
  );
  sheet.commit();
  await book.commit();
  return codes.length;
}

async function rawParseSeconds(data: Buffer) {
  const started = performance.now();
  let rows = 0;
  for await (const batch of readSpreadsheet('xlsx', data)) rows += batch.length;
  return { rows, seconds: (performance.now() - started) / 1000 };
}

/** What the import needs from the database, prepared before the server takes it (PGlite is one process's). */
export interface ImportFile {
  file: string;
  rows: number;
  listId: number;
}

/** Tops up the catalogue and writes the 100,000-row file of the main partner's first price list. */
export async function prepareImport(db: Db, dir: string, log: (m: string) => void): Promise<ImportFile> {
  const added = await topUpCatalogue(db, IMPORT_ROWS);
  if (added) log(`import: the catalogue was topped up with ${added} products`);
  const list = await db
    .selectFrom('price_lists as l')
    .innerJoin('users as u', (j) => j.onRef('u.partner_id', '=', 'l.partner_id').on('u.email', '=', 'owner@partner.demo'))
    .select('l.id')
    .where('l.kind', '=', 'PRICELIST')
    .where('l.is_base', '=', false)
    .where('l.deleted_at', 'is', null)
    .orderBy('l.id')
    .executeTakeFirstOrThrow();
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'price-100k.xlsx');
  const rows = await writePriceFile(db, file, IMPORT_ROWS);
  return { file, rows, listId: Number(list.id) };
}

export async function measureImport(server: RunningServer, headers: Record<string, string>, prepared: ImportFile, log: (m: string) => void) {
  const { rows } = prepared;
  const data = fs.readFileSync(prepared.file);
  const parse = await rawParseSeconds(data);
  const base = `/v3/api/partner/pricing`;
  const target = `pricelist/${prepared.listId}`;
  const call = async <T>(p: string, init: RequestInit = {}): Promise<T> => {
    const res = await fetch(`${server.baseUrl}${p}`, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } });
    if (!res.ok) throw new Error(`${p}: HTTP ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const pings: number[] = [];
  let rssPeak = server.rssMb();
  type Status = { CATALOG: { STATUS: string | null }; PRICE: { STATUS: string | null }; UPLOAD: { ERRORS: { ERROR: string }[] } | null };
  let shown = '';
  const waitFor = async (done: (s: Status) => boolean) => {
    for (;;) {
      const ping = performance.now();
      await call('/v3/api/utils/check/');
      pings.push(performance.now() - ping);
      rssPeak = Math.max(rssPeak, server.rssMb());
      const s = await call<Status>(`${base}/status/${target}/`);
      if (s.CATALOG.STATUS === 'ERROR_DATA' || s.CATALOG.STATUS === 'ERROR_FILE')
        throw new Error(`import refused: ${JSON.stringify(s.UPLOAD?.ERRORS.slice(0, 3))}`);
      const state = `${s.CATALOG.STATUS}/${s.PRICE.STATUS}`;
      if (state !== shown) log(`import: ${state} after ${((performance.now() - started) / 1000).toFixed(1)} s`);
      shown = state;
      if (done(s)) return s;
      await sleep(100);
    }
  };
  log(`import: ${rows} rows, raw parse ${parse.seconds.toFixed(2)} s; uploading`);
  const started = performance.now();
  const body = multipart([
    { name: 'keep', value: 'N' },
    { name: 'period', value: '0' },
    { name: 'file', filename: 'price.xlsx', value: data },
  ]);
  const queued = await call<{ SUCCESS: string; UPLOAD_ID?: number }>(`${base}/excel/${target}/`, {
    method: 'POST',
    body: body.payload,
    headers: body.headers,
  });
  if (queued.SUCCESS !== 'Y') throw new Error(`upload refused: ${JSON.stringify(queued)}`);
  await waitFor((s) => s.CATALOG.STATUS === 'FINISHED' && s.PRICE.STATUS === 'WAITING');
  const previewed = performance.now();
  const act = async (action: 'apply' | 'rollback') => {
    const answer = await call<{ SUCCESS: string }>(`${base}/upload/${target}/`, {
      method: 'POST',
      body: new URLSearchParams({ action, upload_id: String(queued.UPLOAD_ID) }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    if (answer.SUCCESS !== 'Y') throw new Error(`${action} refused: ${JSON.stringify(answer)}`);
  };
  await act('apply');
  await waitFor((s) => s.PRICE.STATUS === 'FINISHED');
  const finished = performance.now();
  const importPings = pings.splice(0).sort((a, b) => a - b);
  // The next run starts from the same prices: the benchmark's upload is rolled back (a job, timed like the apply).
  await act('rollback');
  await waitFor((s) => s.PRICE.STATUS === 'FINISHED');
  const rolledBack = performance.now();
  const rollbackPings = pings.splice(0).sort((a, b) => a - b);
  const total = (finished - started) / 1000;
  const result = {
    'import rows': rows,
    'import raw parse s': Number(parse.seconds.toFixed(2)),
    'import read + preview s': Number(((previewed - started) / 1000).toFixed(2)),
    'import apply s': Number(((finished - previewed) / 1000).toFixed(2)),
    'import total s': Number(total.toFixed(2)),
    'import rows/s': Math.round(rows / total),
    'import total / raw parse': Number((total / parse.seconds).toFixed(2)),
    'trivial route during import p95 ms': Number(percentile(importPings, 0.95).toFixed(1)),
    'trivial route during import max ms': Number((importPings[importPings.length - 1] ?? 0).toFixed(1)),
    'server RSS peak during import MB': Math.round(rssPeak),
    'rollback of the import s': Number(((rolledBack - finished) / 1000).toFixed(2)),
    'trivial route during rollback p95 ms': Number(percentile(rollbackPings, 0.95).toFixed(1)),
    'trivial route during rollback max ms': Number((rollbackPings[rollbackPings.length - 1] ?? 0).toFixed(1)),
  };
  log(`import: ${JSON.stringify(result)}`);
  return result;
}
