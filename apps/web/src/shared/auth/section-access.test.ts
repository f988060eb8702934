import { describe, expect, it } from 'vitest';
import type { Role } from '@b2b/contracts/rights';
import { computeRights } from '@b2b/contracts/rights';
import type { SectionKey } from './section-access';
import { canOpenSection, loyaltyStartTab } from './section-access';

const staff = (...roles: Role[]) => computeRights({ kind: 'PARTNER', isOwner: false, roles });
const owner = computeRights({ kind: 'PARTNER', isOwner: true, roles: [] });
const manager = computeRights({ kind: 'MANAGER', isOwner: false, roles: [] });
const client = computeRights({ kind: 'CLIENT', isOwner: false, roles: [] });

const open = (rights: ReturnType<typeof computeRights> | null) =>
  (['orders', 'clients', 'employees', 'pricing', 'assortment', 'offers', 'loyalty', 'settings', 'reports', 'partners'] as SectionKey[]).filter(
    (section) => canOpenSection(section, rights),
  );

describe('canOpenSection', () => {
  it('opens every partner section to the owner and the administrator', () => {
    const all = ['orders', 'clients', 'employees', 'pricing', 'assortment', 'offers', 'loyalty', 'settings'];
    expect(open(owner)).toEqual(all);
    expect(open(staff('ADMIN'))).toEqual(all);
  });
  it('opens the sections of each role', () => {
    expect(open(staff('ORDERS'))).toEqual(['orders', 'clients', 'offers', 'settings']);
    expect(open(staff('PRICE'))).toEqual(['orders', 'clients', 'pricing', 'assortment', 'offers', 'settings']);
    expect(open(staff('CLIENTS'))).toEqual(['orders', 'clients', 'pricing', 'assortment', 'offers', 'settings']);
    expect(open(staff('LOYALTY'))).toEqual(['orders', 'clients', 'offers', 'loyalty', 'settings']);
  });
  it('gives the manager orders, offers, reports and partners', () => {
    expect(open(manager)).toEqual(['orders', 'offers', 'reports', 'partners']);
  });
  it('opens nothing to a client or without rights', () => {
    expect(open(client)).toEqual([]);
    expect(open(null)).toEqual([]);
  });
});

describe('loyaltyStartTab', () => {
  it('starts a loyalty employee who may not view employees at participation, everyone else at settings', () => {
    expect(loyaltyStartTab(staff('LOYALTY'))).toBe('participation');
    expect(loyaltyStartTab(owner)).toBe('settings');
    expect(loyaltyStartTab(staff('ADMIN'))).toBe('settings');
    expect(loyaltyStartTab(staff('ADMIN', 'LOYALTY'))).toBe('settings');
    expect(loyaltyStartTab(null)).toBe('settings');
  });
});
