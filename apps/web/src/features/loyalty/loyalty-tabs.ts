import {
  LOYALTY_EMPLOYEE_TABS,
  LOYALTY_TAB_LABEL,
  LOYALTY_TAB_LABEL_BEFORE_INSTALL,
  LOYALTY_TABS,
  LOYALTY_TABS_BEFORE_INSTALL,
  type LoyaltyTab,
} from '@b2b/contracts/loyalty';
import type { Rights } from '@b2b/contracts/rights';
import { loyaltyStartTab } from '@/shared/auth/section-access';

export interface LoyaltyTabItem {
  key: LoyaltyTab;
  /** Its name (§2: «Повышенные коэффициенты» before installation, «Коэффициенты» after). */
  label: string;
  /** Shown but not usable (before installation every tab but Настройки). */
  disabled: boolean;
}

type TabRights = Pick<Rights, 'viewEmployees' | 'loyaltyEmployeeView'> | null;

/**
 * The tabs of /partner/loyalty (shop-pricing-offers-loyalty.md §2): before installation Settings, Scoring, Statuses
 * and Coefficients, only Settings usable; after it the seven tabs, or only the employee-access ones (participation,
 * balance) for a user who may not view employees.
 */
export function loyaltyTabs(installed: boolean, rights: TabRights): LoyaltyTabItem[] {
  if (!installed) {
    return LOYALTY_TABS_BEFORE_INSTALL.map((key) => ({
      key,
      label: LOYALTY_TAB_LABEL_BEFORE_INSTALL[key] ?? LOYALTY_TAB_LABEL[key],
      disabled: key !== 'settings',
    }));
  }
  const keys: readonly LoyaltyTab[] = rights?.viewEmployees ? LOYALTY_TABS : LOYALTY_EMPLOYEE_TABS;
  return keys.map((key) => ({ key, label: LOYALTY_TAB_LABEL[key], disabled: false }));
}

/**
 * Where a tab's path leads: the tab itself when the user may use it, else the first usable tab (the start tab when it
 * is one of them).
 */
export function usableLoyaltyTab(tab: string | undefined, installed: boolean, rights: TabRights): LoyaltyTab {
  const usable = loyaltyTabs(installed, rights)
    .filter((t) => !t.disabled)
    .map((t) => t.key);
  const wanted = usable.find((key) => key === tab);
  if (wanted) return wanted;
  const start = loyaltyStartTab(rights);
  return usable.includes(start) ? start : usable[0];
}
