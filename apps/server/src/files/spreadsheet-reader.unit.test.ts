import { describe, expect, it } from 'vitest';
import { LIMITS } from '@b2b/contracts/limits';
import { MSG } from '@b2b/contracts/messages';
import { readSpreadsheet, SpreadsheetError, type ReadOptions } from './spreadsheet-reader';
import type { SpreadsheetKind, SpreadsheetRow } from './sheet-types';
import { xlsxOfRows, zipBombXlsx } from './spreadsheet-test-files';

/** The reader through its worker thread: batches, the Russian refusals, the time limit, leaving early. */

async function batchesOf(kind: SpreadsheetKind, data: Buffer, options?: ReadOptions): Promise<SpreadsheetRow[][]> {
  const batches: SpreadsheetRow[][] = [];
  for await (const rows of readSpreadsheet(kind, data, options)) batches.push(rows);
  return batches;
}

async function refusalOf(kind: SpreadsheetKind, data: Buffer, options?: ReadOptions): Promise<string> {
  try {
    await batchesOf(kind, data, options);
  } catch (err) {
    if (err instanceof SpreadsheetError) return err.message;
    throw err;
  }
  return 'read';
}

const numbered = (count: number) => Array.from({ length: count }, (_, i) => [String(100_000 + i), `Товар ${i}`]);

describe('spreadsheet reader', () => {
  it('yields the rows of an xlsx and of a csv in batches of at most 1000', async () => {
    const batches = await batchesOf('xlsx', xlsxOfRows(numbered(2500)));
    expect(batches.map((b) => b.length)).toEqual([1000, 1000, 500]);
    expect(batches[2][499]).toEqual({ number: 2500, cells: ['102499', 'Товар 2499'] });
    const csv = await batchesOf('csv', Buffer.from('Код;Название\n123456;Болт\n'));
    expect(csv).toEqual([
      [
        { number: 1, cells: ['Код', 'Название'] },
        { number: 2, cells: ['123456', 'Болт'] },
      ],
    ]);
  });

  it('refuses a zip bomb, honest or lying about its size, with the Russian size message', async () => {
    const tooLarge = MSG.spreadsheetTooLarge(LIMITS.spreadsheetMaxUnpackedMb);
    expect(await refusalOf('xlsx', zipBombXlsx(300, 'honest'))).toBe(tooLarge);
    expect(await refusalOf('xlsx', zipBombXlsx(1024, 'lying'))).toBe(tooLarge);
  });

  it('refuses too many rows, a corrupt file and a read past the time limit with their Russian messages', async () => {
    expect(await refusalOf('csv', Buffer.from('1\n2\n3\n'), { maxRows: 2 })).toBe(MSG.spreadsheetTooManyRows(2));
    expect(MSG.spreadsheetTooManyRows(LIMITS.spreadsheetMaxRows)).toBe('В файле больше 200 000 строк. Разделите его на несколько файлов');
    expect(await refusalOf('xlsx', Buffer.from('PK\x03\x04 не архив'))).toBe(MSG.fileFormatUnsupported);
    expect(await refusalOf('xlsx', xlsxOfRows(numbered(100_000)), { timeoutMs: 1 })).toBe(MSG.spreadsheetTooSlow);
  });

  it('stops the worker when the caller leaves early, and keeps reading files afterwards, several at once', async () => {
    const file = xlsxOfRows(numbered(5000));
    for (let i = 0; i < 4; i++) {
      for await (const rows of readSpreadsheet('xlsx', file)) {
        expect(rows).toHaveLength(1000);
        break;
      }
    }
    const counts = await Promise.all([1, 2, 3, 4, 5].map(async () => (await batchesOf('xlsx', file)).flat().length));
    expect(counts).toEqual([5000, 5000, 5000, 5000, 5000]);
  });
});
