import { Outlet } from 'react-router';
import { MANAGER_NAV, visibleNavItems } from '@/app/shells/nav-items';
import { ShellLayout } from '@/app/shells/shell-layout';
import { useSession } from '@/shared/auth/session-context';
import { UI } from '@/shared/ui-text';

export function ManagerShell() {
  const { rights } = useSession();
  return (
    <ShellLayout title={UI.manager} items={visibleNavItems(MANAGER_NAV, rights)}>
      <Outlet />
    </ShellLayout>
  );
}
