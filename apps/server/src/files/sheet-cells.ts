import { LIMITS } from '@b2b/contracts/limits';
import type { SpreadsheetCell } from './sheet-types';

/*
 * Reading the cells of an uploaded spreadsheet the way every upload of the product does (price files, the promo
 * assortment of an offer): a product code of 6 digits (a number cell keeps its leading zeros), decimals with a comma
 * or a dot and spaces as thousands separators.
 */

export const cellText = (cell: SpreadsheetCell | undefined): string =>
  cell === null || cell === undefined ? '' : typeof cell === 'string' ? cell.trim() : String(cell);

export const PRODUCT_CODE = new RegExp(`^\\d{${LIMITS.productCodeLength}}$`);

/** A price with a comma (or a dot), up to 4 decimals (sign allowed: the caller refuses a negative one with its text). */
export const PRICE_TEXT = /^-?\d{1,12}([.,]\d{1,4})?$/;

/** The 6-digit product code of a cell, or null. */
export function cellCode(cell: SpreadsheetCell | undefined): string | null {
  if (typeof cell === 'number') {
    return Number.isInteger(cell) && cell > 0 && cell < 10 ** LIMITS.productCodeLength ? String(cell).padStart(LIMITS.productCodeLength, '0') : null;
  }
  const v = cellText(cell);
  return PRODUCT_CODE.test(v) ? v : null;
}

/** An Excel number cell keeps its value; text is read with a comma (or a dot) and without spaces. */
export function cellDecimal(cell: SpreadsheetCell | undefined): string {
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : 'NaN';
  return cellText(cell).replace(/[\s\u00a0]/g, '').replace(',', '.');
}

/** A price cell: empty (null), a non-negative price as a decimal text, or which rule it breaks. */
export function cellPrice(cell: SpreadsheetCell | undefined): { value: string | null; error?: 'price' | 'negative' } {
  if (cellText(cell) === '') return { value: null };
  const v = cellDecimal(cell);
  if (typeof cell === 'number' && /e/i.test(v)) return { value: null, error: 'price' };
  if (!PRICE_TEXT.test(v)) return { value: null, error: 'price' };
  if (v.startsWith('-')) return { value: null, error: 'negative' };
  return { value: v };
}
