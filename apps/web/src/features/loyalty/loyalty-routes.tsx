import type { RouteObject } from 'react-router';
import type { LoyaltyTab } from '@b2b/contracts/loyalty';
import { lazyPage } from '@/shared/ui/lazy-page';

// The screens load on their first visit (the login page downloads none of them).
export const LoyaltySection = lazyPage(() => import('@/features/loyalty/pages/loyalty-section').then((m) => m.LoyaltySection));
const LoyaltyTabGuard = lazyPage(() => import('@/features/loyalty/pages/loyalty-section').then((m) => m.LoyaltyTabGuard));
const SettingsTab = lazyPage(() => import('@/features/loyalty/tabs/settings-tab').then((m) => m.SettingsTab));
const StatusesTab = lazyPage(() => import('@/features/loyalty/tabs/statuses-tab').then((m) => m.StatusesTab));
const CoefficientsTab = lazyPage(() => import('@/features/loyalty/tabs/coefficients-tab').then((m) => m.CoefficientsTab));
const VisibilityTab = lazyPage(() => import('@/features/loyalty/tabs/visibility-tab').then((m) => m.VisibilityTab));
const ParticipationTab = lazyPage(() => import('@/features/loyalty/tabs/participation-tab').then((m) => m.ParticipationTab));
const ScoringTab = lazyPage(() => import('@/features/loyalty/tabs/scoring-tab').then((m) => m.ScoringTab));
const BalanceTab = lazyPage(() => import('@/features/loyalty/tabs/balance-tab').then((m) => m.BalanceTab));

const TAB_SCREEN: Record<LoyaltyTab, React.ReactNode> = {
  settings: <SettingsTab />,
  statuses: <StatusesTab />,
  coefficients: <CoefficientsTab />,
  visability: <VisibilityTab />,
  participation: <ParticipationTab />,
  scoring: <ScoringTab />,
  balance: <BalanceTab />,
};

/** The tabs under /partner/loyalty (shop-pricing-offers-loyalty.md §2), each behind the check of its use. */
export const loyaltyTabRoutes: RouteObject[] = (Object.keys(TAB_SCREEN) as LoyaltyTab[]).map((tab) => ({
  path: tab,
  element: <LoyaltyTabGuard tab={tab}>{TAB_SCREEN[tab]}</LoyaltyTabGuard>,
}));
