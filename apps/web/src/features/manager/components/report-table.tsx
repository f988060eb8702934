import { Table, type TableColumnsType } from 'antd';
import type { ReportResult, ReportRow } from '@b2b/contracts/reports';
import { cellAlign, formatReportCell } from '@/features/manager/report-format';
import { wideTable } from '@/shared/ui/wide-table';

/** The report's rows under its COLUMNS (money with space thousands and two decimals), the totals row last. */
/** A row and its place (report rows have no id of their own). */
interface Line {
  key: number;
  row: ReportRow;
}

export function ReportTable({ result }: { result: ReportResult }) {
  const columns: TableColumnsType<Line> = result.COLUMNS.map((column) => ({
    key: column.KEY,
    title: column.TITLE,
    align: cellAlign(column.TYPE),
    render: (_, { row }) => (
      <span data-testid={`report-cell-${column.KEY}`} style={column.TYPE === 'text' ? undefined : { whiteSpace: 'nowrap' }}>
        {formatReportCell(row[column.KEY], column.TYPE)}
      </span>
    ),
  }));
  return (
    <div data-testid="report-table">
      <Table<Line>
        size="small"
        {...wideTable(columns)}
        dataSource={result.ITEMS.map((row, key) => ({ key, row }))}
        pagination={false}
        onRow={() => ({ 'data-testid': 'report-row' }) as React.HTMLAttributes<HTMLElement>}
        summary={() => (
          <Table.Summary fixed>
            <Table.Summary.Row data-testid="report-totals">
              {result.COLUMNS.map((column, i) => (
                <Table.Summary.Cell key={column.KEY} index={i} align={cellAlign(column.TYPE)}>
                  <strong style={{ whiteSpace: 'nowrap' }} data-testid={`report-total-${column.KEY}`}>
                    {formatReportCell(result.TOTALS[column.KEY], column.TYPE)}
                  </strong>
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          </Table.Summary>
        )}
      />
    </div>
  );
}
