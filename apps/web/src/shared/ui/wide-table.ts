import type { TableColumnsType, TableProps } from 'antd';

/**
 * A list table wider than its place (issue 39 §4): its columns take the width their content needs, the table scrolls
 * horizontally inside itself — never the page — and its first column (what names the row) stays in view while it
 * does. One setting for every such table of the back office:
 *
 *   <Table<Row> {...wideTable(columns)} rowKey="ID" dataSource={rows} />
 *
 * A first column that already says where it is fixed keeps it; a selection column before it is fixed with it (antd).
 */
export function wideTable<T>(columns: TableColumnsType<T>): Required<Pick<TableProps<T>, 'columns' | 'scroll'>> {
  return { columns: fixFirstColumn(columns), scroll: { x: 'max-content' } };
}

/** The columns with the first one fixed at the left edge. */
export function fixFirstColumn<T>(columns: TableColumnsType<T>): TableColumnsType<T> {
  const [first, ...rest] = columns;
  if (!first || first.fixed !== undefined) return columns;
  return [{ ...first, fixed: 'left' }, ...rest];
}
