import { Button, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { Link } from 'react-router';
import { LOYALTY_MEMBER_SORTS, type LoyaltyMemberRow } from '@b2b/contracts/loyalty';
import { filterPatch, pagerOf, pagerPatch, PARTICIPATION_DEFAULTS, type ParticipationRequest } from '@/features/loyalty/loyalty-list-params';
import { LOYALTY_UI } from '@/features/loyalty/loyalty-text';
import { formatDate } from '@/shared/formatters/format-date';
import { formatPoints } from '@/shared/formatters/format-points';
import type { ListParamsPatch } from '@/shared/list-params/list-params';
import { wideTable } from '@/shared/ui/wide-table';

const T = LOYALTY_UI.participation;

export type MemberAction = 'connect' | 'disconnect' | 'status' | 'adjust';

type MemberSort = (typeof LOYALTY_MEMBER_SORTS)[number];
const isSort = (key: unknown): key is MemberSort => (LOYALTY_MEMBER_SORTS as readonly unknown[]).includes(key);

/** A member takes part when it is in the programme (IS_AVAIL) and not switched off (ENABLED). */
export const isConnected = (row: LoyaltyMemberRow) => row.IS_AVAIL === 'Y' && row.ENABLED === 'Y';

function MemberTag({ row }: { row: LoyaltyMemberRow }) {
  if (isConnected(row)) return <Tag color="green">{T.connected}</Tag>;
  return row.IS_AVAIL === 'Y' ? <Tag color="orange">{T.off}</Tag> : <Tag>{T.notConnected}</Tag>;
}

interface Props {
  request: ParticipationRequest;
  rows: LoyaltyMemberRow[];
  total: number;
  loading: boolean;
  canManage: boolean;
  onChange: (patch: ListParamsPatch) => void;
  onAction: (action: MemberAction, row: LoyaltyMemberRow) => void;
}

/** The clients with their loyalty rows (§3 Client loyalty row) and the row actions of a loyalty manager. */
export function ParticipationTable({ request, rows, total, loading, canManage, onChange, onAction }: Props) {
  const sorted = (key: MemberSort): SortOrder => (request.sort === key ? (request.order === 'ASC' ? 'ascend' : 'descend') : null);
  const columns: TableColumnsType<LoyaltyMemberRow> = [
    {
      key: 'NAME',
      title: T.name,
      sorter: true,
      sortOrder: sorted('NAME'),
      render: (_, row) => (
        <div>
          <Link to={`/partner/clients/${row.ID}`} data-testid="participation-name">
            {row.NAME}
          </Link>
          {row.INN && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {row.INN}
            </Typography.Text>
          )}
        </div>
      ),
    },
    { key: 'member', title: T.member, render: (_, row) => <MemberTag row={row} /> },
    {
      key: 'BALANCE',
      title: T.balance,
      align: 'right',
      sorter: true,
      sortOrder: sorted('BALANCE'),
      render: (_, row) => (
        <span data-testid="participation-balance" data-value={row.BALANCE}>
          {row.IS_AVAIL === 'Y' ? formatPoints(row.BALANCE) : LOYALTY_UI.none}
        </span>
      ),
    },
    {
      key: 'status',
      title: T.status,
      render: (_, row) =>
        row.STATUS ? (
          <span data-testid="participation-status">
            {row.STATUS.TITLE}
            {row.DATE_STATUS_END ? ` ${T.statusUntil} ${formatDate(row.DATE_STATUS_END)}` : ''}
          </span>
        ) : (
          LOYALTY_UI.none
        ),
    },
    { key: 'CARD_CODE', title: T.card, sorter: true, sortOrder: sorted('CARD_CODE'), render: (_, row) => row.CARD_CODE || LOYALTY_UI.none },
    {
      key: 'ENABLED_DATE',
      title: T.enabledDate,
      sorter: true,
      sortOrder: sorted('ENABLED_DATE'),
      render: (_, row) => formatDate(row.ENABLED_DATE) || LOYALTY_UI.none,
    },
  ];
  if (canManage) {
    columns.push({
      key: 'actions',
      title: T.actions,
      fixed: 'right',
      render: (_, row) => (
        <Flex gap={4}>
          {isConnected(row) ? (
            <Button size="small" onClick={() => onAction('disconnect', row)} data-testid="participation-disconnect">
              {T.disconnect}
            </Button>
          ) : (
            <Button size="small" type="primary" ghost onClick={() => onAction('connect', row)} data-testid="participation-connect">
              {T.connect}
            </Button>
          )}
          {row.IS_AVAIL === 'Y' && (
            <>
              <Button size="small" onClick={() => onAction('status', row)} data-testid="participation-set-status">
                {T.setStatus}
              </Button>
              <Button size="small" onClick={() => onAction('adjust', row)} data-testid="participation-adjust">
                {T.adjust}
              </Button>
            </>
          )}
        </Flex>
      ),
    });
  }

  return (
    <Table<LoyaltyMemberRow>
      rowKey="ID"
      size="middle"
      {...wideTable(columns)}
      dataSource={rows}
      loading={loading}
      data-testid="participation-table"
      onRow={(row) => ({ 'data-testid': 'participation-row', 'data-id': row.ID }) as React.HTMLAttributes<HTMLElement>}
      pagination={pagerOf(request, total)}
      onChange={(page, _filters, sorter, extra) => {
        if (extra.action === 'sort') {
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          const sort = isSort(one?.columnKey) && one.order ? one.columnKey : null;
          onChange(filterPatch(PARTICIPATION_DEFAULTS, { sort, order: sort ? (one.order === 'ascend' ? 'ASC' : 'DESC') : null }));
        } else {
          onChange(pagerPatch(PARTICIPATION_DEFAULTS, page.current ?? 1, page.pageSize ?? request.limit, request));
        }
      }}
      locale={{ emptyText: <span data-testid="participation-empty">{T.empty}</span> }}
    />
  );
}
