import { Alert } from 'antd';
import { MSG } from '@b2b/contracts/messages';
import { isOutdatedBrowser } from '@/shared/browser/outdated-browser';

const outdated = typeof navigator !== 'undefined' && isOutdatedBrowser(navigator.userAgent);

export function OutdatedBrowserBanner() {
  if (!outdated) return null;
  return <Alert banner type="warning" title={MSG.outdatedBrowser} closable data-testid="outdated-browser" />;
}
