import { Navigate, useLocation } from 'react-router';
import { loginPathFor } from '@/shared/auth/back-url';
import { useSession } from '@/shared/auth/session-context';
import { lazyPage } from '@/shared/ui/lazy-page';

// The shells (menu, layout) load after sign-in: the login page does not download them.
const ManagerShell = lazyPage(() => import('@/app/shells/manager-shell').then((m) => m.ManagerShell));
const PartnerShell = lazyPage(() => import('@/app/shells/partner-shell').then((m) => m.PartnerShell));

/**
 * /partner/…: a guest, or a user who has no password yet, signs in first (with back_url); a user who is neither
 * partner staff nor a manager goes to "/". Partner staff get the partner shell, a manager the manager shell.
 */
export function PartnerArea() {
  const { kind, check } = useSession();
  const location = useLocation();
  if (kind === 'guest' || check.isUserWithoutPassword) return <Navigate to={loginPathFor(location)} replace />;
  if (kind === 'client') return <Navigate to="/" replace />;
  return kind === 'manager' ? <ManagerShell /> : <PartnerShell />;
}
