import { LIMITS } from '@b2b/contracts/limits';
import { compareDecimal } from '@b2b/contracts/decimal-text';
import { PERCENT_PATTERN, PRICING_MSG } from '@b2b/contracts/pricing';
import { cellCode, cellDecimal, cellPrice, cellText, PRODUCT_CODE } from '@/files/sheet-cells';
import type { SpreadsheetCell, SpreadsheetRow } from '@/files/sheet-types';

/*
 * The rows of an uploaded price file (shop-pricing-offers-loyalty.md §5 Prices): which column holds what, and one
 * row read into what is staged (its code, its value, or why the line is refused). Pure, so that each rule is pinned
 * by a unit test. The files the back office writes for download are the templates: the same headers come back.
 */

export type UploadKind = 'PRICE' | 'PERSONAL' | 'REMAIN' | 'MULTIPLICITY';

/** The headers of each kind's file, as the download writes them (the upload finds its columns by them). */
export const FILE_HEADERS: Record<UploadKind, string[]> = {
  PRICE: ['Код товара', 'Наименование', 'Закупочная цена', 'Текущая цена', 'Цена на сайте', 'Скидка/наценка, %'],
  PERSONAL: ['Код товара', 'Наименование', 'Закупочная цена', 'Индивидуальная цена'],
  REMAIN: ['Код товара', 'Наименование', 'Остаток'],
  MULTIPLICITY: ['Код товара', 'Наименование', 'Кратность'],
};

type Field = 'code' | 'price' | 'percent' | 'quantity' | 'multiplicity';

/** Where each field is found: a header matching the pattern, else the template's column. */
const FIELDS: Record<UploadKind, { field: Field; header: RegExp; column: number }[]> = {
  PRICE: [
    { field: 'code', header: /код/i, column: 0 },
    { field: 'price', header: /цена на сайте|цена сайта/i, column: 4 },
    { field: 'percent', header: /скидк|наценк|%/i, column: 5 },
  ],
  PERSONAL: [
    { field: 'code', header: /код/i, column: 0 },
    { field: 'price', header: /индивидуальн/i, column: 3 },
  ],
  REMAIN: [
    { field: 'code', header: /код/i, column: 0 },
    { field: 'quantity', header: /остат/i, column: 2 },
  ],
  MULTIPLICITY: [
    { field: 'code', header: /код/i, column: 0 },
    { field: 'multiplicity', header: /кратн/i, column: 2 },
  ],
};

export type Columns = Partial<Record<Field, number>>;

/** A header row: no cell of it is a product code, and some cell names the code column. */
export function headerColumns(kind: UploadKind, row: SpreadsheetRow): Columns | undefined {
  const cells = row.cells.map(cellText);
  if (cells.some((c) => PRODUCT_CODE.test(c))) return undefined;
  const columns: Columns = {};
  for (const { field, header } of FIELDS[kind]) {
    const at = cells.findIndex((c) => header.test(c));
    if (at >= 0 && !Object.values(columns).includes(at)) columns[field] = at;
  }
  return columns.code === undefined ? undefined : columns;
}

/** The template's columns, for a file without a header row. */
export const templateColumns = (kind: UploadKind): Columns => Object.fromEntries(FIELDS[kind].map((f) => [f.field, f.column]));

export interface StagedRow {
  line: number;
  code: string;
  /** The active product of the code, found by the upload job for a whole batch (null until then, and on a line in error). */
  productId: number | null;
  sitePrice: string | null;
  percent: string | null;
  quantity: number | null;
  multiplicity: string | null;
  error: string | null;
}

function priceOf(cell: SpreadsheetCell | undefined): { value: string | null; error?: string } {
  const read = cellPrice(cell);
  if (read.error) return { value: null, error: PRICING_MSG.row[read.error] };
  // Above the cap no order could carry it (issue 37.4); the price tables' CHECKs are the last guard.
  if (read.value !== null && compareDecimal(read.value.replace(',', '.'), LIMITS.moneyMax) > 0)
    return { value: null, error: PRICING_MSG.row.priceMax };
  return read;
}

function percentOf(cell: SpreadsheetCell | undefined): { value: string | null; error?: string } {
  if (cellText(cell) === '') return { value: null };
  const v = cellDecimal(cell, LIMITS.percentDecimals).replace(/%$/, '');
  // A number cell formatted as a percent holds a fraction (0.15 for 15 %): files written by this product hold whole percents.
  return PERCENT_PATTERN.test(v) ? { value: v } : { value: null, error: PRICING_MSG.row.percent };
}

const MULTIPLICITY = /^[1-9]\d{0,5}(\/[1-9]\d{0,5}){0,9}$/;

/** One data row read into what is staged; a row whose code cell is empty and that holds nothing else is skipped. */
export function stageRow(kind: UploadKind, columns: Columns, row: SpreadsheetRow): StagedRow | undefined {
  const cell = (field: Field) => (columns[field] === undefined ? undefined : row.cells[columns[field]!]);
  const rawCode = cellText(cell('code'));
  const staged: StagedRow = {
    line: row.number,
    code: rawCode.slice(0, 20),
    productId: null,
    sitePrice: null,
    percent: null,
    quantity: null,
    multiplicity: null,
    error: null,
  };
  if (rawCode === '') return undefined;
  const code = cellCode(cell('code'));
  if (!code) return { ...staged, error: PRICING_MSG.row.code };
  staged.code = code;
  const refuse = (error: string) => ({ ...staged, error });
  if (kind === 'PRICE' || kind === 'PERSONAL') {
    const price = priceOf(cell('price'));
    if (price.error) return refuse(price.error);
    staged.sitePrice = price.value;
    if (kind === 'PRICE') {
      const percent = percentOf(cell('percent'));
      if (percent.error) return refuse(percent.error);
      if (price.value !== null && percent.value !== null) return refuse(PRICING_MSG.row.both);
      staged.percent = percent.value;
    } else if (price.value === null) return refuse(PRICING_MSG.row.price);
  } else if (kind === 'REMAIN') {
    const v = cellDecimal(cell('quantity'));
    if (!/^\d{1,9}$/.test(v)) return refuse(PRICING_MSG.row.quantity);
    staged.quantity = Number(v);
  } else {
    const v = cellText(cell('multiplicity')).replace(/\s/g, '');
    if (!MULTIPLICITY.test(v)) return refuse(PRICING_MSG.row.multiplicity);
    staged.multiplicity = v;
  }
  return staged;
}
