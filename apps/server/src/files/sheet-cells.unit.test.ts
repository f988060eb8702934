import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { cellDecimal, cellPrice } from './sheet-cells';
import { readSpreadsheet } from './spreadsheet-reader';
import type { SpreadsheetRow } from './sheet-types';

/*
 * Number cells against text cells (issue 38.7), read from a real .xlsx that ExcelJS writes as Excel saves one: a
 * formula's cell holds its formula and its cached result, which is a binary float (=179,81*1,1 is 197.79100000000003).
 */

async function rowsOf(rows: ExcelJS.CellValue[][]): Promise<SpreadsheetRow[]> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Прайс');
  for (const r of rows) sheet.addRow(r);
  const data = Buffer.from(await book.xlsx.writeBuffer());
  const read: SpreadsheetRow[] = [];
  for await (const batch of readSpreadsheet('xlsx', data)) read.push(...batch);
  return read;
}

describe('number cells of an uploaded sheet', () => {
  it("reads a formula's cached result as a number and rounds it half up to the column's decimals; text keeps the strict check", async () => {
    const rows = await rowsOf([
      ['100001', { formula: '179.81*1.1', result: 179.81 * 1.1 }],
      ['100002', { formula: '0.00005*1', result: 0.00005 }],
      ['100003', { formula: '10/3', result: 10 / 3 }],
      ['100004', 1000.5],
      ['100005', '197,79100000000003'],
      ['100006', '197,791'],
      ['100007', { formula: '-0.00001*1', result: -0.00001 }],
      ['100008', { formula: '"12,34567"', result: '12,34567' }],
      ['100009', 1e21],
    ]);
    const price = (n: number) => cellPrice(rows[n].cells[1]);
    // The cached result of the formula is the cell's value, a number: Excel's float noise is not the user's digits.
    expect(rows[0].cells[1]).toBe(197.79100000000003);
    expect(price(0)).toEqual({ value: '197.791' });
    expect(price(1)).toEqual({ value: '0.0001' });
    expect(price(2)).toEqual({ value: '3.3333' });
    expect(price(3)).toEqual({ value: '1000.5' });
    // Text is what the user typed: more than 4 decimals are refused, as before.
    expect(rows[4].cells[1]).toBe('197,79100000000003');
    expect(price(4)).toEqual({ value: null, error: 'price' });
    expect(price(5)).toEqual({ value: '197.791' });
    // A negative number rounding to zero is still negative; a formula answering text is text.
    expect(price(6)).toEqual({ value: null, error: 'negative' });
    expect(rows[7].cells[1]).toBe('12,34567');
    expect(price(7)).toEqual({ value: null, error: 'price' });
    // Written out in full, never as 1e+21, and too long for a price.
    expect(price(8)).toEqual({ value: null, error: 'price' });
  });

  it('rounds a number to the decimals asked for, and keeps it whole when none are', () => {
    expect(cellDecimal(12.345, 2)).toBe('12.35');
    expect(cellDecimal(5 * 1.1, 2)).toBe('5.5');
    expect(cellDecimal(1.005, 2)).toBe('1.01');
    expect(cellDecimal(15)).toBe('15');
    expect(cellDecimal(' 1 234,5 ', 2)).toBe('1234.5');
    expect(cellDecimal(Number.NaN, 2)).toBe('NaN');
  });
});
