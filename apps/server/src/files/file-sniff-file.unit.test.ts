import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DOCX, JPEG, ODT, OLE_DOC, PDF, PNG, xlsxOf, zipWithEntry } from '@/modules/shop/test-files';
import { acceptedFileKind, SHOP_FILE_KINDS, sniffFileKind, sniffKind, spreadsheetKind } from './file-sniff';

/* An upload is sniffed from its scratch file (issue 42): the same kinds as from its bytes in memory. */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-sniff-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let n = 0;
const onDisk = (data: Buffer) => {
  const file = path.join(dir, `f${n++}`);
  fs.writeFileSync(file, data);
  return file;
};

const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

describe('file kinds of a file on disk', () => {
  it('tells the same kinds as the bytes in memory', async () => {
    const samples: [Buffer, boolean][] = [
      [JPEG, false],
      [PNG, false],
      [PDF, false],
      [DOCX, false],
      [await xlsxOf([[1]]), false],
      [ODT, false],
      [zipWithEntry('mimetype', 'application/vnd.oasis.opendocument.spreadsheet'), false],
      [OLE_DOC, false],
      [Buffer.from('a;b\n1;2\n'), false],
      [Buffer.from('a;b\n1;2\n'), true],
      [Buffer.alloc(0), true],
    ];
    for (const [data, wantsCsv] of samples) expect(await sniffFileKind(onDisk(data), wantsCsv)).toBe(sniffKind(data, wantsCsv));
  });

  it("finds an OLE file's stream name far from its head, even across the chunks it is read in", async () => {
    const workbook = Buffer.from('Workbook', 'utf16le');
    // The name straddles the reader's 256 KB chunks.
    const xls = Buffer.concat([OLE_MAGIC, Buffer.alloc(256 * 1024 - 8 - 6), workbook, Buffer.alloc(1000)]);
    expect(await sniffFileKind(onDisk(xls))).toBe('xls');
    expect(await acceptedFileKind('book.xls', onDisk(xls), SHOP_FILE_KINDS)).toBe('xls');
    expect(await sniffFileKind(onDisk(Buffer.concat([OLE_MAGIC, Buffer.alloc(600_000)])))).toBeNull();
  });

  it('accepts a file only when its name and its content agree, and tells an old Excel file by its bytes', async () => {
    expect(await acceptedFileKind('photo.JPG', onDisk(JPEG), SHOP_FILE_KINDS)).toBe('jpeg');
    expect(await acceptedFileKind('photo.png', onDisk(PDF), SHOP_FILE_KINDS)).toBeNull();
    expect(await spreadsheetKind('prices.xlsx', onDisk(await xlsxOf([[1]])))).toBe('xlsx');
    expect(await spreadsheetKind('prices.xlsx', onDisk(OLE_DOC))).toBe('old-excel');
    expect(await spreadsheetKind('prices.csv', onDisk(Buffer.from('код;цена\n')))).toBe('csv');
    expect(await spreadsheetKind('prices.pdf', onDisk(PDF))).toBeNull();
  });
});
