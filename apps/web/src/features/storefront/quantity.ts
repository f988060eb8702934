import { STOREFRONT_MSG } from '@b2b/contracts/storefront';
import { centsOf } from '@/shared/money/cents';

/*
 * Quantities of the shop: a product is sold in packs of MULTIPLICITY pieces, so every quantity the buyer sends is
 * a whole multiple of it (the server refuses others with the same message).
 */

/** A multiplicity as the server may send it: anything below 1 counts as 1. */
export const packOf = (multiplicity: number): number => (Number.isInteger(multiplicity) && multiplicity > 1 ? multiplicity : 1);

/** The message for a quantity that cannot be sent, null when it can; 0 is allowed only where it removes a line. */
export function quantityError(value: number | null | undefined, multiplicity: number, allowZero = false): string | null {
  if (value === null || value === undefined || !Number.isInteger(value) || value < 0) return STOREFRONT_MSG.quantityInvalid;
  if (value === 0) return allowZero ? null : STOREFRONT_MSG.multiplicity(packOf(multiplicity));
  return value % packOf(multiplicity) === 0 ? null : STOREFRONT_MSG.multiplicity(packOf(multiplicity));
}

/**
 * One step up or down from a quantity, landing on a multiple: 7 with packs of 5 goes up to 10 and down to 5.
 * Going down never passes below one pack (`floor`, 0 where a line may be emptied).
 */
export function stepQuantity(value: number, multiplicity: number, direction: 1 | -1, floor = packOf(multiplicity)): number {
  const pack = packOf(multiplicity);
  const current = Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
  const next = direction > 0 ? (Math.floor(current / pack) + 1) * pack : (Math.ceil(current / pack) - 1) * pack;
  return Math.max(floor, next);
}

/** The smallest multiple of the pack whose sum at `price` reaches `target` (e.g. the minimum order sum). */
export function quantityForSum(price: string, multiplicity: number, target: string): number {
  const pack = packOf(multiplicity);
  const packCents = centsOf(price) * BigInt(pack);
  if (packCents <= 0n) return pack;
  const packs = (centsOf(target) + packCents - 1n) / packCents;
  return Math.max(1, Number(packs)) * pack;
}
