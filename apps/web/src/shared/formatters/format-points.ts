import { PLURAL, pluralRu } from '@b2b/contracts/plural-ru';
import { formatMoney } from '@/shared/formatters/format-money';

/** Loyalty points (back-office.md §9 plurals): "35 149 баллов", "12,50 балла", "-100 баллов"; empty for a missing value. */
export function formatPoints(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const n = Number(value);
  if (!Number.isFinite(n)) return String(value);
  const text = Number.isInteger(n) ? formatMoney(value, 0) : formatMoney(value);
  return `${text} ${pluralRu(n, PLURAL.point)}`;
}
