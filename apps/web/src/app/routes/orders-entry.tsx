import { ManagerOrdersPage } from '@/features/manager/pages/manager-orders-page';
import { OrderListPage } from '@/features/orders/pages/order-list-page';
import { useSession } from '@/shared/auth/session-context';

/** /partner/orderlist: a partner's orders, or a manager's counters and orders across partners. */
export function OrdersEntry() {
  return useSession().kind === 'manager' ? (
    <ManagerOrdersPage>
      <OrderListPage variant="manager" />
    </ManagerOrdersPage>
  ) : (
    <OrderListPage />
  );
}
