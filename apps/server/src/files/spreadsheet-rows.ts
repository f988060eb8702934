import { csvRows } from './csv-rows';
import { SheetFailure, type SheetLimits, type SpreadsheetKind, type SpreadsheetRow } from './sheet-types';
import { xlsxRows } from './xlsx-rows';

/**
 * The rows of a spreadsheet in batches, in the calling thread: the spreadsheet worker runs it, tests call it
 * directly. Past `maxRows` rows with a value the file is refused (no partial read is ever complete).
 */
export async function* spreadsheetRows(kind: SpreadsheetKind, data: Buffer, limits: SheetLimits): AsyncGenerator<SpreadsheetRow[]> {
  let count = 0;
  for await (const rows of kind === 'xlsx' ? xlsxRows(data, limits) : csvRows(data, limits)) {
    count += rows.length;
    if (count > limits.maxRows) throw new SheetFailure('tooManyRows');
    yield rows;
  }
}
