import { useState } from 'react';
import { formatPhone } from '@b2b/contracts/phone-format';
import { Alert, DatePicker, Flex, Input, Table, Tag } from 'antd';
import { Link } from 'react-router';
import { LIMITS } from '@b2b/contracts/limits';
import { MSG } from '@b2b/contracts/messages';
import type { OrderListItem } from '@b2b/contracts/orders';
import { errorText } from '@/api/error-text';
import { usePartnerInfo } from '@/api/queries/info-queries';
import { clientKeys } from '@/features/clients/api/client-keys';
import { useClientOrders } from '@/features/clients/api/client-orders-api';
import { CLIENTS_UI } from '@/features/clients/clients-text';
import { useClientId } from '@/features/clients/pages/client-card-page';
import { formatDate } from '@/shared/formatters/format-date';
import { formatMoney } from '@/shared/formatters/format-money';
import { SCREEN_DAY, isOutsideDays, paramsFromRange } from '@/shared/inputs/day-range';
import { RefreshButton } from '@/shared/ui/refresh-button';
import { formatCount } from '@/shared/formatters/format-number';
import { wideTable } from '@/shared/ui/wide-table';

const LIMIT = LIMITS.clientOrderListPageSize;

/** Заказы: the client's orders, 12 a page, with a search and a date range (back-office.md §3 client order list). */
export function ClientOrdersTab() {
  const clientId = useClientId()!;
  const info = usePartnerInfo();
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState('');
  const [dates, setDates] = useState(() => paramsFromRange(null));
  const request = {
    sort: 'CREATE_DATE',
    limit: String(LIMIT),
    offset: String((page - 1) * LIMIT),
    ...(query ? { query } : {}),
    ...(dates.date_start ? { date_start: dates.date_start } : {}),
    ...(dates.date_end ? { date_end: dates.date_end } : {}),
  };
  const orders = useClientOrders(clientId, request);
  const minDate = info.data?.ORDER_DATE.MIN_DATE;

  return (
    <div data-testid="client-orders">
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          style={{ maxWidth: 320 }}
          placeholder={CLIENTS_UI.searchOrders}
          data-testid="client-orders-search"
          onSearch={(v) => {
            setQuery(v.trim());
            setPage(1);
          }}
        />
        <span data-testid="client-orders-dates">
          <DatePicker.RangePicker
            format={SCREEN_DAY}
            allowEmpty={[true, true]}
            disabledDate={(d) => isOutsideDays(d, minDate)}
            onChange={(r) => {
              setDates(paramsFromRange(r));
              setPage(1);
            }}
          />
        </span>
        <RefreshButton queryKey={clientKeys.detail(clientId)} testId="client-orders-refresh" />
      </Flex>
      {orders.error && <Alert type="error" showIcon title={errorText(orders.error)} style={{ marginBottom: 16 }} />}
      <Table<OrderListItem>
        data-testid="client-orders-table"
        rowKey="ID"
        size="middle"
        loading={orders.isFetching}
        dataSource={orders.data?.ITEMS ?? []}
        locale={{ emptyText: <span data-testid="client-orders-empty">{MSG.ordersEmpty}</span> }}
        onRow={(o) => ({ 'data-testid': `client-order-${o.ID}` }) as React.HTMLAttributes<HTMLElement>}
        pagination={{ current: page, pageSize: LIMIT, total: orders.data?.NAV.CNT ?? 0, onChange: setPage, showSizeChanger: false }}
        {...wideTable([
          { key: 'number', title: CLIENTS_UI.orderNumber, render: (_, o) => <Link to={`/partner/orderlist/${o.ID}`}>{o.ORDER_NUMBER}</Link> },
          { key: 'date', title: CLIENTS_UI.orderDate, render: (_, o) => formatDate(o.CREATE_DATE) },
          { key: 'status', title: CLIENTS_UI.orderStatus, render: (_, o) => <Tag>{o.STATUS.STATUS_NAME}</Tag> },
          { key: 'address', title: CLIENTS_UI.orderAddress, render: (_, o) => o.ADDRESS },
          { key: 'positions', title: CLIENTS_UI.orderPositions, align: 'right', render: (_, o) => formatCount(o.POSITION_COUNT) },
          { key: 'sum', title: CLIENTS_UI.orderSum, align: 'right', render: (_, o) => `${formatMoney(o.CUR_POSITION_SUM)} ${o.CURRENCY}` },
          { key: 'base', title: CLIENTS_UI.orderSumBase, align: 'right', render: (_, o) => formatMoney(o.POSITION_SUM) },
          { key: 'phone', title: CLIENTS_UI.orderPhone, render: (_, o) => formatPhone(o.CONTACTS.PHONE) },
          {
            key: 'min',
            title: CLIENTS_UI.orderMinSum,
            align: 'right',
            render: (_, o) => <span data-testid="client-order-min-sum">{o.MIN_ORDER_SUM == null ? '—' : formatMoney(o.MIN_ORDER_SUM)}</span>,
          },
        ])}
      />
    </div>
  );
}
