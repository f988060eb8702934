import { createBrowserRouter } from 'react-router';
import { PartnerArea } from '@/app/guards/partner-area';
import { LoginRoute } from '@/app/guards/login-route';
import { AppFrame } from '@/app/app-frame';
import { HomeIndex } from '@/app/pages/home-index';
import { NotFoundPage, RepairPage, RouteErrorPage, ServerErrorPage } from '@/app/pages/lazy-pages';
import { partnerRoutes } from '@/app/routes/partner-routes';
import { SessionRoot } from '@/app/session/session-root';
import { lazyPage } from '@/shared/ui/lazy-page';

// The partner's shop for its buyers (issue 13): its own lazily loaded part, outside the back office's session.
const ContentPage = lazyPage(() => import('@/features/content/pages/content-page').then((m) => m.ContentPage));
const ShopRoot = lazyPage(() => import('@/features/storefront/shop-root').then((m) => m.ShopRoot));

/** The route tree of back-office.md §2 and shop-pricing-offers-loyalty.md §2. */
export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <AppFrame />,
      errorElement: <RouteErrorPage />,
      children: [
        { path: '/repair', element: <RepairPage /> },
        { path: '/server-error', element: <ServerErrorPage /> },
        { path: '/shop/:shopLink/*', element: <ShopRoot /> },
        {
          element: <SessionRoot />,
          children: [
            { path: '/login', element: <LoginRoute /> },
            { index: true, element: <HomeIndex /> },
            { path: '/partner', element: <PartnerArea />, children: partnerRoutes },
            { path: '/content/:type?/:id', element: <ContentPage base="/content" /> },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ]);
}
