import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { CLIENT_COLUMN_TITLE as TITLE, type ClientListItem, type ClientSort } from '@b2b/contracts/clients';
import { CLIENTS_UI } from '@/features/clients/clients-text';
import { sortOrderOf } from '@/features/clients/components/table-params';
import { formatDate, formatDateTime } from '@/shared/formatters/format-date';
import { formatMoney } from '@/shared/formatters/format-money';

const LOYALTY_SORTS: ClientSort[] = ['STATUS', 'BALANCE', 'CARD_CODE', 'IS_AVAIL', 'ENABLED', 'ENABLED_DATE'];

const yesNo = (v: 'Y' | 'N' | null) => (v === null ? '' : v === 'Y' ? CLIENTS_UI.yes : CLIENTS_UI.no);

/** What each column shows (back-office.md §2 client list). */
const CELL: Record<ClientSort, (c: ClientListItem) => React.ReactNode> = {
  NAME: (c) => (
    <Link to={`/partner/clients/${c.ID}/info`} data-testid={`client-link-${c.ID}`}>
      {c.NAME}
    </Link>
  ),
  PRICE_TYPE: (c) => [c.PRICE_TYPE.NAME, c.COLUMN?.NAME].filter(Boolean).join(' / '),
  REGISTRATION_DATE: (c) => formatDateTime(c.REGISTRATION_DATE),
  ORDERS_COUNT: (c) => c.ORDERS_COUNT,
  ORDERS_AVERAGE: (c) => formatMoney(c.ORDERS_AVERAGE),
  ORDERS_SUM: (c) => formatMoney(c.ORDERS_SUM),
  LAST_ORDER: (c) =>
    c.LAST_ORDER && (
      <span>
        <Link to={`/partner/orderlist/${c.LAST_ORDER.ID}`}>
          {CLIENTS_UI.lastOrderOf(c.LAST_ORDER.ORDER_NUMBER, formatDate(c.LAST_ORDER.CREATE_DATE))}
        </Link>{' '}
        <Tag>{c.LAST_ORDER.STATUS.STATUS_NAME}</Tag>
      </span>
    ),
  STATUS: (c) => c.STATUS,
  BALANCE: (c) => (c.BALANCE === null ? '' : formatMoney(c.BALANCE)),
  CARD_CODE: (c) => c.CARD_CODE,
  IS_AVAIL: (c) => (c.IS_AVAIL === 'Y' ? CLIENTS_UI.connected : CLIENTS_UI.notConnected),
  ENABLED: (c) => yesNo(c.ENABLED),
  ENABLED_DATE: (c) => formatDate(c.ENABLED_DATE),
};

const NUMERIC: ClientSort[] = ['ORDERS_COUNT', 'ORDERS_AVERAGE', 'ORDERS_SUM', 'BALANCE'];

/** The columns of the client list, every one sortable on the server; loyalty columns only when loyalty is on. */
export function clientColumns(opts: { loyalty: boolean; sort: string; order: string }): ColumnsType<ClientListItem> {
  const keys = (Object.keys(CELL) as ClientSort[]).filter((k) => opts.loyalty || !LOYALTY_SORTS.includes(k));
  return keys.map((key) => ({
    key,
    dataIndex: key,
    title: <span data-testid={`column-${key}`}>{TITLE[key]}</span>,
    render: (_: unknown, c: ClientListItem) => CELL[key](c),
    onCell: () => ({ 'data-col': key }) as React.HTMLAttributes<HTMLElement>,
    sorter: true,
    sortDirections: ['ascend', 'descend', 'ascend'],
    sortOrder: sortOrderOf({ sort: opts.sort, order: opts.order }, key),
    align: NUMERIC.includes(key) ? 'right' : undefined,
  }));
}
