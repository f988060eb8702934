import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { InDevelopment, NotFoundPage } from '@/app/pages/lazy-pages';
import { SectionGuard } from '@/app/guards/section-guard';
import { LoyaltyStart } from '@/app/routes/loyalty-start';
import { IdPlaceholder } from '@/app/routes/id-placeholder';
import { tabPlaceholders } from '@/app/routes/tab-routes';
import { clientsRoutes } from '@/features/clients/clients-routes';
import { settingsTabRoutes } from '@/features/settings/settings-routes';
import { lazyPage } from '@/shared/ui/lazy-page';
import { LazyTabbedSection as TabbedSection } from '@/shared/ui/tabbed-section-lazy';
import { PAGE_TITLE, SECTION_TITLE, TAB_LABEL } from '@/shared/ui-text';

// Each section's screens load on first visit (the login page downloads none of them).
const OrdersEntry = lazyPage(() => import('@/app/routes/orders-entry').then((m) => m.OrdersEntry));
const OrderCardPage = lazyPage(() => import('@/features/orders/pages/order-card-page').then((m) => m.OrderCardPage));
const EmployeesPage = lazyPage(() => import('@/features/employees/pages/employees-page').then((m) => m.EmployeesPage));
const ContentPage = lazyPage(() => import('@/features/content/pages/content-page').then((m) => m.ContentPage));
const PricingPage = lazyPage(() => import('@/features/pricing/pages/pricing-page').then((m) => m.PricingPage));
const PriceListsPage = lazyPage(() => import('@/features/pricing/pages/price-lists-page').then((m) => m.PriceListsPage));
const PriceAssignPage = lazyPage(() => import('@/features/pricing/assign/price-assign-page').then((m) => m.PriceAssignPage));
const ShopPriceSettings = lazyPage(() => import('@/features/settings/components/shop-price-parts').then((m) => m.ShopPriceSettings));
const AssortmentPage = lazyPage(() => import('@/app/routes/assortment-page').then((m) => m.AssortmentPage));

const tabs = (labels: Record<string, string>) => Object.entries(labels).map(([key, label]) => ({ key, label }));

/** Children of /partner (back-office.md §2, shop-pricing-offers-loyalty.md §2). */
export const partnerRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="orderlist" replace /> },
  {
    path: 'orderlist',
    element: <SectionGuard section="orders" />,
    children: [
      { index: true, element: <OrdersEntry /> },
      { path: ':id', element: <OrderCardPage /> },
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
        <InDevelopment title={SECTION_TITLE.reports} />
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
      { index: true, element: <InDevelopment title={SECTION_TITLE.offers} /> },
      { path: 'create', element: <InDevelopment title={PAGE_TITLE.offerCreate} /> },
      { path: 'edit/:id', element: <IdPlaceholder title={PAGE_TITLE.offerEdit} /> },
    ],
  },
  {
    path: 'loyalty',
    element: <SectionGuard section="loyalty" />,
    children: [
      {
        element: <TabbedSection title={SECTION_TITLE.loyalty} basePath="/partner/loyalty" tabs={tabs(TAB_LABEL.loyalty)} />,
        children: [{ index: true, element: <LoyaltyStart /> }, ...tabPlaceholders(TAB_LABEL.loyalty)],
      },
    ],
  },
  {
    path: 'settings',
    element: <SectionGuard section="settings" />,
    children: [
      {
        element: <TabbedSection title={SECTION_TITLE.settings} basePath="/partner/settings" tabs={tabs(TAB_LABEL.settings)} />,
        children: settingsTabRoutes,
      },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];
