import { describe, expect, it } from 'vitest';
import { computeRights, type Role } from '@b2b/contracts/rights';
import { panelRights } from './panel-rights';

const staff = (...roles: Role[]) => computeRights({ kind: 'PARTNER', isOwner: false, roles });

describe('panelRights', () => {
  it('lets ADMIN and PRICE edit a list: rates, files, links; download and reset', () => {
    for (const role of ['ADMIN', 'PRICE'] as const) {
      expect(panelRights('pricelist', staff(role))).toEqual({
        editRates: true,
        editPointPrices: false,
        upload: true,
        download: true,
        reset: true,
        yml: true,
      });
    }
  });
  it('shows CLIENTS a list read only, and lets it edit a client: point prices and the personal file', () => {
    expect(panelRights('column', staff('CLIENTS'))).toEqual({
      editRates: false,
      editPointPrices: false,
      upload: false,
      download: false,
      reset: false,
      yml: false,
    });
    expect(panelRights('client', staff('CLIENTS'))).toEqual({
      editRates: false,
      editPointPrices: true,
      upload: true,
      download: true,
      reset: true,
      yml: true,
    });
  });
  it("keeps PRICE from a client's personal prices, and everyone without a session from everything", () => {
    expect(Object.values(panelRights('client', staff('PRICE'))).some(Boolean)).toBe(false);
    expect(Object.values(panelRights('pricelist', null)).some(Boolean)).toBe(false);
  });
  it('turns the reset off wherever the download is off', () => {
    const rights = { ...staff('PRICE'), downloadPriceExcel: false };
    expect(panelRights('pricelist', rights)).toMatchObject({ download: false, reset: false, upload: true });
  });
});
