import { CURRENCY_SIGN } from '@b2b/contracts/storefront';
import { formatMoney, MONEY_DECIMAL_SEPARATOR, THOUSANDS_SEPARATOR } from '@/shared/formatters/format-money';

/*
 * Numbers as ru-RU writes them (issue 38 §8): «2 934», «12,5 %», «1 234,50 ₽» / «82,36 USD». Built on formatMoney's
 * digit-by-digit rounding, so a decimal string from the API never passes through a binary float.
 */

/** A count or quantity: «2 934»; '' for none. */
export const formatCount = (value: number | string | null | undefined): string => formatMoney(value, 0);

/** A percent with at most `decimals` places, trailing zeros dropped, a space before the sign: «12,5 %», «0 %». */
export function formatPercent(value: number | string | null | undefined, decimals = 2): string {
  const text = formatMoney(value, decimals);
  if (!text) return '';
  const trimmed = text.includes(MONEY_DECIMAL_SEPARATOR) ? text.replace(/0+$/, '').replace(new RegExp(`\\${MONEY_DECIMAL_SEPARATOR}$`), '') : text;
  return `${trimmed} %`;
}

/** The sign of a currency on screen, from the one list the PDF and mails use too: ₽, $, €…, else its code. */
export const currencySign = (code: string | null | undefined): string => {
  const c = code || 'RUB';
  return CURRENCY_SIGN[c] ?? c;
};

/** Money with two decimals and its currency: «1 234,50 ₽», «82,36 $»; '' for none. */
export function formatAmount(value: number | string | null | undefined, currency?: string | null): string {
  const text = formatMoney(value);
  return text ? `${text} ${currencySign(currency)}` : '';
}

/** antd's Statistic in ru-RU: «2 934», «1 234,5» (its own defaults are «2,934» and «1,234.5»). */
export const RU_STATISTIC = { groupSeparator: THOUSANDS_SEPARATOR, decimalSeparator: MONEY_DECIMAL_SEPARATOR } as const;
