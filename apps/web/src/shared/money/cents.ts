/*
 * Exact money sums in the browser: the server sends money as decimal strings ("1234.50"); adding them as floats
 * drifts, so they are added as whole kopecks (bigint) and written back as a 2-decimal string.
 */

const MONEY = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/** "1234.5" → 123450n. A text that is not money with at most two decimals throws. */
export function centsOf(text: string): bigint {
  const match = MONEY.exec(text.trim());
  if (!match) throw new Error(`not a money amount: ${text}`);
  const [, sign, whole, fraction = ''] = match;
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return sign ? -cents : cents;
}

/** 123450n → "1234.50". */
export function moneyOfCents(cents: bigint): string {
  const abs = cents < 0n ? -cents : cents;
  return `${cents < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}
