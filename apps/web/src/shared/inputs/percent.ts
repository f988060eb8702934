/**
 * Percent input (back-office.md §5): up to 3 integer digits (2 for a negative value) and 2 fraction
 * digits; extra digits are dropped as they are typed. "1234.567" → "123.56", "-123" → "-12".
 */
export function cleanPercentInput(value: string, allowNegative = true): string {
  const text = value.trim().replace(/,/g, '.');
  const negative = allowNegative && text.startsWith('-');
  const body = text.replace(/[^\d.]/g, '');
  const point = body.indexOf('.');
  const intDigits = (point === -1 ? body : body.slice(0, point)).slice(0, negative ? 2 : 3);
  const sign = negative ? '-' : '';
  if (point === -1) return sign + intDigits;
  const fraction = body
    .slice(point + 1)
    .replace(/\./g, '')
    .slice(0, 2);
  return `${sign}${intDigits || '0'}.${fraction}`;
}
