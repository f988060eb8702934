import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { lazyPage } from '@/shared/ui/lazy-page';
import { LazyTabbedSection as TabbedSection } from '@/shared/ui/tabbed-section-lazy';
import { SECTION_TITLE, TAB_LABEL } from '@/shared/ui-text';

// The screens load on their first visit (the login page downloads none of them).
const ClientListPage = lazyPage(() => import('@/features/clients/pages/client-list-page').then((m) => m.ClientListPage));
const ReviewListPage = lazyPage(() => import('@/features/clients/pages/review-list-page').then((m) => m.ReviewListPage));
const GroupListPage = lazyPage(() => import('@/features/clients/pages/group-list-page').then((m) => m.GroupListPage));
const ClientGroupPage = lazyPage(() => import('@/features/clients/pages/client-group-page').then((m) => m.ClientGroupPage));
const ClientCardPage = lazyPage(() => import('@/features/clients/pages/client-card-page').then((m) => m.ClientCardPage));
const ClientTabGuard = lazyPage(() => import('@/features/clients/pages/client-card-page').then((m) => m.ClientTabGuard));
const ClientInfoTab = lazyPage(() => import('@/features/clients/tabs/client-info-tab').then((m) => m.ClientInfoTab));
const ClientLoyaltyTab = lazyPage(() => import('@/features/clients/tabs/client-loyalty-tab').then((m) => m.ClientLoyaltyTab));
const ClientOrdersTab = lazyPage(() => import('@/features/clients/tabs/client-orders-tab').then((m) => m.ClientOrdersTab));
const ClientPersonalPricesTab = lazyPage(() => import('@/features/clients/tabs/client-personal-prices-tab').then((m) => m.ClientPersonalPricesTab));
const ClientPriceTypeTab = lazyPage(() => import('@/features/clients/tabs/client-price-type-tab').then((m) => m.ClientPriceTypeTab));

type CardTab = keyof typeof TAB_LABEL.clientCard;

const CARD_TAB: Record<CardTab, React.ReactNode> = {
  orders: <ClientOrdersTab />,
  info: <ClientInfoTab />,
  'price-type': <ClientPriceTypeTab />,
  'personal-settings': <ClientPersonalPricesTab />,
  loyalty: <ClientLoyaltyTab />,
};

const sectionTabs = Object.entries(TAB_LABEL.clients).map(([key, label]) => ({ key, label }));

/** Children of /partner/clients (back-office.md §2): the tabbed lists, a group's page and the client card. */
export const clientsRoutes: RouteObject[] = [
  {
    element: <TabbedSection title={SECTION_TITLE.clients} basePath="/partner/clients" tabs={sectionTabs} />,
    children: [
      { index: true, element: <Navigate to="active-list" replace /> },
      { path: 'active-list', element: <ClientListPage key="active" blacklist="N" /> },
      { path: 'groups', element: <GroupListPage /> },
      { path: 'black-list', element: <ClientListPage key="black" blacklist="Y" /> },
      { path: 'reviews', element: <ReviewListPage /> },
    ],
  },
  { path: 'groups/:id', element: <ClientGroupPage /> },
  {
    path: ':id',
    element: <ClientCardPage />,
    children: [
      { index: true, element: <Navigate to="info" replace /> },
      ...(Object.keys(CARD_TAB) as CardTab[]).map((tab) => ({
        path: tab,
        element: <ClientTabGuard tab={tab}>{CARD_TAB[tab]}</ClientTabGuard>,
      })),
    ],
  },
];
