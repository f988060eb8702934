/** What the spreadsheet reader and its worker share: the rows they yield, the limits they keep, how they fail. */

export type SpreadsheetKind = 'xlsx' | 'csv';

/**
 * A cell as the file holds it: xlsx numbers and booleans keep their type (a date is its Excel serial number, as
 * styles are not read), csv cells are text; an empty cell is null.
 */
export type SpreadsheetCell = string | number | boolean | null;

export interface SpreadsheetRow {
  /** The row's number as the spreadsheet shows it (1-based), for messages such as "строка 15". */
  number: number;
  /** By column, A first; empty cells inside the row are null, rows without any value are not yielded. */
  cells: SpreadsheetCell[];
}

export interface SheetLimits {
  maxRows: number;
  /** Columns beyond this one are not read. */
  maxColumns: number;
  /** The bytes an xlsx may unpack to, counted both from its directory and while inflating. */
  maxUnpackedBytes: number;
}

export type SheetFailureReason = 'format' | 'tooLarge' | 'tooManyRows' | 'timeout';

/** A file the reader refuses: corrupt or not a spreadsheet, too large unpacked, too many rows, too slow. */
export class SheetFailure extends Error {
  constructor(readonly reason: SheetFailureReason) {
    super(`spreadsheet refused: ${reason}`);
  }
}

/** Excel's own limit of a cell's text; longer text (only a crafted file has it) is cut. */
export const MAX_CELL_TEXT = 32_767;

/** A spreadsheet's bytes in memory, or the path of a file the worker reads itself (an upload's scratch file). */
export type SheetSource = Uint8Array | { path: string };

export interface WorkerInput {
  kind: SpreadsheetKind;
  data: SheetSource;
  limits: SheetLimits;
}

/** Reader → worker: a file to read, or the next batch of the file being read. */
export type ReaderMessage = { type: 'read'; input: WorkerInput } | { type: 'more' };

/** Worker → reader. After each `rows` the worker waits for the reader's next "more". */
export type WorkerMessage = { type: 'rows'; rows: SpreadsheetRow[] } | { type: 'done' } | { type: 'failed'; reason: SheetFailureReason };
