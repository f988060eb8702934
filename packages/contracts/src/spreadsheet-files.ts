import { SPREADSHEET_EXTENSIONS } from './limits';

/*
 * The spreadsheets the server reads (price, remains, multiplicity, promo and exclusion files), told by the name as the
 * web and the server both see it (issue 39 §3). The server checks the content again: an .xlsx holding the old binary
 * format is refused there by its bytes.
 */

/** The Upload's `accept`: «.xlsx,.csv». */
export const SPREADSHEET_ACCEPT = SPREADSHEET_EXTENSIONS.map((e) => `.${e}`).join(',');

const extensionOf = (name: string) => /\.([^.\\/]+)$/.exec(name.trim())?.[1]?.toLowerCase() ?? '';

/**
 * Why a file of this name is not read: `old-excel` for the old binary .xls (its own message, MSG.spreadsheetOldExcel),
 * `type` for any other extension, null for .xlsx and .csv.
 */
export function spreadsheetNameProblem(name: string): 'old-excel' | 'type' | null {
  const extension = extensionOf(name);
  if (extension === 'xls') return 'old-excel';
  return (SPREADSHEET_EXTENSIONS as readonly string[]).includes(extension) ? null : 'type';
}
