import { productPhotoPath } from '@b2b/contracts/routes/storefront';
import type { CatalogProduct } from '@b2b/contracts/storefront';
import type { Price } from '../pricing/price-engine.service';
import type { ShopProductRow, ShopScope } from './shop-catalog.repo';

const PACKS: Record<ShopScope['multiplicity'], number> = { EDINICA: 0, CORPORATE: 1, COMMERCIAL: 2 };

/**
 * The quantity step of a product in a shop: the shop's multiplicity (EDINICA the unit's, CORPORATE or COMMERCIAL the
 * pack's). The partner's multiplicity file overrides the catalogue with "unit/corporate/commercial" (a list of up to
 * three integers: the step for each setting; a shorter list's last one stands for the rest).
 */
export function stepOf(
  row: Pick<ShopProductRow, 'multiplicity' | 'multiplicity_corporate' | 'multiplicity_commercial' | 'partner_multiplicity'>,
  scope: Pick<ShopScope, 'multiplicity'>,
): number {
  const at = PACKS[scope.multiplicity];
  if (row.partner_multiplicity) {
    const steps = row.partner_multiplicity
      .split('/')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0);
    if (steps.length) return steps[Math.min(at, steps.length - 1)];
  }
  return Math.max(1, Number([row.multiplicity, row.multiplicity_corporate, row.multiplicity_commercial][at]));
}

/** Stock is shown only when the shop shows it: the shop's one figure (db/shop-stock-sql.ts), as the order card's. */
export const stockOf = (row: Pick<ShopProductRow, 'shop_stock'>, scope: Pick<ShopScope, 'showStock'>): number | null =>
  scope.showStock ? Number(row.shop_stock) : null;

export function catalogProduct(row: ShopProductRow, price: Price, scope: ShopScope): CatalogProduct {
  return {
    ID: Number(row.id),
    UP_CODE_1C: row.up_code_1c,
    NAME: row.name,
    SECTION_ID: Number(row.section_id),
    PRICE: price.price,
    OLD_PRICE: price.oldPrice,
    OFFER: price.offer && { ID: price.offer.id, NAME: price.offer.name },
    CURRENCY: price.currency,
    UNIT: row.unit,
    UP_COUNTRY: row.country,
    UP_MANUFACTURE: row.manufacturer,
    UP_TM: row.brand,
    // The distributor's picture files are not loaded: the photo route draws the product's card.
    PREVIEW_PICTURE_PATH: productPhotoPath(row.id),
    MULTIPLICITY: stepOf(row, scope),
    STOCK: stockOf(row, scope),
  };
}
