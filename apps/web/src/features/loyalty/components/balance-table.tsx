import { Table, Tag, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { LOYALTY_OPERATION_LABEL, type LoyaltyOperationRow } from '@b2b/contracts/loyalty';
import { BALANCE_DEFAULTS, type BalanceRequest, pagerOf, pagerPatch } from '@/features/loyalty/loyalty-list-params';
import { LOYALTY_UI } from '@/features/loyalty/loyalty-text';
import { formatDate, formatDateTime } from '@/shared/formatters/format-date';
import { formatPoints } from '@/shared/formatters/format-points';
import type { ListParamsPatch } from '@/shared/list-params/list-params';
import { wideTable } from '@/shared/ui/wide-table';

const T = LOYALTY_UI.balance;
const C = T.columns;

const columns: TableColumnsType<LoyaltyOperationRow> = [
  { key: 'CLIENT', title: C.CLIENT, render: (_, row) => <span data-testid="balance-client">{row.CLIENT.NAME}</span> },
  {
    key: 'TITLE',
    title: C.TITLE,
    render: (_, row) => (
      <div>
        <span data-testid="balance-title">{row.TITLE}</span>
        {row.ORDER_ID !== null && (
          <Link to={`/partner/orderlist/${row.ORDER_ID}`} style={{ display: 'block', fontSize: 12 }}>
            {T.toOrder(row.ORDER_ID)}
          </Link>
        )}
      </div>
    ),
  },
  {
    key: 'OPERATION',
    title: C.OPERATION,
    render: (_, row) => (
      <Tag data-testid="balance-operation" data-operation={row.OPERATION}>
        {LOYALTY_OPERATION_LABEL[row.OPERATION]}
      </Tag>
    ),
  },
  {
    key: 'BONUS_CNT',
    title: C.BONUS_CNT,
    align: 'right',
    render: (_, row) => (
      <Typography.Text type={Number(row.BONUS_CNT) < 0 ? 'danger' : 'success'} data-testid="balance-points" data-value={row.BONUS_CNT}>
        {Number(row.BONUS_CNT) > 0 ? '+' : ''}
        {formatPoints(row.BONUS_CNT)}
      </Typography.Text>
    ),
  },
  { key: 'COMMENT', title: C.COMMENT, render: (_, row) => <span data-testid="balance-comment">{row.COMMENT || LOYALTY_UI.none}</span> },
  { key: 'DATE', title: C.DATE, render: (_, row) => formatDateTime(row.DATE) },
  { key: 'DATE_BURN', title: C.DATE_BURN, render: (_, row) => formatDate(row.DATE_BURN) || LOYALTY_UI.none },
];

interface Props {
  request: BalanceRequest;
  rows: LoyaltyOperationRow[];
  total: number;
  loading: boolean;
  onChange: (patch: ListParamsPatch) => void;
}

/** The ledger's movements: client, title, operation, signed points, comment, date and burn date (§3 history columns). */
export function BalanceTable({ request, rows, total, loading, onChange }: Props) {
  return (
    <Table<LoyaltyOperationRow>
      rowKey="ID"
      size="middle"
      {...wideTable(columns)}
      dataSource={rows}
      loading={loading}
      data-testid="balance-table"
      onRow={(row) => ({ 'data-testid': 'balance-row', 'data-id': row.ID }) as React.HTMLAttributes<HTMLElement>}
      pagination={pagerOf(request, total)}
      onChange={(page) => onChange(pagerPatch(BALANCE_DEFAULTS, page.current ?? 1, page.pageSize ?? request.limit, request))}
      locale={{ emptyText: <span data-testid="balance-empty">{T.empty}</span> }}
    />
  );
}
