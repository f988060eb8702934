import { describe, expect, it } from 'vitest';
import { computeRights, ensureBaseAccess, ROLES, userKind, userRules, type RightName, type Role } from './rights';

const ALL: Role[] = [...ROLES];

/** The role tables of back-office.md §6 and shop-pricing-offers-loyalty.md §6, transcribed. */
const STAFF_TABLE: Partial<Record<RightName, Role[]>> = {
  viewEmployees: ['ADMIN'],
  viewClients: ALL,
  editClients: ['ADMIN', 'CLIENTS'],
  viewPriceTypeClients: ['ADMIN', 'PRICE', 'CLIENTS'],
  viewOrders: ALL,
  editOrders: ['ADMIN', 'ORDERS'],
  manageLoyaltyClients: ['ADMIN', 'LOYALTY'],
  loyaltyEmployeeView: ['LOYALTY'],
  viewShopSettings: ALL,
  editStoreSettings: ['ADMIN'],
  editTradepoints: ['ADMIN'],
  editPriceSettings: ['ADMIN', 'PRICE'],
  downloadPriceExcel: ['ADMIN', 'PRICE'],
  resetExcel: ['ADMIN', 'PRICE'],
  priceButtons: ['ADMIN', 'PRICE', 'CLIENTS'],
  viewPriceType: ['ADMIN', 'PRICE', 'CLIENTS'],
  editPersonalPrices: ['ADMIN', 'CLIENTS'],
  loyaltyGeneralView: ['LOYALTY'],
  manageLoyalty: ['ADMIN', 'LOYALTY'],
  editLoyaltySettings: ['ADMIN'],
  includeNewLoyaltyClients: [],
  viewOffers: ALL,
  editOffers: ['ADMIN', 'PRICE'],
  manageExchange1c: ['ADMIN'],
  viewPartners: [],
  assignPartner: [],
  viewAllOrders: [],
  viewPromotions: [],
  viewReports: [],
  placeOrders: [],
};

const MANAGER_RIGHTS: RightName[] = ['viewPartners', 'assignPartner', 'viewAllOrders', 'viewPromotions', 'viewReports', 'viewOffers'];

describe('rights: every role × every right', () => {
  const names = Object.keys(computeRights({ kind: 'PARTNER', isOwner: true, roles: [] })) as RightName[];

  it('the table covers every right the code knows', () => {
    expect(names.sort()).toEqual((Object.keys(STAFF_TABLE) as RightName[]).sort());
  });

  for (const role of ROLES) {
    for (const right of Object.keys(STAFF_TABLE) as RightName[]) {
      const expected = STAFF_TABLE[right]!.includes(role);
      it(`${role} ${expected ? 'has' : 'lacks'} ${right}`, () => {
        expect(computeRights({ kind: 'PARTNER', isOwner: false, roles: [role] })[right]).toBe(expected);
      });
    }
  }

  it('the owner sees every partner section, but no role may include new loyalty clients', () => {
    const rights = computeRights({ kind: 'PARTNER', isOwner: true, roles: [] });
    for (const right of names) {
      const partnerRight = (STAFF_TABLE[right] ?? []).length > 0;
      expect(rights[right], right).toBe(partnerRight);
    }
    expect(rights.includeNewLoyaltyClients).toBe(false);
  });

  it('combined roles add up', () => {
    const r = computeRights({ kind: 'PARTNER', isOwner: false, roles: ['ORDERS', 'LOYALTY'] });
    expect(r.editOrders && r.manageLoyalty && r.loyaltyEmployeeView).toBe(true);
    expect(r.viewEmployees || r.editClients || r.editPriceSettings).toBe(false);
  });

  it('an employee with no role flag sees nothing', () => {
    const r = computeRights({ kind: 'PARTNER', isOwner: false, roles: [] });
    expect(Object.values(r).some(Boolean)).toBe(false);
  });

  it('the manager kind has exactly the manager rights', () => {
    const r = computeRights({ kind: 'MANAGER', isOwner: false, roles: [] });
    for (const right of names) expect(r[right], right).toBe(MANAGER_RIGHTS.includes(right));
  });

  it('a client only places orders', () => {
    const r = computeRights({ kind: 'CLIENT', isOwner: false, roles: ['ADMIN'] });
    for (const right of names) expect(r[right], right).toBe(right === 'placeOrders');
  });
});

describe('user kind and personal rules', () => {
  it('reports the LOYALTY kind for a loyalty-only employee and PARTNER otherwise', () => {
    expect(userKind({ kind: 'PARTNER', isOwner: false, roles: ['LOYALTY'] })).toBe('LOYALTY');
    expect(userKind({ kind: 'PARTNER', isOwner: false, roles: ['LOYALTY', 'ORDERS'] })).toBe('PARTNER');
    expect(userKind({ kind: 'PARTNER', isOwner: true, roles: [] })).toBe('PARTNER');
    expect(userKind({ kind: 'MANAGER', isOwner: false, roles: [] })).toBe('MANAGER');
    expect(userKind({ kind: 'CLIENT', isOwner: false, roles: [] })).toBe('CLIENT');
  });

  it('maps rights to the userRules of utils/check', () => {
    const rules = userRules(computeRights({ kind: 'PARTNER', isOwner: false, roles: ['PRICE'] }));
    expect(rules).toEqual({
      isViewClients: true,
      isEditClients: false,
      isViewOrders: true,
      isViewSettingsShop: true,
      isViewPriceTypeClients: true,
      isViewEmployees: false,
    });
  });

  it('switches orders on when price, clients and orders are all off', () => {
    expect(ensureBaseAccess(['LOYALTY'])).toEqual(['LOYALTY', 'ORDERS']);
    expect(ensureBaseAccess([])).toEqual(['ORDERS']);
    expect(ensureBaseAccess(['PRICE'])).toEqual(['PRICE']);
  });
});
