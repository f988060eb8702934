import { Navigate } from 'react-router';
import { ClientHomePage } from '@/app/pages/lazy-pages';
import { useSession } from '@/shared/auth/session-context';

/** "/": partner staff and managers go into the partner area, a guest to sign-in, a client stays here. */
export function HomeIndex() {
  const { kind } = useSession();
  if (kind === 'guest') return <Navigate to="/login" replace />;
  if (kind === 'client') return <ClientHomePage />;
  return <Navigate to="/partner/orderlist" replace />;
}
