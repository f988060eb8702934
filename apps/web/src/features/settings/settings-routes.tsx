import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { lazyPage } from '@/shared/ui/lazy-page';

// The tabs load on first visit: my-shop brings Leaflet and Editor.js, which nothing else needs.
const MyShopTab = lazyPage(() => import('@/features/settings/pages/my-shop-tab').then((m) => m.MyShopTab));
const MyPaymentTab = lazyPage(() => import('@/features/settings/pages/my-payment-tab').then((m) => m.MyPaymentTab));
const MyShippingTab = lazyPage(() => import('@/features/settings/pages/my-shipping-tab').then((m) => m.MyShippingTab));
const MySettingsTab = lazyPage(() => import('@/features/settings/pages/my-settings-tab').then((m) => m.MySettingsTab));
const CommercialOfferTab = lazyPage(() => import('@/features/settings/pages/commercial-offer-tab').then((m) => m.CommercialOfferTab));

/** The tabs under /partner/settings (shop-pricing-offers-loyalty.md §2); /partner/settings opens my-shop. */
export const settingsTabRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="my-shop" replace /> },
  { path: 'my-shop', element: <MyShopTab /> },
  { path: 'my-payment', element: <MyPaymentTab /> },
  { path: 'my-shipping', element: <MyShippingTab /> },
  { path: 'my-settings', element: <MySettingsTab /> },
  { path: 'my-settings-commercialoffer', element: <CommercialOfferTab /> },
];
