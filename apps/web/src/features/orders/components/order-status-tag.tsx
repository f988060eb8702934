import { Tag } from 'antd';
import { ORDER_STATUS_COLOR, isOrderStatus, orderStatusLabel } from '@/features/orders/order-status';

/** A status as a coloured Tag with the spec's label (back-office.md §4). */
export function OrderStatusTag({ code, name, testId }: { code: string; name?: string | null; testId?: string }) {
  return (
    <Tag color={isOrderStatus(code) ? ORDER_STATUS_COLOR[code] : undefined} data-testid={testId} data-status={code}>
      {orderStatusLabel(code, name)}
    </Tag>
  );
}
