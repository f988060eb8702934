import { Navigate, useLocation } from 'react-router';
import { ManagerShell } from '@/app/shells/manager-shell';
import { PartnerShell } from '@/app/shells/partner-shell';
import { loginPathFor } from '@/shared/auth/back-url';
import { useSession } from '@/shared/auth/session-context';

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
