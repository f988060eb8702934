import { Button, Space, Table } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table/interface';
import { Link } from 'react-router';
import { GROUP_COLUMN_TITLE, type GroupListAnswer, type GroupListItem, type GroupSort } from '@b2b/contracts/clients';
import { ACTION_LABEL, MSG } from '@b2b/contracts/messages';
import { pageOf } from '@/features/clients/client-list-params';
import { sortOrderOf, tableChangeToParams } from '@/features/clients/components/table-params';
import { formatDate } from '@/shared/formatters/format-date';
import type { ListParams, ListParamsPatch } from '@/shared/list-params/list-params';
import { formatCount } from '@/shared/formatters/format-number';
import { wideTable } from '@/shared/ui/wide-table';

const CELL: Record<GroupSort, (g: GroupListItem) => React.ReactNode> = {
  ID: (g) => g.ID,
  NAME: (g) => (
    <Link to={`/partner/clients/groups/${g.ID}`} data-testid={`group-link-${g.ID}`}>
      {g.NAME}
    </Link>
  ),
  DESCRIPTION: (g) => g.DESCRIPTION || MSG.noDescription,
  CREATE_DATE: (g) => formatDate(g.CREATE_DATE),
  CLIENTS_COUNT: (g) => formatCount(g.CLIENTS_COUNT),
};

interface Props {
  data: GroupListAnswer | undefined;
  loading: boolean;
  params: ListParams;
  setParams: (patch: ListParamsPatch) => void;
  onEdit?: (g: GroupListItem) => void;
  onDelete?: (g: GroupListItem) => void;
}

/** The group list: every column sorts on the server; edit and delete for those who may. */
export function GroupTable({ data, loading, params, setParams, onEdit, onDelete }: Props) {
  const limit = Number(params.limit);
  const columns: ColumnsType<GroupListItem> = (Object.keys(CELL) as GroupSort[]).map((key) => ({
    key,
    title: GROUP_COLUMN_TITLE[key],
    render: (_: unknown, g: GroupListItem) => CELL[key](g),
    sorter: true,
    sortDirections: ['ascend', 'descend', 'ascend'],
    sortOrder: sortOrderOf(params, key),
  }));
  if (onEdit && onDelete) {
    columns.push({
      key: 'actions',
      render: (_: unknown, g: GroupListItem) => (
        <Space>
          <Button size="small" icon={<EditOutlined />} onClick={() => onEdit(g)} data-testid={`group-edit-${g.ID}`}>
            {ACTION_LABEL.edit}
          </Button>
          <Button size="small" danger icon={<DeleteOutlined />} onClick={() => onDelete(g)} data-testid={`group-delete-${g.ID}`}>
            {ACTION_LABEL.delete}
          </Button>
        </Space>
      ),
    });
  }
  return (
    <Table<GroupListItem>
      data-testid="groups-table"
      rowKey="ID"
      size="middle"
      loading={loading}
      dataSource={data?.ITEMS ?? []}
      {...wideTable(columns)}
      locale={{ emptyText: <span data-testid="groups-table-empty">{MSG.groupsEmpty}</span> }}
      onRow={(g) => ({ 'data-testid': `group-row-${g.ID}` }) as React.HTMLAttributes<HTMLElement>}
      pagination={{ current: pageOf(params), pageSize: limit, total: data?.NAV.CNT ?? 0, showSizeChanger: false }}
      onChange={tableChangeToParams<GroupListItem>(limit, setParams)}
    />
  );
}
