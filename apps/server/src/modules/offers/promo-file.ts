import { LIMITS } from '@b2b/contracts/limits';
import { MSG } from '@b2b/contracts/messages';
import { OFFER_MSG } from '@b2b/contracts/offers';
import { PRICING_MSG } from '@b2b/contracts/pricing';
import { KIND_MIME, spreadsheetKind } from '@/files/file-sniff';
import { cellCode, cellPrice, cellText, PRODUCT_CODE } from '@/files/sheet-cells';
import { readSpreadsheet, SpreadsheetError } from '@/files/spreadsheet-reader';
import type { SpreadsheetRow } from '@/files/sheet-types';
import type { UploadedFile } from '@/http/form-body';

/*
 * An offer's promo assortment file (shop-pricing-offers-loyalty.md §3 Offer xls_file, §5 Offers): one product per row,
 * its 6-digit code and its site price (numeric). A header row is optional: «Код товара» and «Цена на сайте» find
 * their columns, else column A holds the code and column B the price. The file is read by the shared spreadsheet
 * reader (a worker with capped memory, rows and time) and at most LIMITS.offerProductsMax rows are taken.
 */

export interface PromoLine {
  line: number;
  code: string;
  price: string;
}

export type PromoFile = { lines: PromoLine[]; mime: string } | { error: string };

interface Columns {
  code: number;
  price: number;
}

function headerColumns(row: SpreadsheetRow): Columns | undefined {
  const cells = row.cells.map(cellText);
  if (cells.some((c) => PRODUCT_CODE.test(c))) return undefined;
  const code = cells.findIndex((c) => /код/i.test(c));
  const price = cells.findIndex((c, i) => i !== code && /цен/i.test(c));
  return code >= 0 && price >= 0 ? { code, price } : undefined;
}

/** Reads the file; the first refused row (or an unreadable file) is its error, keyed check_products by the caller. */
export async function readPromoFile(upload: UploadedFile): Promise<PromoFile> {
  if (upload.size > LIMITS.uploadMaxBytes) return { error: MSG.fileTooLarge };
  const kind = await spreadsheetKind(upload.filename, upload.path);
  if (kind === 'old-excel') return { error: MSG.spreadsheetOldExcel };
  if (!kind) return { error: OFFER_MSG.fileFailed };
  const lines: PromoLine[] = [];
  const seen = new Set<string>();
  let columns: Columns | undefined;
  let first = true;
  try {
    for await (const rows of readSpreadsheet(kind, upload, { maxRows: LIMITS.offerProductsMax + 1 })) {
      for (const row of rows) {
        if (first) {
          first = false;
          columns = headerColumns(row);
          if (columns) continue;
        }
        const at = columns ?? { code: 0, price: 1 };
        if (cellText(row.cells[at.code]) === '' && cellText(row.cells[at.price]) === '') continue;
        const code = cellCode(row.cells[at.code]);
        if (!code) return { error: OFFER_MSG.fileRow(row.number, PRICING_MSG.row.code) };
        if (seen.has(code)) return { error: OFFER_MSG.fileRow(row.number, PRICING_MSG.row.duplicate) };
        const price = cellPrice(row.cells[at.price]);
        if (price.error || price.value === null) return { error: OFFER_MSG.fileRow(row.number, PRICING_MSG.row[price.error ?? 'price']) };
        seen.add(code);
        lines.push({ line: row.number, code, price: price.value });
        if (lines.length > LIMITS.offerProductsMax) return { error: OFFER_MSG.productsMax(LIMITS.offerProductsMax) };
      }
    }
  } catch (err) {
    if (err instanceof SpreadsheetError) return { error: err.reason === 'format' ? OFFER_MSG.fileFailed : err.message };
    throw err;
  }
  return lines.length ? { lines, mime: KIND_MIME[kind] } : { error: OFFER_MSG.fileEmpty };
}
