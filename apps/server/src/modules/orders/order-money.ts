import Decimal from 'decimal.js';
import { DEFAULTS } from '@b2b/contracts/limits';

/** A decimal string already written as the wire writes money (PostgreSQL's numeric(…, 2) answers so). */
const TWO_DECIMALS = /^-?(?:0|[1-9]\d*)\.\d\d$/;

/**
 * Money on the wire: a decimal string with two decimals (half up), never a float. A string already so written is
 * answered as it is (a list's every row has a few: no decimal built for them), but for "-0.00", written "0.00".
 */
export const money = (value: Decimal.Value): string =>
  typeof value === 'string' && TWO_DECIMALS.test(value) && value !== '-0.00' ? value : new Decimal(value).toFixed(2);

/**
 * A base-currency (RUB) amount in the order's currency: amount / rate for another currency, the same otherwise.
 * A zero or missing rate leaves the amount as it is rather than dividing by zero.
 */
export function inOrderCurrency(value: Decimal.Value, currency: string, rate: Decimal.Value | null): Decimal.Value {
  if (currency === DEFAULTS.currency || rate == null || new Decimal(rate).isZero()) return value;
  return new Decimal(value).div(rate);
}

/** Sum of price × quantity over rows, exactly. */
export const sumOf = <T>(rows: readonly T[], amount: (row: T) => Decimal.Value): Decimal =>
  rows.reduce((total, row) => total.plus(amount(row)), new Decimal(0));

/**
 * A decimal as an Excel number cell (Excel keeps doubles; the cell format shows two decimals): rounded half up to
 * kopecks as a decimal, and only that text made a number — money leaves decimal arithmetic here, at the cell.
 */
export const excelNumber = (value: Decimal.Value): number => Number(new Decimal(value).toFixed(2, Decimal.ROUND_HALF_UP));
