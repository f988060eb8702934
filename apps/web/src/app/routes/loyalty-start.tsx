import { Navigate } from 'react-router';
import { loyaltyStartTab } from '@/shared/auth/section-access';
import { useSession } from '@/shared/auth/session-context';

export function LoyaltyStart() {
  return <Navigate to={loyaltyStartTab(useSession().rights)} replace />;
}
