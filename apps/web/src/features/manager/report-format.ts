import type { ReportResult, ReportRow } from '@b2b/contracts/reports';
import { formatMoney } from '@/shared/formatters/format-money';
import { formatPercent } from '@/shared/formatters/format-number';

export type ReportColumn = ReportResult['COLUMNS'][number];
export type ReportCell = ReportRow[string] | undefined;

/**
 * A report cell as the screen shows it (back-office.md §9, ru-RU): money with space thousands and two decimals,
 * counts as whole numbers, shares «12,5 %»; text as it came. A missing value is empty.
 */
export function formatReportCell(value: ReportCell, type: ReportColumn['TYPE']): string {
  if (value === null || value === undefined || value === '') return '';
  switch (type) {
    case 'money':
      return formatMoney(value);
    case 'count':
      return formatMoney(value, 0);
    case 'percent':
      return formatPercent(value);
    case 'text':
      return String(value);
  }
}

/** Numbers line up on the right. */
export const cellAlign = (type: ReportColumn['TYPE']) => (type === 'text' ? 'left' : 'right');

export interface ChartPoint {
  name: string;
  value: number;
}

/** The chart's points: CHART.X names each row, CHART.Y is its value (the decimal strings as numbers). */
export function chartPoints(result: Pick<ReportResult, 'ITEMS' | 'CHART'>): ChartPoint[] {
  return result.ITEMS.map((row) => ({ name: String(row[result.CHART.X] ?? ''), value: Number(row[result.CHART.Y] ?? 0) || 0 }));
}

/** The column the chart's values come from (its title and type for the axis and the tooltip). */
export const chartColumn = (result: Pick<ReportResult, 'COLUMNS' | 'CHART'>): ReportColumn | undefined =>
  result.COLUMNS.find((c) => c.KEY === result.CHART.Y);

/**
 * The chart's value axis: counts have whole ticks only (an axis of 0 1 1 2 2 was 0 0,5 1 1,5 2 rounded), money and
 * percents show a tick's decimals only where it has them.
 */
export function axisOf(type: ReportColumn['TYPE']): { allowDecimals: boolean; tick: (value: number) => string } {
  if (type === 'count') return { allowDecimals: false, tick: (value) => formatMoney(value, 0) };
  const plain = (value: number) => (Number.isInteger(value) ? formatMoney(value, 0) : formatMoney(value));
  return { allowDecimals: true, tick: (value) => (type === 'percent' ? formatPercent(value) : plain(value)) };
}
