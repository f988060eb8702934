import { OrderCardPage } from '@/features/orders/pages/order-card-page';
import { useSession } from '@/shared/auth/session-context';

/** /partner/orderlist/{id}: the partner's order card, or the manager's card of any partner's order. */
export function OrderCardEntry() {
  return <OrderCardPage variant={useSession().kind === 'manager' ? 'manager' : 'partner'} />;
}
