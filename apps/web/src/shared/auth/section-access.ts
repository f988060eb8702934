import type { Rights } from '@b2b/contracts/rights';

export type SectionKey =
  | 'orders'
  | 'clients'
  | 'employees'
  | 'pricing'
  | 'assortment'
  | 'offers'
  | 'loyalty'
  | 'settings'
  | 'reports';

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
};

export function canOpenSection(section: SectionKey, rights: Rights | null): boolean {
  return rights !== null && SECTION_RIGHT[section](rights);
}

/** /partner/loyalty opens participation for a user who may view employees, otherwise settings. */
export function loyaltyStartTab(rights: Rights | null): 'participation' | 'settings' {
  return rights?.viewEmployees ? 'participation' : 'settings';
}
