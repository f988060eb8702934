import { DEFAULTS } from '@b2b/contracts/limits';
import { formatMoney } from '@/shared/formatters/format-money';
import { capitaliseWords } from '@/shared/inputs/names';
import { formatPhone } from '@/shared/inputs/phone';

const CURRENCY_SIGN: Record<string, string> = { RUB: '₽', USD: '$', EUR: '€' };

export const currencySign = (code: string | null | undefined) => {
  const c = code || DEFAULTS.currency;
  return CURRENCY_SIGN[c] ?? c;
};

/** "1 234,50 ₽"; empty for a missing amount. */
export function formatAmount(value: string | number | null | undefined, currency?: string | null): string {
  const text = formatMoney(value);
  return text ? `${text} ${currencySign(currency)}` : '';
}

/** A contact name as the spec shows it: capitalised words (back-office.md §5). */
export const contactName = (name: string | null | undefined) => (name ? capitaliseWords(name.trim()) : '');

/** Phone digits formatted +7 (XXX) XXX-XX-XX; a number that is not Russian is shown as it came. */
export function contactPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const digits = phone.replace(/\D/g, '');
  const russian = digits.length === 11 && /^[78]/.test(digits);
  return russian || digits.length === 10 ? formatPhone(digits) : phone;
}

export const yesNo = (flag: string | boolean | null | undefined) => (flag === 'Y' || flag === true ? 'Да' : 'Нет');

const TAX_TYPE_LABEL: Record<string, string> = {
  WITH_VAT: 'С НДС',
  WITHOUT_VAT: 'Без НДС',
  NO_VAT: 'Без НДС',
  VAT_0: 'НДС 0%',
  VAT_10: 'НДС 10%',
  VAT_20: 'НДС 20%',
  USN: 'УСН',
};

export const taxTypeLabel = (code: string | null | undefined) => (code ? (TAX_TYPE_LABEL[code] ?? code) : '');
