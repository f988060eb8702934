import { Navigate, useSearchParams } from 'react-router';
import { LoginPage } from '@/features/auth/pages/login-page';
import { safeBackUrl } from '@/shared/auth/back-url';
import { useSession } from '@/shared/auth/session-context';

/** /login opened while signed in as partner staff or a manager returns to back_url, else to "/". */
export function LoginRoute() {
  const { kind, check } = useSession();
  const [params] = useSearchParams();
  if ((kind === 'partner' || kind === 'manager') && !check.isUserWithoutPassword) {
    return <Navigate to={safeBackUrl(params.get('back_url')) ?? '/'} replace />;
  }
  return <LoginPage />;
}
