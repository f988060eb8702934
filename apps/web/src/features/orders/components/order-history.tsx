import { Table } from 'antd';
import type { OrderCard, OrderHistoryEntry } from '@b2b/contracts/orders';
import { ORDER_UI } from '@/features/orders/order-text';
import { formatDateTime } from '@/shared/formatters/format-date';

const T = ORDER_UI.history;

/** Who did what and when (HISTORY_OPERATIONS). */
export function OrderHistory({ order }: { order: OrderCard }) {
  return (
    <div data-testid="order-history">
      <Table<OrderHistoryEntry>
        rowKey="ID"
        size="small"
        pagination={false}
        dataSource={order.HISTORY_OPERATIONS}
        locale={{ emptyText: T.empty }}
        onRow={(entry) => ({ 'data-testid': 'order-history-row', 'data-action': entry.ACTION }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: T.date, key: 'date', width: 160, render: (_, e) => formatDateTime(e.DATE) },
          { title: T.user, key: 'user', width: 240, render: (_, e) => e.USER?.NAME ?? T.system },
          { title: T.title, key: 'title', render: (_, e) => e.TITLE },
        ]}
      />
    </div>
  );
}
