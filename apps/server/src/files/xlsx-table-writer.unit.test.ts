import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { writeXlsxTable, XLSX_SHEET_DATA_ROWS, type XlsxTable } from './xlsx-table-writer';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xlsx-table-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const table: XlsxTable<number> = {
  name: 'Очень длинное название листа выгрузки',
  setup: (sheet) => {
    sheet.columns = [
      { header: 'Номер', width: 10 },
      { header: 'Квадрат', width: 10 },
    ];
    sheet.getRow(1).commit();
  },
  row: (n) => [n, n * n],
};

async function* pagesOf(count: number, size: number) {
  for (let from = 1; from <= count; from += size) yield Array.from({ length: Math.min(size, count - from + 1) }, (_, i) => from + i);
}

async function read(file: string) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  return book.worksheets.map((sheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return { name: sheet.name, rows };
  });
}

describe('writeXlsxTable', () => {
  it('a sheet holds the .xlsx maximum of data rows under its header', () => {
    expect(XLSX_SHEET_DATA_ROWS + 1).toBe(1_048_576);
  });

  it('writes every row of every page under one header', async () => {
    const file = path.join(dir, 'one.xlsx');
    await writeXlsxTable(file, table, pagesOf(7, 3));
    const sheets = await read(file);
    expect(sheets).toHaveLength(1);
    expect(sheets[0].name).toBe(table.name.slice(0, 31));
    expect(sheets[0].rows).toEqual([['Номер', 'Квадрат'], ...[1, 2, 3, 4, 5, 6, 7].map((n) => [n, n * n])]);
  });

  it("goes on in a new sheet with the same header past a sheet's last row", async () => {
    const file = path.join(dir, 'split.xlsx');
    await writeXlsxTable(file, table, pagesOf(7, 2), 3);
    const sheets = await read(file);
    expect(sheets.map((s) => s.name)).toEqual([table.name.slice(0, 31), `${table.name.slice(0, 27)} (2)`, `${table.name.slice(0, 27)} (3)`]);
    expect(sheets.map((s) => s.rows.slice(1).map((r) => r[0]))).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(sheets.every((s) => s.rows[0][0] === 'Номер')).toBe(true);
  });

  it('an empty list is a header alone', async () => {
    const file = path.join(dir, 'empty.xlsx');
    await writeXlsxTable(file, table, pagesOf(0, 3));
    expect((await read(file)).map((s) => s.rows)).toEqual([[['Номер', 'Квадрат']]]);
  });

  it('a failing read ends the file and reports the read error', async () => {
    const file = path.join(dir, 'failed.xlsx');
    async function* failing() {
      yield [1, 2];
      throw new Error('чтение прервано');
    }
    await expect(writeXlsxTable(file, table, failing())).rejects.toThrow('чтение прервано');
  });

  it('waits for the zip: a sheet’s XML waiting to be compressed stays near a megabyte however long the table', async () => {
    // ExcelJS pipes each sheet's buffered XML into the zip entry's stream: its pending bytes are what piles up.
    type Pipe = { _writableState?: { length: number } };
    const sheetStreams: { pipes?: Pipe[] }[] = [];
    const proto = ExcelJS.stream.xlsx.WorkbookWriter.prototype as unknown as { _openStream(path: string): { pipes?: Pipe[] } };
    const openStream = proto._openStream;
    const spy = vi.spyOn(proto, '_openStream').mockImplementation(function (this: unknown, p: string) {
      const stream = openStream.call(this, p);
      sheetStreams.push(stream);
      return stream;
    });
    let mostPending = 0;
    async function* watched() {
      for await (const page of pagesOf(250_000, 1000)) {
        for (const s of sheetStreams) mostPending = Math.max(mostPending, s.pipes?.[0]?._writableState?.length ?? 0);
        yield page;
      }
    }
    const wide: XlsxTable<number> = { ...table, row: (n) => [n, n * n, `Заказ К-${n} клиента ООО «Ромашка и партнеры»`, new Date(n * 1000)] };
    try {
      await writeXlsxTable(path.join(dir, 'long.xlsx'), wide, watched());
    } finally {
      spy.mockRestore();
    }
    expect(sheetStreams.length).toBeGreaterThan(0);
    expect(mostPending).toBeLessThan(2 * 1024 * 1024);
  }, 60_000);
});
