import type { ShopScope } from './shop-catalog.repo';

/** A shop's scope for unit tests, with what a test changes. */
export const testScope = (over: Partial<ShopScope> = {}): ShopScope => ({
  partnerId: 7,
  baseListId: 1,
  assortment: 'EXTENDED',
  warehouseId: 1,
  showStock: false,
  multiplicity: 'EDINICA',
  catalogVersion: '10',
  shopVersion: '3',
  pricingVersion: '1',
  hiddenSections: [],
  ...over,
});
