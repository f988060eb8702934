import { centsOf, moneyOfCents } from '@/shared/money/cents';
import { formatAmount } from '@/shared/formatters/format-number';

/* Money of the shop: decimal strings from the server, added and compared as whole kopecks, shown with the currency. */

/** "1234.5" → "1 234,50 ₽"; empty for a missing amount (the shared ru-RU formatter). */
export const formatPrice = (value: string | null | undefined, currency = 'RUB'): string => formatAmount(value, currency);

/** A line's sum: price × quantity, exact. */
export const lineSum = (price: string, quantity: number): string => moneyOfCents(centsOf(price) * BigInt(Math.max(0, Math.trunc(quantity))));

/** What is left to reach `target` from `sum` (a positive amount), or null when it is reached or there is none. */
export function amountLeft(sum: string, target: string | null | undefined): string | null {
  if (!target) return null;
  const left = centsOf(target) - centsOf(sum);
  return left > 0n ? moneyOfCents(left) : null;
}

/** Whether an amount is zero (a free delivery). */
export const isZero = (value: string): boolean => centsOf(value) === 0n;

/** The sum of amounts. */
export const addMoney = (...values: string[]): string => moneyOfCents(values.reduce((sum, v) => sum + centsOf(v), 0n));
