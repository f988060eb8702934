import { describe, expect, it } from 'vitest';
import { SPREADSHEET_ACCEPT, spreadsheetNameProblem } from './spreadsheet-files';

describe('spreadsheet file names (issue 39 §3)', () => {
  it('takes .xlsx and .csv in any case, and offers them to the chooser', () => {
    expect(spreadsheetNameProblem('Прайс.XLSX')).toBeNull();
    expect(spreadsheetNameProblem(' prices.csv ')).toBeNull();
    expect(SPREADSHEET_ACCEPT).toBe('.xlsx,.csv');
  });
  it('tells the old .xls apart from any other type', () => {
    expect(spreadsheetNameProblem('prices.xls')).toBe('old-excel');
    expect(spreadsheetNameProblem('Акция.XLS')).toBe('old-excel');
    expect(spreadsheetNameProblem('prices.xls.pdf')).toBe('type');
    expect(spreadsheetNameProblem('prices.ods')).toBe('type');
    expect(spreadsheetNameProblem('xlsx')).toBe('type');
    expect(spreadsheetNameProblem('')).toBe('type');
  });
});
