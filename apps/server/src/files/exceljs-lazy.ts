import type ExcelJS from 'exceljs';

let loaded: Promise<typeof ExcelJS> | undefined;

/**
 * ExcelJS, loaded when the first spreadsheet is written rather than when the server starts: its import costs
 * 0.5 s of every server process's start (measured 503 ms), and a server restarted after a crash answers that much
 * sooner (issue 37.2).
 */
export const loadExcelJs = (): Promise<typeof ExcelJS> => (loaded ??= import('exceljs').then((m) => m.default));
