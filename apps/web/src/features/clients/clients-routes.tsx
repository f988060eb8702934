import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { ClientCardPage, ClientTabGuard } from '@/features/clients/pages/client-card-page';
import { ClientGroupPage } from '@/features/clients/pages/client-group-page';
import { ClientListPage } from '@/features/clients/pages/client-list-page';
import { GroupListPage } from '@/features/clients/pages/group-list-page';
import { ClientInfoTab } from '@/features/clients/tabs/client-info-tab';
import { ClientLoyaltyTab } from '@/features/clients/tabs/client-loyalty-tab';
import { ClientOrdersTab } from '@/features/clients/tabs/client-orders-tab';
import { ClientPersonalPricesTab } from '@/features/clients/tabs/client-personal-prices-tab';
import { ClientPriceTypeTab } from '@/features/clients/tabs/client-price-type-tab';
import { TabbedSection } from '@/shared/ui/tabbed-section';
import { SECTION_TITLE, TAB_LABEL } from '@/shared/ui-text';

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
