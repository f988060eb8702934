import { describe, expect, it } from 'vitest';
import { computeRights } from '@b2b/contracts/rights';
import { MANAGER_NAV, PARTNER_NAV, activeNavPath, visibleNavItems } from './nav-items';

const ids = (items: { testId: string }[]) => items.map((entry) => entry.testId);

describe('visibleNavItems', () => {
  it('shows the owner every partner section', () => {
    const rights = computeRights({ kind: 'PARTNER', isOwner: true, roles: [] });
    expect(ids(visibleNavItems(PARTNER_NAV, rights))).toEqual([
      'nav-orders',
      'nav-clients',
      'nav-employees',
      'nav-pricing',
      'nav-assortment',
      'nav-offers',
      'nav-loyalty',
      'nav-settings',
    ]);
  });
  it('hides what an orders employee may not open', () => {
    const rights = computeRights({ kind: 'PARTNER', isOwner: false, roles: ['ORDERS'] });
    expect(ids(visibleNavItems(PARTNER_NAV, rights))).toEqual(['nav-orders', 'nav-clients', 'nav-offers', 'nav-settings']);
  });
  it('gives the manager orders, offers, reports and partners', () => {
    const rights = computeRights({ kind: 'MANAGER', isOwner: false, roles: [] });
    expect(ids(visibleNavItems(MANAGER_NAV, rights))).toEqual(['nav-orders', 'nav-offers', 'nav-reports', 'nav-partners']);
  });
});

describe('activeNavPath', () => {
  it('finds the section of a nested path', () => {
    expect(activeNavPath(PARTNER_NAV, '/partner/clients/12/info')).toBe('/partner/clients');
    expect(activeNavPath(PARTNER_NAV, '/partner/orderlist')).toBe('/partner/orderlist');
    expect(activeNavPath(PARTNER_NAV, '/partner/clientsX')).toBeUndefined();
  });
});
