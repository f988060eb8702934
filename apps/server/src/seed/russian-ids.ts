import type { Random } from './random';

const weighted = (digits: string, weights: readonly number[]) => String((weights.reduce((s, w, i) => s + w * Number(digits[i]), 0) % 11) % 10);

/** A valid 10-digit INN of an organisation (with its check digit), in the given region (e.g. "77"). */
export function legalEntityInn(rng: Random, region: string): string {
  const body = region + rng.digits(7);
  return body + weighted(body, [2, 4, 10, 3, 5, 9, 4, 6, 8]);
}

/** A valid 12-digit INN of an individual entrepreneur (two check digits). */
export function entrepreneurInn(rng: Random, region: string): string {
  const body = region + rng.digits(8);
  const n11 = body + weighted(body, [7, 2, 4, 10, 3, 5, 9, 4, 6, 8]);
  return n11 + weighted(n11, [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]);
}

/** A valid 13-digit OGRN (check digit: the first 12 digits mod 11, mod 10). */
export function ogrn(rng: Random, region: string): string {
  const body = `1${rng.digits(2)}${region}${rng.digits(7)}`;
  return body + String(Number(BigInt(body) % 11n) % 10);
}
