import ExcelJS from 'exceljs';
import { LIMITS } from '@b2b/contracts/limits';
import type { FileKind } from '@/files/file-sniff';

/**
 * The product codes of a delivery-exclude file (xlsx or csv): in each row, the first cell holding a 6-digit
 * code (a number shorter than 6 digits is a code whose leading zeros Excel dropped). Headers and other text
 * are skipped. Null when the file cannot be read.
 */

const MAX_CODES = 200_000;
const CODE = new RegExp(`^\\d{${LIMITS.productCodeLength}}$`);

function codeOf(value: unknown): string | null {
  if (typeof value === 'number') {
    return Number.isInteger(value) && value > 0 && value < 10 ** LIMITS.productCodeLength
      ? String(value).padStart(LIMITS.productCodeLength, '0')
      : null;
  }
  if (typeof value === 'string') {
    const v = value.trim().replace(/^["']|["']$/g, '').trim();
    return CODE.test(v) ? v : null;
  }
  if (value && typeof value === 'object' && 'result' in value) return codeOf((value as { result: unknown }).result);
  if (value && typeof value === 'object' && 'richText' in value) {
    return codeOf((value as { richText: { text: string }[] }).richText.map((r) => r.text).join(''));
  }
  return null;
}

async function xlsxCodes(data: Buffer): Promise<string[] | null> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    return null;
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const codes: string[] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    for (const cell of values) {
      const code = codeOf(cell);
      if (code) {
        codes.push(code);
        break;
      }
    }
  });
  return codes;
}

/** UTF-8 (with or without a BOM), else Windows-1251, as Russian Excel saves CSV. */
function decodeText(data: Buffer): string {
  const utf8 = new TextDecoder('utf-8', { fatal: false }).decode(data).replace(/^\uFEFF/, '');
  return utf8.includes('\uFFFD') ? new TextDecoder('windows-1251').decode(data) : utf8;
}

function csvCodes(data: Buffer): string[] {
  const codes: string[] = [];
  for (const line of decodeText(data).split(/\r?\n/)) {
    for (const cell of line.split(/[;,\t]/)) {
      const code = codeOf(cell);
      if (code) {
        codes.push(code);
        break;
      }
    }
  }
  return codes;
}

/** The distinct codes of the file, in file order. */
export async function readExcludeCodes(kind: FileKind, data: Buffer): Promise<string[] | null> {
  const codes = kind === 'xlsx' ? await xlsxCodes(data) : csvCodes(data);
  return codes ? [...new Set(codes)].slice(0, MAX_CODES) : null;
}
