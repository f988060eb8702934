/**
 * Money display (back-office.md §9): two decimals, a space between thousands.
 * Decimal strings from the API are rounded digit by digit, never through a binary float.
 */
export const MONEY_DECIMAL_SEPARATOR = ',';
export const THOUSANDS_SEPARATOR = ' ';

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

function plainDecimalText(value: number): string {
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return Math.abs(value) < 1e21 ? value.toFixed(20) : text;
}

/** Adds one unit to a string of digits ("0999" → "1000"), keeping its length unless it overflows. */
function incrementDigits(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] === '9') {
      out[i] = '0';
    } else {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
  }
  return `1${out.join('')}`;
}

/** Rounds half away from zero to `decimals` places, on the digits themselves. */
function roundDigits(intPart: string, fraction: string, decimals: number): [string, string] {
  const padded = fraction.padEnd(decimals + 1, '0');
  const kept = padded.slice(0, decimals);
  if (Number(padded[decimals]) < 5) return [intPart, kept];
  const bumped = incrementDigits(intPart + kept);
  const cut = bumped.length - decimals;
  return [bumped.slice(0, cut), bumped.slice(cut)];
}

function groupThousands(intPart: string): string {
  return intPart.replace(/\B(?=(\d{3})+(?!\d))/g, THOUSANDS_SEPARATOR);
}

/**
 * "1234567.891" → "1 234 567,89"; 5 → "5,00"; null, undefined and "" → "".
 * A text that is not a decimal number is returned unchanged.
 */
export function formatMoney(value: number | string | null | undefined, decimals = 2): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && !Number.isFinite(value)) return '';
  const text = typeof value === 'number' ? plainDecimalText(value) : value.trim().replace(/\s/g, '').replace(',', '.');
  if (text === '') return '';
  const match = DECIMAL.exec(text);
  if (!match || (match[2] === '' && !match[3])) return typeof value === 'string' ? value : '';
  const [, sign, rawInt, rawFraction = ''] = match;
  const [intPart, fraction] = roundDigits(rawInt.replace(/^0+(?=\d)/, '') || '0', rawFraction, decimals);
  const isZero = /^0*$/.test(intPart + fraction);
  const minus = sign === '-' && !isZero ? '-' : '';
  const grouped = groupThousands(intPart.replace(/^0+(?=\d)/, ''));
  return decimals > 0 ? `${minus}${grouped}${MONEY_DECIMAL_SEPARATOR}${fraction}` : `${minus}${grouped}`;
}
