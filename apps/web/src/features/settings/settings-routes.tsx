import { useEffect } from 'react';
import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { getCookie, setCookie } from '@/shared/cookies';
import { lazyPage } from '@/shared/ui/lazy-page';

// The tabs load on first visit: my-shop brings Leaflet and Editor.js, which nothing else needs.
const MyShopTab = lazyPage(() => import('@/features/settings/pages/my-shop-tab').then((m) => m.MyShopTab));
const MyPaymentTab = lazyPage(() => import('@/features/settings/pages/my-payment-tab').then((m) => m.MyPaymentTab));
const MyShippingTab = lazyPage(() => import('@/features/settings/pages/my-shipping-tab').then((m) => m.MyShippingTab));
const MySettingsTab = lazyPage(() => import('@/features/settings/pages/my-settings-tab').then((m) => m.MySettingsTab));
const CommercialOfferTab = lazyPage(() => import('@/features/settings/pages/commercial-offer-tab').then((m) => m.CommercialOfferTab));
const Exchange1cTab = lazyPage(() => import('@/features/settings/pages/exchange-1c-tab').then((m) => m.Exchange1cTab));
/** The section's title and tabs, less the tabs the user has no right to. */
export const SettingsSection = lazyPage(() => import('@/features/settings/settings-section').then((m) => m.SettingsSection));

/** The cookie of the tab last viewed (SAVED_STATE_COOKIES: a month, cleared on sign-out). */
export const SETTINGS_PAGE_COOKIE = 'settings_page';

const TABS = {
  'my-shop': <MyShopTab />,
  'my-payment': <MyPaymentTab />,
  'my-shipping': <MyShippingTab />,
  'my-settings': <MySettingsTab />,
  'my-settings-commercialoffer': <CommercialOfferTab />,
  'exchange-1c': <Exchange1cTab />,
} as const;
type Tab = keyof typeof TABS;

/** §2: the default last viewed settings page is my-shop. */
const DEFAULT_TAB: Tab = 'my-shop';
const isTab = (value: string | undefined): value is Tab => value !== undefined && Object.hasOwn(TABS, value);

/** /partner/settings opens the tab last viewed (its cookie), else my-shop. */
function LastViewedTab() {
  const saved = getCookie(SETTINGS_PAGE_COOKIE);
  return <Navigate to={isTab(saved) ? saved : DEFAULT_TAB} replace />;
}

/** A tab that, once shown, is the one /partner/settings opens next time. */
function Remembered({ tab, children }: { tab: Tab; children: React.ReactNode }) {
  useEffect(() => setCookie(SETTINGS_PAGE_COOKIE, tab, 'partner'), [tab]);
  return children;
}

/** The tabs under /partner/settings (shop-pricing-offers-loyalty.md §2); /partner/settings opens the last viewed. */
export const settingsTabRoutes: RouteObject[] = [
  { index: true, element: <LastViewedTab /> },
  ...(Object.keys(TABS) as Tab[]).map((tab) => ({ path: tab, element: <Remembered tab={tab}>{TABS[tab]}</Remembered> })),
];
