import { Navigate } from 'react-router';
import { useSession } from '@/shared/auth/session-context';

/** A partner staff's screen a manager does not use (the offer form: a manager does not edit a partner's offers). */
export function NotForManager({ children, back = '/partner/offers' }: { children: React.ReactNode; back?: string }) {
  return useSession().kind === 'manager' ? <Navigate to={back} replace /> : children;
}
