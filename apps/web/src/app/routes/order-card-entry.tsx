import { RouteOrderButton } from '@/features/manager/components/route-order-button';
import { OrderCardPage } from '@/features/orders/pages/order-card-page';
import { useSession } from '@/shared/auth/session-context';

/**
 * /partner/orderlist/{id}: the partner's order card, or the manager's card of any partner's order with
 * «Передать партнеру» (issue 39 §1).
 */
export function OrderCardEntry() {
  return useSession().kind === 'manager' ? (
    <OrderCardPage variant="manager" tools={(order) => <RouteOrderButton order={order} />} />
  ) : (
    <OrderCardPage variant="partner" />
  );
}
