import path from 'node:path';
import { MAX_CELL_TEXT, SheetFailure, type SheetLimits, type SpreadsheetCell, type SpreadsheetRow } from './sheet-types';
import { parseXml, readXml } from './xml-stream';
import { declaredSize, entryChunks, measureEntries, zipEntries, type UnpackBudget, type ZipEntry } from './zip-entries';

/**
 * The rows of an xlsx's first sheet, streamed: the zip's declared size is checked first, then the real size of
 * the parts to read is measured by inflating them (headers can lie), and only then are they parsed, the sheet
 * chunk by chunk. Shared strings are kept (the sheet refers to them by number); nothing else is.
 */

const WORKBOOK = 'xl/workbook.xml';
const WORKBOOK_RELS = 'xl/_rels/workbook.xml.rels';
const FIRST_SHEET = 'xl/worksheets/sheet1.xml';
const SHARED_STRINGS = 'xl/sharedStrings.xml';

/** Text as Excel escapes characters XML cannot hold: `_x000D_`. */
const unescapeText = (text: string) =>
  text.includes('_x') ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : text;

const append = (text: string, more: string) => (text.length >= MAX_CELL_TEXT ? text : (text + more).slice(0, MAX_CELL_TEXT));

/** A relationship id attribute: `r:id`, whatever the prefix. */
const relationId = (attributes: Record<string, string>) => Object.entries(attributes).find(([name]) => name.endsWith(':id'))?.[1];

/** A part named by a relationship target, relative to xl/ unless absolute. */
const partName = (target: string) => (target.startsWith('/') ? target.slice(1) : path.posix.normalize(`xl/${target}`));

interface WorkbookParts {
  sheet?: string;
  sharedStrings?: string;
}

/** The first visible sheet (else the first) and the shared strings, from the workbook and its relationships. */
async function workbookParts(data: Buffer, entries: Map<string, ZipEntry>, budget: UnpackBudget): Promise<WorkbookParts> {
  const workbook = entries.get(WORKBOOK);
  if (!workbook) throw new SheetFailure('format');
  let first: string | undefined;
  let firstVisible: string | undefined;
  await readXml(entryChunks(data, workbook, budget), {
    open(name, attributes) {
      if (name !== 'sheet') return;
      const id = relationId(attributes);
      first ??= id;
      if (!/hidden/i.test(attributes.state ?? '')) firstVisible ??= id;
    },
    text() {},
    close() {},
  });
  const targets = new Map<string, string>();
  let sharedStrings: string | undefined;
  const rels = entries.get(WORKBOOK_RELS);
  if (rels) {
    await readXml(entryChunks(data, rels, budget), {
      open(name, attributes) {
        if (name !== 'Relationship' || !attributes.Target) return;
        if (attributes.Id) targets.set(attributes.Id, partName(attributes.Target));
        if (attributes.Type?.endsWith('/sharedStrings')) sharedStrings = partName(attributes.Target);
      },
      text() {},
      close() {},
    });
  }
  const chosen = firstVisible ?? first;
  const sheet = chosen ? (targets.get(chosen) ?? FIRST_SHEET) : undefined;
  return { sheet, sharedStrings: sharedStrings ?? SHARED_STRINGS };
}

async function readSharedStrings(data: Buffer, entry: ZipEntry | undefined, budget: UnpackBudget): Promise<string[]> {
  const strings: string[] = [];
  if (!entry) return strings;
  let current = '';
  let inText = false;
  let phoneticDepth = 0;
  await readXml(entryChunks(data, entry, budget), {
    open(name) {
      if (name === 'si') current = '';
      else if (name === 'rPh') phoneticDepth++;
      else if (name === 't' && phoneticDepth === 0) inText = true;
    },
    text(text) {
      if (inText) current = append(current, text);
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') phoneticDepth--;
      else if (name === 'si') strings.push(unescapeText(current));
    },
  });
  return strings;
}

/** Column index (A = 0) of a cell reference such as "AB12", or undefined without letters. */
function columnOf(reference: string | undefined): number | undefined {
  const letters = /^([A-Za-z]{1,3})\d*$/.exec(reference ?? '')?.[1];
  if (!letters) return undefined;
  let index = 0;
  for (const letter of letters.toUpperCase()) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
}

function cellValue(type: string, text: string, shared: string[]): SpreadsheetCell {
  switch (type) {
    case 's': {
      const index = Number(text);
      return (Number.isInteger(index) ? shared[index] : undefined) || null;
    }
    case 'str':
    case 'inlineStr':
    case 'd':
      return unescapeText(text) || null;
    case 'b':
      return text.trim() === '1' || text.trim().toLowerCase() === 'true';
    case 'e':
      return null;
    default: {
      if (!text.trim()) return null;
      const number = Number(text);
      return Number.isFinite(number) ? number : null;
    }
  }
}

/** The sheet's rows with at least one value, a batch per inflated chunk; stops at the end of sheetData. */
async function* sheetRows(
  data: Buffer,
  entry: ZipEntry,
  budget: UnpackBudget,
  shared: string[],
  maxColumns: number,
): AsyncGenerator<SpreadsheetRow[]> {
  let pending: SpreadsheetRow[] = [];
  let row: SpreadsheetRow | null = null;
  let lastNumber = 0;
  let nextColumn = 0;
  let cell: { column: number; type: string } | null = null;
  let text = '';
  let capturing = false;
  let inInline = false;
  let phoneticDepth = 0;
  let ended = false;

  const steps = parseXml(entryChunks(data, entry, budget), {
    open(name, attributes) {
      if (name === 'row') {
        const number = Number(attributes.r);
        row = { number: Number.isInteger(number) && number > lastNumber ? number : lastNumber + 1, cells: [] };
        nextColumn = 0;
      } else if (name === 'c' && row) {
        cell = { column: columnOf(attributes.r) ?? nextColumn, type: attributes.t ?? 'n' };
        text = '';
      } else if (name === 'v' && cell) {
        text = '';
        capturing = true;
      } else if (name === 'is' && cell) {
        inInline = true;
      } else if (name === 'rPh') {
        phoneticDepth++;
      } else if (name === 't' && inInline && phoneticDepth === 0) {
        capturing = true;
      }
    },
    text(chunk) {
      if (capturing) text = append(text, chunk);
    },
    close(name) {
      if (name === 'v' || name === 't') {
        capturing = false;
      } else if (name === 'is') {
        inInline = false;
      } else if (name === 'rPh') {
        phoneticDepth--;
      } else if (name === 'c' && cell && row) {
        if (cell.column < maxColumns) {
          const value = cellValue(cell.type, text, shared);
          if (value !== null) row.cells[cell.column] = value;
        }
        nextColumn = cell.column + 1;
        cell = null;
      } else if (name === 'row' && row) {
        if (row.cells.length) {
          for (let i = 0; i < row.cells.length; i++) row.cells[i] ??= null;
          pending.push(row);
        }
        lastNumber = row.number;
        row = null;
      } else if (name === 'sheetData') {
        ended = true;
      }
    },
  });
  for await (const step of steps) {
    void step;
    if (pending.length) {
      yield pending;
      pending = [];
    }
    if (ended) return;
  }
  if (pending.length) yield pending;
}

export async function* xlsxRows(data: Buffer, limits: SheetLimits): AsyncGenerator<SpreadsheetRow[]> {
  const entries = zipEntries(data);
  if (declaredSize(entries) > limits.maxUnpackedBytes) throw new SheetFailure('tooLarge');
  const budget = { left: limits.maxUnpackedBytes };
  const parts = await workbookParts(data, entries, budget);
  if (!parts.sheet) return;
  const sheet = entries.get(parts.sheet);
  if (!sheet) throw new SheetFailure('format');
  const sharedStrings = parts.sharedStrings ? entries.get(parts.sharedStrings) : undefined;
  await measureEntries(data, sharedStrings ? [sharedStrings, sheet] : [sheet], budget.left);
  const shared = await readSharedStrings(data, sharedStrings, budget);
  yield* sheetRows(data, sheet, budget, shared, limits.maxColumns);
}
