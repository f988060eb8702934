import type { Rights } from '@b2b/contracts/rights';
import type { SectionKey } from '@/shared/auth/section-access';
import { canOpenSection } from '@/shared/auth/section-access';
import { SECTION_TITLE } from '@/shared/ui-text';

export interface NavItem {
  section: SectionKey;
  path: string;
  label: string;
  /** Stable hook for the browser tests. */
  testId: string;
}

const item = (section: SectionKey, path: string, testId: string): NavItem => ({
  section,
  path,
  label: SECTION_TITLE[section],
  testId,
});

export const PARTNER_NAV: readonly NavItem[] = [
  item('orders', '/partner/orderlist', 'nav-orders'),
  item('clients', '/partner/clients', 'nav-clients'),
  item('employees', '/partner/managers', 'nav-employees'),
  item('pricing', '/partner/pricing', 'nav-pricing'),
  item('assortment', '/partner/assortment', 'nav-assortment'),
  item('offers', '/partner/offers', 'nav-offers'),
  item('loyalty', '/partner/loyalty', 'nav-loyalty'),
  item('settings', '/partner/settings', 'nav-settings'),
];

/** The manager's navigation (back-office.md §2): orders, promotions, reports; and the partners (issue 39 §2). */
export const MANAGER_NAV: readonly NavItem[] = [
  item('orders', '/partner/orderlist', 'nav-orders'),
  item('offers', '/partner/offers', 'nav-offers'),
  item('reports', '/partner/reports', 'nav-reports'),
  item('partners', '/partner/partners', 'nav-partners'),
];

export function visibleNavItems(items: readonly NavItem[], rights: Rights | null): NavItem[] {
  return items.filter((entry) => canOpenSection(entry.section, rights));
}

/** The menu entry a path belongs to. */
export function activeNavPath(items: readonly NavItem[], pathname: string): string | undefined {
  return items.find((entry) => pathname === entry.path || pathname.startsWith(`${entry.path}/`))?.path;
}
