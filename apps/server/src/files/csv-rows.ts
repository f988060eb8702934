import { isUtf8 } from 'node:buffer';
import { MAX_CELL_TEXT, type SheetLimits, type SpreadsheetCell, type SpreadsheetRow } from './sheet-types';

/**
 * The rows of a csv as Russian Excel saves it: UTF-8 (with or without a BOM), else Windows-1251; separated by
 * semicolons, commas or tabs (told from the first lines); fields may be quoted, with "" for a quote and line
 * breaks inside. Decoded and parsed chunk by chunk; a batch of rows per chunk.
 */

const CHUNK = 64 * 1024;
const SAMPLE_LINES = 20;
/** In this order when the first lines hold as many of each. */
const SEPARATORS = [';', '\t', ','] as const;

/** The separator most used outside quotes in the first lines. */
export function detectSeparator(sample: string): string {
  const counts = new Map<string, number>(SEPARATORS.map((s) => [s, 0]));
  let quoted = false;
  let lines = 0;
  for (const char of sample) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === '\n' && ++lines >= SAMPLE_LINES) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best: string = SEPARATORS[0];
  for (const s of SEPARATORS) if ((counts.get(s) ?? 0) > (counts.get(best) ?? 0)) best = s;
  return best;
}

export async function* csvRows(data: Buffer, limits: SheetLimits): AsyncGenerator<SpreadsheetRow[]> {
  const encoding = isUtf8(data) ? 'utf-8' : 'windows-1251';
  const separator = detectSeparator(new TextDecoder(encoding).decode(data.subarray(0, CHUNK)));
  const decoder = new TextDecoder(encoding);

  let pending: SpreadsheetRow[] = [];
  let cells: SpreadsheetCell[] = [];
  let field = '';
  let number = 1;
  let inQuotes = false;
  /** A quote inside a quoted field: a doubled quote if another follows, else the field's closing quote. */
  let quoteSeen = false;
  /** The \n of a \r\n that ended the row. */
  let skipLineFeed = false;

  const endField = () => {
    if (cells.length < limits.maxColumns) cells.push(field === '' ? null : field);
    field = '';
  };
  const endRow = () => {
    endField();
    if (cells.some((c) => c !== null)) {
      while (cells[cells.length - 1] === null) cells.pop();
      pending.push({ number, cells });
    }
    cells = [];
    number++;
  };
  const add = (char: string) => {
    if (field.length < MAX_CELL_TEXT) field += char;
  };

  const consume = (text: string) => {
    for (const char of text) {
      if (skipLineFeed) {
        skipLineFeed = false;
        if (char === '\n') continue;
      }
      if (quoteSeen) {
        quoteSeen = false;
        if (char === '"') {
          add('"');
          continue;
        }
        inQuotes = false;
      }
      if (inQuotes) {
        if (char === '"') quoteSeen = true;
        else add(char);
      } else if (char === '"' && field === '') {
        inQuotes = true;
      } else if (char === separator) {
        endField();
      } else if (char === '\n' || char === '\r') {
        endRow();
        skipLineFeed = char === '\r';
      } else {
        add(char);
      }
    }
  };

  for (let offset = 0; offset < data.length; offset += CHUNK) {
    consume(decoder.decode(data.subarray(offset, offset + CHUNK), { stream: true }));
    if (pending.length) {
      yield pending;
      pending = [];
    }
  }
  consume(decoder.decode());
  if (field !== '' || cells.length) endRow();
  if (pending.length) yield pending;
}
