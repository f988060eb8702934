import { LIMITS } from '@b2b/contracts/limits';

/**
 * Money input (back-office.md §5): digits only, one decimal point (a comma counts as one),
 * at most LIMITS.moneyDecimalsInput decimals. "12a3,45678" → "123.4567".
 */
export function cleanMoneyInput(value: string, decimals: number = LIMITS.moneyDecimalsInput): string {
  const text = value.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const point = text.indexOf('.');
  if (point === -1) return text;
  const intPart = text.slice(0, point) || '0';
  const fraction = text
    .slice(point + 1)
    .replace(/\./g, '')
    .slice(0, decimals);
  return decimals > 0 ? `${intPart}.${fraction}` : intPart;
}
