import type { Rights } from '@b2b/contracts/rights';

export type SectionKey = 'orders' | 'clients' | 'employees' | 'pricing' | 'assortment' | 'offers' | 'loyalty' | 'settings' | 'reports' | 'partners';

/** The right that opens each section of the partner area (a manager's variants included). */
const SECTION_RIGHT: Record<SectionKey, (rights: Rights) => boolean> = {
  orders: (r) => r.viewOrders || r.viewAllOrders,
  clients: (r) => r.viewClients,
  employees: (r) => r.viewEmployees,
  pricing: (r) => r.viewPriceType || r.editPriceSettings,
  assortment: (r) => r.viewPriceType || r.editPriceSettings,
  offers: (r) => r.viewOffers || r.viewPromotions,
  loyalty: (r) => r.manageLoyalty || r.loyaltyGeneralView,
  settings: (r) => r.viewShopSettings,
  reports: (r) => r.viewReports,
  partners: (r) => r.viewPartners,
};

export function canOpenSection(section: SectionKey, rights: Rights | null): boolean {
  return rights !== null && SECTION_RIGHT[section](rights);
}

/**
 * /partner/loyalty (shop-pricing-offers-loyalty.md §2): a loyalty employee who may not view employees sees only the
 * employee-access tabs, so it opens participation; everyone else opens settings.
 */
export function loyaltyStartTab(rights: Pick<Rights, 'viewEmployees' | 'loyaltyEmployeeView'> | null): 'participation' | 'settings' {
  return rights?.loyaltyEmployeeView && !rights.viewEmployees ? 'participation' : 'settings';
}
