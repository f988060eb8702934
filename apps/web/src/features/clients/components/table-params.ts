import type { SortOrder, SorterResult, TableCurrentDataSource, TablePaginationConfig } from 'antd/es/table/interface';
import { offsetOf } from '@/features/clients/client-list-params';
import type { ListParams, ListParamsPatch } from '@/shared/list-params/list-params';

/** The antd sort order a column shows for the list params. */
export const sortOrderOf = (params: ListParams, key: string): SortOrder =>
  params.sort === key ? (params.order === 'ASC' ? 'ascend' : 'descend') : null;

/** Sorting and paging of an antd Table, written to the list params (the server sorts and pages). */
export function tableChangeToParams<T>(limit: number, setParams: (patch: ListParamsPatch) => void) {
  return (pagination: TablePaginationConfig, _filters: unknown, sorter: SorterResult<T> | SorterResult<T>[], extra: TableCurrentDataSource<T>) => {
    if (extra.action === 'sort') {
      const s = Array.isArray(sorter) ? sorter[0] : sorter;
      setParams({ sort: s.order ? String(s.columnKey) : null, order: s.order === 'ascend' ? 'ASC' : s.order ? 'DESC' : null, offset: null });
    } else if (extra.action === 'paginate') {
      setParams({ offset: offsetOf(pagination.current ?? 1, limit) });
    }
  };
}
