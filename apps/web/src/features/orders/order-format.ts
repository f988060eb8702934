import { formatPhone } from '@b2b/contracts/phone-format';
import { currencySign, formatAmount } from '@/shared/formatters/format-number';
import { capitaliseWords } from '@/shared/inputs/names';

// The shared ru-RU money formatters (issue 38 §8), under the names the orders area uses.
export { currencySign, formatAmount };

/** A contact name as the spec shows it: capitalised words (back-office.md §5). */
export const contactName = (name: string | null | undefined) => (name ? capitaliseWords(name.trim()) : '');

/** Phone digits formatted +7 (XXX) XXX-XX-XX; a number that is not Russian is shown as it came (contracts' one format). */
export const contactPhone = (phone: string | null | undefined): string => formatPhone(phone);

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
