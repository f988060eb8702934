import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { CommercialOfferTab } from '@/features/settings/pages/commercial-offer-tab';
import { MyPaymentTab } from '@/features/settings/pages/my-payment-tab';
import { MyShippingTab } from '@/features/settings/pages/my-shipping-tab';
import { MySettingsTab } from '@/features/settings/pages/my-settings-tab';
import { MyShopTab } from '@/features/settings/pages/my-shop-tab';

/** The tabs under /partner/settings (shop-pricing-offers-loyalty.md §2); /partner/settings opens my-shop. */
export const settingsTabRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="my-shop" replace /> },
  { path: 'my-shop', element: <MyShopTab /> },
  { path: 'my-payment', element: <MyPaymentTab /> },
  { path: 'my-shipping', element: <MyShippingTab /> },
  { path: 'my-settings', element: <MySettingsTab /> },
  { path: 'my-settings-commercialoffer', element: <CommercialOfferTab /> },
];
