import { LIMITS } from '@b2b/contracts/limits';
import { readSpreadsheet } from '@/files/spreadsheet-reader';
import type { SpreadsheetCell, SpreadsheetKind } from '@/files/sheet-types';

/**
 * The product codes of a delivery-exclude file (xlsx or csv): in each row, the first cell holding a 6-digit
 * code (a number shorter than 6 digits is a code whose leading zeros Excel dropped). Headers and other text
 * are skipped. Read through the shared spreadsheet reader, which refuses (SpreadsheetError) a file it cannot
 * read, one too large unpacked or one with too many rows.
 */

const CODE = new RegExp(`^\\d{${LIMITS.productCodeLength}}$`);

function codeOf(value: SpreadsheetCell): string | null {
  if (typeof value === 'number') {
    return Number.isInteger(value) && value > 0 && value < 10 ** LIMITS.productCodeLength
      ? String(value).padStart(LIMITS.productCodeLength, '0')
      : null;
  }
  if (typeof value === 'string') {
    const v = value
      .trim()
      .replace(/^["']|["']$/g, '')
      .trim();
    return CODE.test(v) ? v : null;
  }
  return null;
}

/** The distinct codes of the file, in file order. */
export async function readExcludeCodes(kind: SpreadsheetKind, data: Buffer | { path: string }): Promise<string[]> {
  const codes = new Set<string>();
  for await (const rows of readSpreadsheet(kind, data)) {
    for (const row of rows) {
      for (const cell of row.cells) {
        const code = codeOf(cell);
        if (code) {
          codes.add(code);
          break;
        }
      }
    }
  }
  return [...codes];
}
