import { describe, expect, it } from 'vitest';
import { STOREFRONT_MSG } from '@b2b/contracts/storefront';
import { packOf, quantityError, quantityForSum, stepQuantity } from '@/features/storefront/quantity';

describe('quantities in packs', () => {
  it('a multiplicity below 1 or not whole counts as 1', () => {
    expect(packOf(0)).toBe(1);
    expect(packOf(-3)).toBe(1);
    expect(packOf(2.5)).toBe(1);
    expect(packOf(12)).toBe(12);
  });

  it('accepts multiples of the pack only, with the spec message', () => {
    expect(quantityError(10, 5)).toBeNull();
    expect(quantityError(5, 5)).toBeNull();
    expect(quantityError(7, 5)).toBe(STOREFRONT_MSG.multiplicity(5));
    expect(quantityError(3, 1)).toBeNull();
  });

  it('refuses what is no whole quantity', () => {
    expect(quantityError(null, 5)).toBe(STOREFRONT_MSG.quantityInvalid);
    expect(quantityError(2.5, 1)).toBe(STOREFRONT_MSG.quantityInvalid);
    expect(quantityError(-5, 5)).toBe(STOREFRONT_MSG.quantityInvalid);
    expect(quantityError(Number.NaN, 5)).toBe(STOREFRONT_MSG.quantityInvalid);
  });

  it('zero empties a basket line but adds nothing', () => {
    expect(quantityError(0, 5, true)).toBeNull();
    expect(quantityError(0, 5)).toBe(STOREFRONT_MSG.multiplicity(5));
  });

  it('steps by the pack, landing on multiples', () => {
    expect(stepQuantity(5, 5, 1)).toBe(10);
    expect(stepQuantity(10, 5, -1)).toBe(5);
    expect(stepQuantity(7, 5, 1)).toBe(10);
    expect(stepQuantity(7, 5, -1)).toBe(5);
    expect(stepQuantity(0, 12, 1)).toBe(12);
  });

  it('does not step below one pack, or below the given floor', () => {
    expect(stepQuantity(5, 5, -1)).toBe(5);
    expect(stepQuantity(5, 5, -1, 0)).toBe(0);
    expect(stepQuantity(0, 1, -1, 0)).toBe(0);
  });

  it('finds the least quantity in packs that reaches a sum', () => {
    expect(quantityForSum('100.00', 5, '5000')).toBe(50);
    expect(quantityForSum('99.99', 1, '5000.00')).toBe(51);
    expect(quantityForSum('1234.50', 10, '5000.00')).toBe(10);
    expect(quantityForSum('0.00', 3, '5000.00')).toBe(3);
  });
});
