import type { Db } from '@/db/database';
import type { ExportJobs, ExportRun } from '@/jobs/export-jobs';
import { EXPORT_PAGE_SIZE } from '@/jobs/export-jobs';
import { writeXlsxTable } from '@/files/xlsx-table-writer';
import type { PriceEngine } from './price-engine.service';
import { FILE_HEADERS } from './price-file-rows';
import { priceOf } from './price-rules';
import { priceUploadsRepo, type UploadTarget } from './price-uploads.repo';

/*
 * The current price file of a list, a client or the remains (issue 12.5), written by an export job: every active
 * product with its code, name, purchase price, the price the engine gives now and what was loaded from Excel. It is
 * the template of the upload: its headers are what the upload looks for.
 */

type Cell = string | number | null;
/**
 * A number cell straight from the stored decimal text, with no arithmetic before it (issue 38.7). Not rounded to
 * kopecks: the file is the upload's template, so a purchase price keeps its 4 decimals and a price its list's digits.
 */
const num = (v: string | null) => (v === null ? null : Number(v));

export interface PriceFileInput {
  target: UploadTarget;
  name: string;
}

export function registerPriceFileExport(db: Db, exports: ExportJobs, engine: PriceEngine) {
  const uploads = priceUploadsRepo(db);

  async function* pages(partnerId: number, t: UploadTarget): AsyncIterable<Cell[][]> {
    const resolved =
      t.kind === 'PERSONAL'
        ? await engine.resolve(partnerId, { clientId: t.clientId! })
        : t.kind === 'PRICE'
          ? await engine.resolve(partnerId, { listId: t.listId! })
          : undefined;
    for (let after = 0; ;) {
      const products = await db
        .selectFrom('catalog_products')
        .select(['id', 'up_code_1c', 'name', 'purchase_price'])
        .where('active', '=', true)
        .where('id', '>', after)
        .orderBy('id')
        .limit(EXPORT_PAGE_SIZE)
        .execute();
      if (!products.length) return;
      after = Number(products[products.length - 1].id);
      const ids = products.map((p) => Number(p.id));
      if (resolved) {
        const facts = new Map((await engine.facts(partnerId, resolved, ids)).map((f) => [f.productId, f]));
        yield products.map((p) => {
          const f = facts.get(Number(p.id))!;
          const price = priceOf(resolved.ctx, f);
          return t.kind === 'PRICE'
            ? [p.up_code_1c, p.name, num(p.purchase_price), num(price.price), num(f.lists[0].excelPrice), num(f.lists[0].excelPercent)]
            : [p.up_code_1c, p.name, num(p.purchase_price), num(f.personalPrice)];
        });
      } else {
        const values = await uploads.currentValues(partnerId, t.kind, ids);
        yield products.map((p) => {
          const v = values.get(Number(p.id)) ?? null;
          return [p.up_code_1c, p.name, t.kind === 'REMAIN' && v !== null ? Number(v) : v];
        });
      }
    }
  }

  async function total() {
    const { n } = await db
      .selectFrom('catalog_products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('active', '=', true)
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  exports.register('export.price_file', async (input: PriceFileInput, run: ExportRun) => {
    const headers = FILE_HEADERS[input.target.kind];
    const rows = run.track(pages(run.user.partnerId, input.target), await total());
    return {
      name: `${input.name}.xlsx`,
      write: (path) =>
        writeXlsxTable(
          path,
          {
            name: 'Прайс',
            setup: (sheet) => {
              // Codes are text: Excel must not drop their leading zeros.
              sheet.columns = headers.map((header, i) => ({ header, width: i === 1 ? 60 : 18, ...(i === 0 ? { style: { numFmt: '@' } } : {}) }));
              sheet.getRow(1).commit();
            },
            row: (cells: Cell[]) => cells,
          },
          rows,
        ),
    };
  });
}
