import { Table, Typography } from 'antd';
import type { TableColumnsType, TablePaginationConfig } from 'antd';
import type { SortOrder, SorterResult } from 'antd/es/table/interface';
import { Link } from 'react-router';
import { LIMITS } from '@b2b/contracts/limits';
import { MSG } from '@b2b/contracts/messages';
import type { OrderListItem } from '@b2b/contracts/orders';
import { OrderStatusTag } from '@/features/orders/components/order-status-tag';
import { formatAmount } from '@/features/orders/order-format';
import { type OrderListRequest, type OrderSort, columnSortOrder, pageOf, pagePatch, sortPatch } from '@/features/orders/order-list-params';
import { ORDER_UI } from '@/features/orders/order-text';
import { formatDate } from '@/shared/formatters/format-date';
import type { ListParamsPatch } from '@/shared/list-params/list-params';
import { UI } from '@/shared/ui-text';
import { formatCount } from '@/shared/formatters/format-number';
import { wideTable } from '@/shared/ui/wide-table';

/** Checkboxes for choosing accepted (VIEWED) orders: only they can go to the distribution-centre basket. */
export interface OrderChoice {
  chosen: number[];
  onChange: (ids: number[]) => void;
}

/**
 * The order list: sortable columns, paging 12/24/36, the empty text of the spec; for editors, a choice of orders;
 * for the manager, the partner of each order.
 */
export function OrdersTable({
  request,
  rows,
  total,
  loading,
  onChange,
  choice,
  showShop,
  sorts,
}: {
  request: OrderListRequest;
  rows: OrderListItem[];
  total: number;
  loading: boolean;
  onChange: (patch: ListParamsPatch) => void;
  choice?: OrderChoice;
  /** The manager's list: a column naming each order's partner (SHOP). */
  showShop?: boolean;
  /** The columns the server can sort by (all of them unless told). */
  sorts?: readonly OrderSort[];
}) {
  const sortable = (key: OrderSort) =>
    sorts && !sorts.includes(key)
      ? { key }
      : {
          key,
          sorter: true,
          sortOrder: columnSortOrder(request, key),
          // The date column starts newest first; a third click goes back to the default sort.
          sortDirections: (key === 'CREATE_DATE' ? ['descend', 'ascend'] : ['ascend', 'descend']) as SortOrder[],
        };

  const columns: TableColumnsType<OrderListItem> = [
    {
      title: ORDER_UI.columns.number,
      ...sortable('ORDER_NUMBER'),
      render: (_, order) => (
        <Link to={`/partner/orderlist/${order.ID}`} data-testid="order-link">
          {order.ORDER_NUMBER}
        </Link>
      ),
    },
    {
      title: ORDER_UI.columns.date,
      ...sortable('CREATE_DATE'),
      render: (_, order) => <span data-testid="order-date">{formatDate(order.CREATE_DATE)}</span>,
    },
    ...(showShop
      ? [{ title: UI.partner, key: 'SHOP', render: (_: unknown, order: OrderListItem) => <span data-testid="order-shop">{order.SHOP.NAME}</span> }]
      : []),
    {
      title: ORDER_UI.columns.client,
      ...sortable('CLIENT'),
      render: (_, order) => <span data-testid="order-client">{order.CLIENT.NAME}</span>,
    },
    {
      title: ORDER_UI.columns.status,
      ...sortable('STATUS'),
      render: (_, order) => <OrderStatusTag code={order.STATUS.STATUS_CODE} testId="order-row-status" />,
    },
    {
      title: ORDER_UI.columns.positions,
      ...sortable('POSITION_COUNT'),
      align: 'right',
      render: (_, order) => formatCount(order.POSITION_COUNT),
    },
    {
      title: ORDER_UI.columns.sum,
      ...sortable('POSITION_SUM'),
      align: 'right',
      render: (_, order) => (
        <Typography.Text style={{ whiteSpace: 'nowrap' }} data-testid="order-sum">
          {formatAmount(order.POSITION_SUM, 'RUB')}
        </Typography.Text>
      ),
    },
    {
      title: ORDER_UI.columns.paymentType,
      key: 'PAYMENT_TYPE',
      render: (_, order) => order.PAYMENT_TYPE.NAME,
    },
  ];

  const pagination: TablePaginationConfig = {
    current: pageOf(request.offset, request.limit),
    pageSize: request.limit,
    total,
    showSizeChanger: true,
    pageSizeOptions: LIMITS.pageSizeChoices.map(String),
    hideOnSinglePage: false,
  };

  return (
    <div data-testid="orders-table" data-loading={loading ? 'true' : 'false'}>
      <Table<OrderListItem>
        rowKey="ID"
        size="middle"
        {...wideTable(columns)}
        dataSource={rows}
        loading={loading}
        pagination={pagination}
        rowSelection={
          choice && {
            selectedRowKeys: choice.chosen,
            onChange: (keys) => choice.onChange(keys.map(Number)),
            getCheckboxProps: (order) => ({
              disabled: order.STATUS.STATUS_CODE !== 'VIEWED',
              title: order.STATUS.STATUS_CODE !== 'VIEWED' ? ORDER_UI.chosen.hint : undefined,
              'data-testid': 'order-choose',
            }),
          }
        }
        onRow={(order) => ({ 'data-testid': 'order-row', 'data-status': order.STATUS.STATUS_CODE }) as React.HTMLAttributes<HTMLElement>}
        locale={{ emptyText: <span data-testid="orders-empty">{MSG.ordersEmpty}</span> }}
        onChange={(page, _filters, sorter, extra) => {
          if (extra.action === 'sort') {
            const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<OrderListItem>;
            onChange(sortPatch(s.columnKey as OrderSort | undefined, s.order ?? null));
          } else if (extra.action === 'paginate') {
            onChange(pagePatch(page.current ?? 1, page.pageSize ?? request.limit, request.limit));
          }
        }}
      />
    </div>
  );
}
