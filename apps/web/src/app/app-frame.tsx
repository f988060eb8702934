import { Outlet } from 'react-router';
import { OutdatedBrowserBanner } from '@/app/outdated-browser-banner';
import { ServerErrorModal } from '@/app/server-error-modal';

/** Above every route: the outdated-browser notice and the server-error modal. */
export function AppFrame() {
  return (
    <>
      <OutdatedBrowserBanner />
      <ServerErrorModal />
      <Outlet />
    </>
  );
}
