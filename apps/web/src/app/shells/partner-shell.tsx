import { Outlet } from 'react-router';
import { PARTNER_NAV, visibleNavItems } from '@/app/shells/nav-items';
import { ShellLayout } from '@/app/shells/shell-layout';
import { useSession } from '@/shared/auth/session-context';
import { setDisplayTimeZone } from '@/shared/formatters/format-date';

export function PartnerShell() {
  const { rights, user } = useSession();
  // Dates are shown in the shop's time zone (issue 38 §8), set before the pages render; a changed zone renders them anew.
  const zone = user?.TIME_ZONE;
  setDisplayTimeZone(zone);
  return (
    <ShellLayout title={user?.PARTNER_NAME ?? ''} items={visibleNavItems(PARTNER_NAV, rights)}>
      <Outlet key={zone} />
    </ShellLayout>
  );
}
