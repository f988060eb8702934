import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { NotFoundPage } from '@/app/pages/lazy-pages';
import { SectionGuard } from '@/app/guards/section-guard';
import { NotForManager } from '@/app/guards/not-for-manager';
import { LoyaltyStart } from '@/app/routes/loyalty-start';
import { clientsRoutes } from '@/features/clients/clients-routes';
import { LoyaltySection, loyaltyTabRoutes } from '@/features/loyalty/loyalty-routes';
import { SettingsSection, settingsTabRoutes } from '@/features/settings/settings-routes';
import { lazyPage } from '@/shared/ui/lazy-page';
import { SECTION_TITLE, TAB_LABEL } from '@/shared/ui-text';

// Each section's screens load on first visit (the login page downloads none of them).
const OrdersEntry = lazyPage(() => import('@/app/routes/orders-entry').then((m) => m.OrdersEntry));
const OrderCardEntry = lazyPage(() => import('@/app/routes/order-card-entry').then((m) => m.OrderCardEntry));
const EmployeesPage = lazyPage(() => import('@/features/employees/pages/employees-page').then((m) => m.EmployeesPage));
const ContentPage = lazyPage(() => import('@/features/content/pages/content-page').then((m) => m.ContentPage));
const PricingPage = lazyPage(() => import('@/features/pricing/pages/pricing-page').then((m) => m.PricingPage));
const PriceListsPage = lazyPage(() => import('@/features/pricing/pages/price-lists-page').then((m) => m.PriceListsPage));
const PriceAssignPage = lazyPage(() => import('@/features/pricing/assign/price-assign-page').then((m) => m.PriceAssignPage));
const ShopPriceSettings = lazyPage(() => import('@/features/settings/components/shop-price-parts').then((m) => m.ShopPriceSettings));
const AssortmentPage = lazyPage(() => import('@/app/routes/assortment-page').then((m) => m.AssortmentPage));
const OffersEntry = lazyPage(() => import('@/app/routes/offers-entry').then((m) => m.OffersEntry));
const OfferCreatePage = lazyPage(() => import('@/features/offers/pages/offer-form-page').then((m) => m.OfferCreatePage));
const OfferEditPage = lazyPage(() => import('@/features/offers/pages/offer-form-page').then((m) => m.OfferEditPage));
// The reports (and their charts) load only when a manager opens them.
const ReportsPage = lazyPage(() => import('@/features/manager/pages/reports-page').then((m) => m.ReportsPage));
const PartnersPage = lazyPage(() => import('@/features/manager/pages/partners-page').then((m) => m.PartnersPage));

const tabs = (labels: Record<string, string>) => Object.entries(labels).map(([key, label]) => ({ key, label }));

/** Children of /partner (back-office.md §2, shop-pricing-offers-loyalty.md §2). */
export const partnerRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="orderlist" replace /> },
  {
    path: 'orderlist',
    element: <SectionGuard section="orders" />,
    children: [
      { index: true, element: <OrdersEntry /> },
      { path: ':id', element: <OrderCardEntry /> },
    ],
  },
  {
    path: 'clients',
    element: <SectionGuard section="clients" />,
    children: clientsRoutes,
  },
  {
    path: 'managers',
    element: (
      <SectionGuard section="employees">
        <EmployeesPage />
      </SectionGuard>
    ),
  },
  {
    path: 'reports',
    element: (
      <SectionGuard section="reports">
        <ReportsPage />
      </SectionGuard>
    ),
  },
  {
    path: 'partners',
    element: (
      <SectionGuard section="partners">
        <PartnersPage />
      </SectionGuard>
    ),
  },
  { path: 'info/:type?/:id', element: <ContentPage base="/partner/info" /> },
  {
    path: 'assortment',
    element: (
      <SectionGuard section="assortment">
        <AssortmentPage />
      </SectionGuard>
    ),
  },
  {
    path: 'pricing',
    element: <SectionGuard section="pricing" />,
    children: [
      {
        element: <PricingPage />,
        children: [
          { path: 'pricelist', element: <PriceListsPage type="pricelist" /> },
          { path: 'column', element: <PriceListsPage type="column" /> },
          { index: true, element: <Navigate to="pricelist" replace /> },
          { path: 'pricesettings', element: <PriceAssignPage /> },
          { path: 'settings', element: <ShopPriceSettings /> },
          // /partner/pricing/client?id=… and other item types; without an id, back to the price lists.
          { path: ':type', element: <Navigate to="/partner/pricing/pricelist" replace /> },
        ],
      },
    ],
  },
  {
    path: 'offers',
    element: <SectionGuard section="offers" />,
    children: [
      { index: true, element: <OffersEntry /> },
      {
        path: 'create',
        element: (
          <NotForManager>
            <OfferCreatePage />
          </NotForManager>
        ),
      },
      {
        path: 'edit/:id',
        element: (
          <NotForManager>
            <OfferEditPage />
          </NotForManager>
        ),
      },
    ],
  },
  {
    path: 'loyalty',
    element: <SectionGuard section="loyalty" />,
    children: [
      {
        element: <LoyaltySection />,
        children: [{ index: true, element: <LoyaltyStart /> }, ...loyaltyTabRoutes],
      },
    ],
  },
  {
    path: 'settings',
    element: <SectionGuard section="settings" />,
    children: [
      {
        element: <SettingsSection title={SECTION_TITLE.settings} basePath="/partner/settings" tabs={tabs(TAB_LABEL.settings)} />,
        children: settingsTabRoutes,
      },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];
