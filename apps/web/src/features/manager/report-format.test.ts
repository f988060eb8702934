import { describe, expect, it } from 'vitest';
import type { ReportResult } from '@b2b/contracts/reports';
import { formatPercent } from '@/shared/formatters/format-number';
import { axisOf, cellAlign, chartColumn, chartPoints, formatReportCell } from './report-format';

describe('formatReportCell', () => {
  it('shows money with space thousands and two decimals', () => {
    expect(formatReportCell('1234567.5', 'money')).toBe('1 234 567,50');
    expect(formatReportCell('0.00', 'money')).toBe('0,00');
  });
  it('shows counts whole, shares with a percent sign, text as it is', () => {
    expect(formatReportCell(12345, 'count')).toBe('12 345');
    expect(formatReportCell('12.345', 'percent')).toBe('12,35 %');
    expect(formatReportCell('Итого', 'text')).toBe('Итого');
    expect(formatReportCell(100234, 'text')).toBe('100234');
  });
  it('shows a percent in ru-RU: «12,5 %», no trailing zeros', () => {
    expect(formatReportCell('12.50', 'percent')).toBe('12,5 %');
    expect(formatReportCell('100.00', 'percent')).toBe('100 %');
    expect(formatReportCell('1250.00', 'percent')).toBe('1 250 %');
    expect(formatPercent('0.00')).toBe('0 %');
    expect(formatPercent(-3.1)).toBe('-3,1 %');
  });
  it('leaves a missing value empty', () => {
    expect(formatReportCell(undefined, 'money')).toBe('');
    expect(formatReportCell(null, 'count')).toBe('');
    expect(formatReportCell('', 'text')).toBe('');
  });
  it('aligns numbers right', () => {
    expect(cellAlign('money')).toBe('right');
    expect(cellAlign('text')).toBe('left');
  });
});

describe('chartPoints', () => {
  const result: Pick<ReportResult, 'ITEMS' | 'CHART' | 'COLUMNS'> = {
    COLUMNS: [
      { KEY: 'NAME', TITLE: 'Наименование', TYPE: 'text' },
      { KEY: 'REVENUE', TITLE: 'Выручка, ₽', TYPE: 'money' },
    ],
    ITEMS: [
      { NAME: 'Бумага', REVENUE: '1500.50' },
      { NAME: 'Ручки', REVENUE: null },
    ],
    CHART: { X: 'NAME', Y: 'REVENUE', KIND: 'bar' },
  };
  it('takes X for the names and Y for the values', () => {
    expect(chartPoints(result)).toEqual([
      { name: 'Бумага', value: 1500.5 },
      { name: 'Ручки', value: 0 },
    ]);
  });
  it("finds the value column's title and type", () => {
    expect(chartColumn(result)).toEqual({ KEY: 'REVENUE', TITLE: 'Выручка, ₽', TYPE: 'money' });
  });
});

describe('axisOf', () => {
  it('gives a count whole ticks only, never a repeated 0 1 1 2 2', () => {
    const axis = axisOf('count');
    expect(axis.allowDecimals).toBe(false);
    expect([0, 1, 2, 3, 4].map(axis.tick)).toEqual(['0', '1', '2', '3', '4']);
    expect(axis.tick(12000)).toBe('12 000');
  });
  it('shows money and percent ticks with their decimals where they have them', () => {
    expect(axisOf('money').allowDecimals).toBe(true);
    expect([0, 0.5, 1, 1.5].map(axisOf('money').tick)).toEqual(['0', '0,50', '1', '1,50']);
    expect(axisOf('money').tick(2500000)).toBe('2 500 000');
    expect(axisOf('percent').tick(12.5)).toBe('12,5 %');
  });
});
