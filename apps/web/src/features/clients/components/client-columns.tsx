import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { CLIENT_COLUMN_TITLE as TITLE, CLIENT_LOYALTY_SORTS, type ClientListItem, type ClientSort } from '@b2b/contracts/clients';
import { CLIENTS_UI } from '@/features/clients/clients-text';
import { sortOrderOf } from '@/features/clients/components/table-params';
import { formatDate, formatDateTime } from '@/shared/formatters/format-date';
import { formatMoney } from '@/shared/formatters/format-money';
import { formatCount } from '@/shared/formatters/format-number';

const yesNo = (v: 'Y' | 'N' | null | undefined) => (v == null ? '' : v === 'Y' ? CLIENTS_UI.yes : CLIENTS_UI.no);

/** What each column shows (back-office.md §2 client list). */
const CELL: Record<ClientSort, (c: ClientListItem) => React.ReactNode> = {
  NAME: (c) => (
    <Link to={`/partner/clients/${c.ID}/info`} data-testid={`client-link-${c.ID}`}>
      {c.NAME}
    </Link>
  ),
  PRICE_TYPE: (c) => [c.PRICE_TYPE?.NAME, c.COLUMN?.NAME].filter(Boolean).join(' / '),
  REGISTRATION_DATE: (c) => formatDateTime(c.REGISTRATION_DATE),
  ORDERS_COUNT: (c) => formatCount(c.ORDERS_COUNT),
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
  BALANCE: (c) => (c.BALANCE == null ? '' : formatMoney(c.BALANCE)),
  CARD_CODE: (c) => c.CARD_CODE,
  IS_AVAIL: (c) => (c.IS_AVAIL === 'Y' ? CLIENTS_UI.connected : CLIENTS_UI.notConnected),
  ENABLED: (c) => yesNo(c.ENABLED),
  ENABLED_DATE: (c) => formatDate(c.ENABLED_DATE ?? null),
};

/** The name with a mark for a blacklisted client, where such clients are listed with the others (a group's members). */
const nameWithMark = (c: ClientListItem) => (
  <>
    {CELL.NAME(c)}
    {c.BLACKLIST === 'Y' && (
      <Tag color="red" style={{ marginLeft: 8 }} data-testid={`client-blacklisted-${c.ID}`}>
        {CLIENTS_UI.blacklistedTag}
      </Tag>
    )}
  </>
);

const NUMERIC: ClientSort[] = ['ORDERS_COUNT', 'ORDERS_AVERAGE', 'ORDERS_SUM', 'BALANCE'];

/**
 * The columns of the client list, every one sortable on the server: the loyalty columns for the roles with the
 * loyalty part of clients when the programme is on, the price type for the roles that view it (§6).
 */
export function clientColumns(opts: {
  loyalty: boolean;
  priceType: boolean;
  markBlacklisted?: boolean;
  sort: string;
  order: string;
}): ColumnsType<ClientListItem> {
  const keys = (Object.keys(CELL) as ClientSort[])
    .filter((k) => opts.loyalty || !CLIENT_LOYALTY_SORTS.includes(k))
    .filter((k) => opts.priceType || k !== 'PRICE_TYPE');
  return keys.map((key) => ({
    key,
    dataIndex: key,
    title: <span data-testid={`column-${key}`}>{TITLE[key]}</span>,
    render: (_: unknown, c: ClientListItem) => (key === 'NAME' && opts.markBlacklisted ? nameWithMark(c) : CELL[key](c)),
    onCell: () => ({ 'data-col': key }) as React.HTMLAttributes<HTMLElement>,
    sorter: true,
    sortDirections: ['ascend', 'descend', 'ascend'],
    sortOrder: sortOrderOf({ sort: opts.sort, order: opts.order }, key),
    align: NUMERIC.includes(key) ? 'right' : undefined,
  }));
}
