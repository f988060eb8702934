import { once } from 'node:events';
import type ExcelJS from 'exceljs';
import { loadExcelJs } from './exceljs-lazy';

/** The data rows one .xlsx sheet holds: 1,048,576 rows less the header. */
export const XLSX_SHEET_DATA_ROWS = 1_048_575;

const SHEET_NAME_MAX = 31;

/** Rows written between two turns of the event loop: the server keeps answering requests while a file is written. */
const ROWS_PER_TURN = 200;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The sheet's XML that may wait for the zip's compression before the writer stops adding rows. */
const MAX_PENDING_BYTES = 1024 * 1024;

interface SheetPipe extends NodeJS.EventEmitter {
  _writableState?: { length: number };
}

/**
 * Back-pressure ExcelJS's streaming writer lacks: a sheet's buffered XML is written into the zip's entry stream
 * without waiting, so rows produced faster than deflate takes them pile up there (20 MB per 600,000 rows, growing
 * with the file). Past a megabyte the writer waits for that stream to drain; the memory stays flat.
 */
async function letZipCatchUp(sheet: ExcelJS.Worksheet): Promise<void> {
  await nextTurn();
  const pipe = (sheet as unknown as { stream: { pipes?: SheetPipe[] } }).stream.pipes?.[0];
  if (pipe && (pipe._writableState?.length ?? 0) > MAX_PENDING_BYTES) await once(pipe, 'drain');
}

/** A table to export: its sheets' header, and one row per item. */
export interface XlsxTable<T> {
  /** The first sheet's name; the next ones are «name (2)», «name (3)»… */
  name: string;
  /** Sets a new sheet's columns and writes (and commits) its header row. */
  setup(sheet: ExcelJS.Worksheet): void;
  row(item: T): ExcelJS.CellValue[];
  /** Formats a data row before it is committed (number formats). */
  style?(row: ExcelJS.Row): void;
}

const sheetName = (name: string, n: number) => {
  const suffix = n === 1 ? '' : ` (${n})`;
  return name.slice(0, SHEET_NAME_MAX - suffix.length) + suffix;
};

/**
 * Writes a table fed page by page with ExcelJS's streaming writer straight to `file`: each row is committed as it
 * is added, so the memory stays flat however long the list. Past a sheet's last row the table goes on in a new
 * sheet with the same header.
 */
export async function writeXlsxTable<T>(
  file: string,
  table: XlsxTable<T>,
  pages: AsyncIterable<T[]>,
  rowsPerSheet = XLSX_SHEET_DATA_ROWS,
): Promise<void> {
  const { stream } = await loadExcelJs();
  const book = new stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  let sheets = 0;
  let rows = 0;
  const open = () => {
    sheets++;
    rows = 0;
    const sheet = book.addWorksheet(sheetName(table.name, sheets), { views: [{ state: 'frozen', ySplit: 1 }] });
    table.setup(sheet);
    return sheet;
  };
  let sheet = open();
  try {
    for await (const page of pages) {
      for (const item of page) {
        if (rows === rowsPerSheet) {
          sheet.commit();
          sheet = open();
        }
        const row = sheet.addRow(table.row(item));
        table.style?.(row);
        row.commit();
        rows++;
        if (rows % ROWS_PER_TURN === 0) await letZipCatchUp(sheet);
      }
    }
  } catch (err) {
    // Close the file before it is removed; the reading error is the one to report.
    await book.commit().catch(() => {});
    throw err;
  }
  sheet.commit();
  await book.commit();
}
