import Decimal from 'decimal.js';

/** A NUMERIC(18,4) column value: a decimal string without binary noise. */
export const toMoney = (value: Decimal.Value): string => new Decimal(value).toFixed(4);

/** Prices carry two decimals (shop-pricing-offers-loyalty.md §9: price digits 2). */
export const roundPrice = (value: Decimal): Decimal => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/** Loyalty points are whole numbers. */
export const wholePoints = (value: Decimal): Decimal => value.toDecimalPlaces(0, Decimal.ROUND_DOWN);
