import Decimal from 'decimal.js';
import { LIMITS } from '@b2b/contracts/limits';
import type { SpreadsheetCell } from './sheet-types';

/*
 * Reading the cells of an uploaded spreadsheet the way every upload of the product does (price files, the promo
 * assortment of an offer): a product code of 6 digits (a number cell keeps its leading zeros), decimals with a comma
 * or a dot and spaces as thousands separators. A number cell (typed numeric in the sheet, a formula's cached result
 * included) is rounded half up to its column's decimals: `=179,81*1,1` holds 197.79100000000003, Excel's binary noise,
 * not digits the user typed (issue 38.7). Text keeps the strict check of its digits.
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

/**
 * An Excel number cell keeps its value (rounded half up to `decimals` when the column has them, in plain notation);
 * text is read with a comma (or a dot) and without spaces. The number's shortest text (what Excel shows) is what is
 * rounded, by decimal.js: never float arithmetic.
 */
export function cellDecimal(cell: SpreadsheetCell | undefined, decimals?: number): string {
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) return 'NaN';
    if (decimals === undefined) return String(cell);
    const rounded = new Decimal(String(cell)).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP);
    // A negative amount that rounds to zero stays negative: the caller refuses it by its sign.
    return cell < 0 && rounded.isZero() ? `-${rounded.toFixed()}` : rounded.toFixed();
  }
  return cellText(cell)
    .replace(/[\s\u00a0]/g, '')
    .replace(',', '.');
}

/** A price cell: empty (null), a non-negative price as a decimal text, or which rule it breaks. */
export function cellPrice(cell: SpreadsheetCell | undefined): { value: string | null; error?: 'price' | 'negative' } {
  if (cellText(cell) === '') return { value: null };
  const v = cellDecimal(cell, LIMITS.moneyDecimalsInput);
  if (!PRICE_TEXT.test(v)) return { value: null, error: 'price' };
  if (v.startsWith('-')) return { value: null, error: 'negative' };
  return { value: v };
}
