/**
 * Every right of the product, computed in one place from a user's kind and role flags
 * (back-office.md §6, shop-pricing-offers-loyalty.md §6). The server guards routes with it
 * and the web shows or hides with it.
 */

export const ROLES = ['ADMIN', 'ORDERS', 'PRICE', 'CLIENTS', 'LOYALTY'] as const;
export type Role = (typeof ROLES)[number];

/** How a user is stored: a partner's staff (owner or employee), a platform manager or a client (buyer). */
export type AccountKind = 'PARTNER' | 'MANAGER' | 'CLIENT';

/** The kind the API reports (utils/check USER_TYPE): a loyalty-only employee is the LOYALTY kind. */
export const USER_KINDS = ['CLIENT', 'PARTNER', 'MANAGER', 'LOYALTY'] as const;
export type UserKind = (typeof USER_KINDS)[number];

export interface RightsSubject {
  kind: AccountKind;
  /** The partner's owner sees every section. */
  isOwner: boolean;
  roles: readonly Role[];
}

export interface Rights {
  // back-office.md §6
  viewEmployees: boolean; // view and edit employees, send passwords
  viewClients: boolean;
  editClients: boolean;
  viewPriceTypeClients: boolean;
  viewOrders: boolean; // view orders, download an order, get the basket
  editOrders: boolean; // edit an order, send the basket
  manageLoyaltyClients: boolean; // participation, scoring, balance, loyalty part of the clients tab
  loyaltyEmployeeView: boolean;
  // shop-pricing-offers-loyalty.md §6
  viewShopSettings: boolean; // shop settings, general info, tradepoint, general price
  editStoreSettings: boolean; // store settings, general shop setup
  editTradepoints: boolean; // off whenever editStoreSettings is off
  editPriceSettings: boolean; // price settings, assortment, general price, multiplicity, column system…
  downloadPriceExcel: boolean; // price and balance excel, price extension in excel
  resetExcel: boolean; // off whenever downloadPriceExcel is off
  priceButtons: boolean;
  viewPriceType: boolean;
  editPersonalPrices: boolean; // personal price sections and point price edit
  loyaltyGeneralView: boolean;
  manageLoyalty: boolean; // loyalty participation, scoring, balance management
  /** The programme's settings, statuses, coefficients and visibility: not an employee-access tab (§2), ADMIN and the owner. */
  editLoyaltySettings: boolean;
  includeNewLoyaltyClients: boolean; // no role may
  viewOffers: boolean;
  editOffers: boolean;
  /** Настройки магазина → «Обмен с 1С»: the exchange account, price-type mapping, statuses sent, the log (issue 41). */
  manageExchange1c: boolean;
  // manager kind
  viewPartners: boolean;
  assignPartner: boolean;
  viewAllOrders: boolean;
  viewPromotions: boolean;
  viewReports: boolean;
  // client kind
  placeOrders: boolean;
}

export type RightName = keyof Rights;

const NO_RIGHTS: Rights = {
  viewEmployees: false,
  viewClients: false,
  editClients: false,
  viewPriceTypeClients: false,
  viewOrders: false,
  editOrders: false,
  manageLoyaltyClients: false,
  loyaltyEmployeeView: false,
  viewShopSettings: false,
  editStoreSettings: false,
  editTradepoints: false,
  editPriceSettings: false,
  downloadPriceExcel: false,
  resetExcel: false,
  priceButtons: false,
  viewPriceType: false,
  editPersonalPrices: false,
  loyaltyGeneralView: false,
  manageLoyalty: false,
  editLoyaltySettings: false,
  includeNewLoyaltyClients: false,
  viewOffers: false,
  editOffers: false,
  manageExchange1c: false,
  viewPartners: false,
  assignPartner: false,
  viewAllOrders: false,
  viewPromotions: false,
  viewReports: false,
  placeOrders: false,
};

/** Every right's name, in the order of Rights. */
export const RIGHT_NAMES = Object.keys(NO_RIGHTS) as RightName[];

export function computeRights(subject: RightsSubject): Rights {
  if (subject.kind === 'MANAGER') {
    return {
      ...NO_RIGHTS,
      viewPartners: true,
      assignPartner: true,
      viewAllOrders: true,
      viewPromotions: true,
      viewReports: true,
      viewOffers: true,
    };
  }
  if (subject.kind === 'CLIENT') return { ...NO_RIGHTS, placeOrders: true };

  const all = subject.isOwner;
  const has = (...roles: Role[]) => all || roles.some((r) => subject.roles.includes(r));
  const anyRole = all || subject.roles.length > 0;
  const editStoreSettings = has('ADMIN');
  const downloadPriceExcel = has('ADMIN', 'PRICE');
  return {
    ...NO_RIGHTS,
    viewEmployees: has('ADMIN'),
    viewClients: anyRole,
    editClients: has('ADMIN', 'CLIENTS'),
    viewPriceTypeClients: has('ADMIN', 'PRICE', 'CLIENTS'),
    viewOrders: anyRole,
    editOrders: has('ADMIN', 'ORDERS'),
    manageLoyaltyClients: has('ADMIN', 'LOYALTY'),
    loyaltyEmployeeView: has('LOYALTY'),
    viewShopSettings: anyRole,
    editStoreSettings,
    editTradepoints: editStoreSettings,
    editPriceSettings: has('ADMIN', 'PRICE'),
    downloadPriceExcel,
    resetExcel: downloadPriceExcel,
    priceButtons: has('ADMIN', 'PRICE', 'CLIENTS'),
    viewPriceType: has('ADMIN', 'PRICE', 'CLIENTS'),
    editPersonalPrices: has('ADMIN', 'CLIENTS'),
    loyaltyGeneralView: has('LOYALTY'),
    manageLoyalty: has('ADMIN', 'LOYALTY'),
    editLoyaltySettings: has('ADMIN'),
    includeNewLoyaltyClients: false,
    viewOffers: anyRole,
    editOffers: has('ADMIN', 'PRICE'),
    manageExchange1c: has('ADMIN'),
  };
}

/** The kind utils/check reports for a user. */
export function userKind(subject: RightsSubject): UserKind {
  if (subject.kind !== 'PARTNER') return subject.kind;
  if (!subject.isOwner && subject.roles.length === 1 && subject.roles[0] === 'LOYALTY') return 'LOYALTY';
  return 'PARTNER';
}

/** The personal rights the web client reads from utils/check (back-office.md §3 userRules). */
export interface UserRules {
  isViewClients: boolean;
  isEditClients: boolean;
  isViewOrders: boolean;
  isViewSettingsShop: boolean;
  isViewPriceTypeClients: boolean;
  isViewEmployees: boolean;
}

export function userRules(rights: Rights): UserRules {
  return {
    isViewClients: rights.viewClients,
    isEditClients: rights.editClients,
    isViewOrders: rights.viewOrders,
    isViewSettingsShop: rights.viewShopSettings,
    isViewPriceTypeClients: rights.viewPriceTypeClients,
    isViewEmployees: rights.viewEmployees,
  };
}

/**
 * When an employee ends up with none of price, clients and orders, orders access is switched on
 * (back-office.md §4: "If all three access flags are N when a password is sent, orders access is enabled first").
 */
export function ensureBaseAccess(roles: readonly Role[]): Role[] {
  const list = [...roles];
  if (!list.some((r) => r === 'PRICE' || r === 'CLIENTS' || r === 'ORDERS' || r === 'ADMIN')) list.push('ORDERS');
  return list;
}
