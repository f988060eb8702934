import { Outlet } from 'react-router';
import { PARTNER_NAV, visibleNavItems } from '@/app/shells/nav-items';
import { ShellLayout } from '@/app/shells/shell-layout';
import { useSession } from '@/shared/auth/session-context';

export function PartnerShell() {
  const { rights, user } = useSession();
  return (
    <ShellLayout title={user?.PARTNER_NAME ?? ''} items={visibleNavItems(PARTNER_NAV, rights)}>
      <Outlet />
    </ShellLayout>
  );
}
