import { Tag } from 'antd';
import type { OrderStatus } from '@b2b/contracts/limits';
import { ORDER_STATUS_LABEL } from '@b2b/contracts/messages';
import { ORDER_STATUS_COLOR } from '@/features/orders/order-status';

/** A status as a coloured Tag with the spec's label (back-office.md §4). */
export function OrderStatusTag({ code, testId }: { code: OrderStatus; testId?: string }) {
  return (
    <Tag color={ORDER_STATUS_COLOR[code]} data-testid={testId} data-status={code}>
      {ORDER_STATUS_LABEL[code]}
    </Tag>
  );
}
