import { describe, expect, it } from 'vitest';
import type { TableColumnsType } from 'antd';
import { fixFirstColumn, wideTable } from './wide-table';

type Row = { id: number; name: string; sum: string };
const columns: TableColumnsType<Row> = [
  { title: 'Номер', dataIndex: 'id', key: 'id' },
  { title: 'Название', dataIndex: 'name', key: 'name' },
  { title: 'Сумма', dataIndex: 'sum', key: 'sum', align: 'right' },
];

describe('wideTable', () => {
  it('scrolls inside itself at the width its content needs and fixes the first column', () => {
    const props = wideTable(columns);
    expect(props.scroll).toEqual({ x: 'max-content' });
    expect(props.columns.map((c) => c.fixed)).toEqual(['left', undefined, undefined]);
    expect(props.columns[0]).toMatchObject({ title: 'Номер', key: 'id' });
    expect(props.columns.slice(1)).toEqual(columns.slice(1));
  });

  it('leaves the columns it is given as they were', () => {
    wideTable(columns);
    expect(columns[0].fixed).toBeUndefined();
  });
});

describe('fixFirstColumn', () => {
  it('keeps a first column that already says where it is fixed', () => {
    const right: TableColumnsType<Row> = [{ ...columns[0], fixed: 'right' }, columns[1]];
    expect(fixFirstColumn(right)).toBe(right);
    const unfixed: TableColumnsType<Row> = [{ ...columns[0], fixed: false }, columns[1]];
    expect(fixFirstColumn(unfixed)[0].fixed).toBe(false);
  });

  it('gives nothing for no columns', () => {
    expect(fixFirstColumn<Row>([])).toEqual([]);
  });
});
