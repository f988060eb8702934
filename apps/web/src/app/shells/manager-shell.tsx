import { Outlet } from 'react-router';
import { MANAGER_NAV, visibleNavItems } from '@/app/shells/nav-items';
import { ShellLayout } from '@/app/shells/shell-layout';
import { useSession } from '@/shared/auth/session-context';
import { setDisplayTimeZone } from '@/shared/formatters/format-date';
import { UI } from '@/shared/ui-text';

export function ManagerShell() {
  const { rights } = useSession();
  // Orders across partners: Moscow time, the platform's (issue 38 §8).
  setDisplayTimeZone(null);
  return (
    <ShellLayout title={UI.manager} items={visibleNavItems(MANAGER_NAV, rights)}>
      <Outlet />
    </ShellLayout>
  );
}
