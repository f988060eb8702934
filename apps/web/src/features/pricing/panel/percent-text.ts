import { PERCENT_PATTERN } from '@b2b/contracts/pricing';
import { MONEY_DECIMAL_SEPARATOR } from '@/shared/formatters/format-money';

/** A percent from the API ("10.00", "-5.50") as the screen shows it: "10", "-5,5"; null → "". */
export function formatPercent(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const [int, fraction = ''] = value.split('.');
  const kept = fraction.replace(/0+$/, '');
  return kept ? `${int}${MONEY_DECIMAL_SEPARATOR}${kept}` : int;
}

/** A typed percent the server takes (§5: up to 3 integer digits, 2 for a negative, up to 2 decimals; a comma or a dot). */
export const isPercent = (text: string) => PERCENT_PATTERN.test(text.trim());
