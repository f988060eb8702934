import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { SheetFailure, type SheetLimits, type SpreadsheetKind, type SpreadsheetRow } from './sheet-types';
import { spreadsheetRows } from './spreadsheet-rows';
import { rowXml, SHEET_HEAD, SHEET_TAIL, xlsxAround, xlsxOfRows, zipBombXlsx, zipOf, zipPart } from './spreadsheet-test-files';

/** The parsing itself, in this thread (spreadsheet-reader.unit.test.ts covers the worker around it). */

const LIMITS: SheetLimits = { maxRows: 1000, maxColumns: 10, maxUnpackedBytes: 64 * 1024 * 1024 };

async function rowsOf(kind: SpreadsheetKind, data: Buffer, limits: Partial<SheetLimits> = {}): Promise<SpreadsheetRow[]> {
  const all: SpreadsheetRow[] = [];
  for await (const rows of spreadsheetRows(kind, data, { ...LIMITS, ...limits })) all.push(...rows);
  return all;
}

async function refusal(kind: SpreadsheetKind, data: Buffer, limits: Partial<SheetLimits> = {}): Promise<string> {
  try {
    await rowsOf(kind, data, limits);
  } catch (err) {
    if (err instanceof SheetFailure) return err.reason;
    throw err;
  }
  return 'read';
}

const sheetXml = (rows: string) => zipPart('sheet', SHEET_HEAD + rows + SHEET_TAIL);
const WORKBOOK_NS =
  'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const RELS_NS = 'xmlns="http://schemas.openxmlformats.org/package/2006/relationships"';
const WORKSHEET = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet';

describe('xlsx rows', () => {
  it('reads a workbook written by Excel software: shared strings, numbers, formulas, rich text, booleans, gaps', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Коды');
    sheet.addRow(['Код', 'Цена', 'Есть']);
    sheet.addRow(['012345', 1234.5, true]);
    sheet.getCell('A4').value = { formula: 'B2*2', result: 2469 };
    sheet.getCell('C4').value = { richText: [{ text: '12' }, { text: '3456', font: { bold: true } }] };
    workbook.addWorksheet('Второй').addRow(['не читается']);
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(await rowsOf('xlsx', data)).toEqual([
      { number: 1, cells: ['Код', 'Цена', 'Есть'] },
      { number: 2, cells: ['012345', 1234.5, true] },
      { number: 4, cells: [2469, null, '123456'] },
    ]);
  });

  it('reads the first visible sheet, names with a namespace prefix, escaped characters, and skips phonetic text', async () => {
    const sheet = (rows: string) =>
      `<?xml version="1.0"?><x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>${rows}</x:sheetData></x:worksheet>`;
    const data = zipOf([
      zipPart(
        'xl/workbook.xml',
        `<workbook ${WORKBOOK_NS}><sheets><sheet name="Скрытый" sheetId="1" state="hidden" r:id="rId1"/><sheet name="Данные" sheetId="2" r:id="rId2"/></sheets></workbook>`,
      ),
      zipPart(
        'xl/_rels/workbook.xml.rels',
        `<Relationships ${RELS_NS}><Relationship Id="rId1" Type="${WORKSHEET}" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${WORKSHEET}" Target="/xl/worksheets/data.xml"/></Relationships>`,
      ),
      zipPart('xl/worksheets/sheet1.xml', sheet('<x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>скрыто</x:t></x:is></x:c></x:row>')),
      zipPart(
        'xl/worksheets/data.xml',
        sheet(
          '<x:row r="3"><x:c r="B3" t="inlineStr"><x:is><x:r><x:t>Строка_x000D_два</x:t></x:r><x:rPh><x:t>ふりがな</x:t></x:rPh></x:is></x:c></x:row>',
        ),
      ),
    ]);
    expect(await rowsOf('xlsx', data)).toEqual([{ number: 3, cells: [null, 'Строка\rдва'] }]);
  });

  it('keeps the first columns only, cuts a text longer than Excel allows, and reads zip64 sizes', async () => {
    const wide = xlsxOfRows([Array.from({ length: 15 }, (_, i) => i + 1), ['я'.repeat(40_000)]]);
    const rows = await rowsOf('xlsx', wide);
    expect(rows[0].cells).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect((rows[1].cells[0] as string).length).toBe(32_767);
    const zip64 = xlsxAround({ ...sheetXml(rowXml(1, ['123456'])), zip64: true });
    expect(await rowsOf('xlsx', zip64)).toEqual([{ number: 1, cells: ['123456'] }]);
  });

  it('reads shared strings kept in their own part', async () => {
    const data = xlsxAround(sheetXml('<row r="1"><c r="A1" t="s"><v>1</v></c><c r="B1" t="s"><v>0</v></c><c r="C1" t="s"><v>99</v></c></row>'), [
      'ноль',
      'один & два',
    ]);
    expect(await rowsOf('xlsx', data)).toEqual([{ number: 1, cells: ['один & два', 'ноль'] }]);
  });

  it('refuses a zip bomb by its declared size at once, and a lying one by the bytes it really inflates', async () => {
    const started = performance.now();
    expect(await refusal('xlsx', zipBombXlsx(300, 'honest'), { maxUnpackedBytes: 256 * 1024 * 1024 })).toBe('tooLarge');
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await refusal('xlsx', zipBombXlsx(300, 'lying'), { maxUnpackedBytes: 256 * 1024 * 1024 })).toBe('tooLarge');
  });

  it('refuses more rows with a value than the limit; empty rows do not count', async () => {
    const rows = Array.from({ length: 6 }, (_, i) => [i + 1]);
    expect(await refusal('xlsx', xlsxOfRows(rows), { maxRows: 5 })).toBe('tooManyRows');
    const withEmpty = xlsxAround(
      sheetXml(
        `${rows
          .slice(0, 5)
          .map((r, i) => rowXml(i + 1, r))
          .join('')}<row r="7"/><row r="8"><c r="A8"/></row>`,
      ),
    );
    expect(await rowsOf('xlsx', withEmpty, { maxRows: 5 })).toHaveLength(5);
  });

  it('refuses what is not a readable xlsx as a format failure', async () => {
    const good = xlsxOfRows([['123456']]);
    const stored = (name: string, text: string, method: number, flags = 0) => {
      const part = zipPart(name, text);
      const data = zipOf([part]);
      data.writeUInt16LE(method, 8);
      data.writeUInt16LE(flags, 6);
      const directory = data.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
      data.writeUInt16LE(method, directory + 10);
      data.writeUInt16LE(flags, directory + 8);
      return data;
    };
    for (const data of [
      Buffer.from('PK\x03\x04 не архив'),
      good.subarray(0, good.length / 2),
      stored('xl/workbook.xml', '<workbook/>', 12),
      stored('xl/workbook.xml', '<workbook/>', 8, 1),
      zipOf([zipPart('docProps/app.xml', '<Properties/>')]),
      xlsxAround(sheetXml('<row r="1"><c r="A1"><v>1</v></c>')),
      xlsxAround(sheetXml('<row r="1"><c r="A1" t="inlineStr"><is><t>&unknown;</t></is></c></row>')),
    ]) {
      expect(await refusal('xlsx', data)).toBe('format');
    }
  });
});

describe('csv rows', () => {
  it('reads UTF-8 with a BOM, quoted fields with separators, doubled quotes and line breaks, CRLF; skips empty lines', async () => {
    const csv = Buffer.from('\uFEFFКод;Название\r\n"123456";"Болт; М6 ""оцинк."""\r\n\r\n000001;"две\nстроки"\r\n;;\r\n');
    expect(await rowsOf('csv', csv)).toEqual([
      { number: 1, cells: ['Код', 'Название'] },
      { number: 2, cells: ['123456', 'Болт; М6 "оцинк."'] },
      { number: 4, cells: ['000001', 'две\nстроки'] },
    ]);
  });

  it('reads Windows-1251 as Russian Excel saves it', async () => {
    const cp1251 = Buffer.from([0xca, 0xee, 0xe4, 0x3b, 0xd6, 0xe5, 0xed, 0xe0, 0x0a, 0x31, 0x3b, 0xe0]); // "Код;Цена\n1;а"
    expect(await rowsOf('csv', cp1251)).toEqual([
      { number: 1, cells: ['Код', 'Цена'] },
      { number: 2, cells: ['1', 'а'] },
    ]);
  });

  it('tells the separator from the first lines: comma, tab, semicolon', async () => {
    expect((await rowsOf('csv', Buffer.from('Коды товаров\n123456,"1 234,50"\n654321,2\n')))[1].cells).toEqual(['123456', '1 234,50']);
    expect((await rowsOf('csv', Buffer.from('123456\t1,5\n')))[0].cells).toEqual(['123456', '1,5']);
    expect((await rowsOf('csv', Buffer.from('123456;1,5;2,5\n')))[0].cells).toEqual(['123456', '1,5', '2,5']);
  });

  it('refuses more rows than the limit', async () => {
    expect(await refusal('csv', Buffer.from('1\n2\n3\n'), { maxRows: 2 })).toBe('tooManyRows');
    expect(await rowsOf('csv', Buffer.from('1\n2\n\n\n'), { maxRows: 2 })).toHaveLength(2);
  });
});
