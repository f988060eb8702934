/** Decimal texts compared exactly, without zod (pages that only check a text do not download it) and without floats. */

/** -1, 0 or 1 as a < b, for plain decimal texts ("-12.5", "3"). */
export function compareDecimal(a: string, b: string): number {
  const neg = (t: string) => t.startsWith('-') && /[1-9]/.test(t);
  if (neg(a) !== neg(b)) return neg(a) ? -1 : 1;
  const sign = neg(a) ? -1 : 1;
  const [ai, af = ''] = a.replace(/^[-+]/, '').split('.');
  const [bi, bf = ''] = b.replace(/^[-+]/, '').split('.');
  const width = Math.max(af.length, bf.length);
  const norm = (i: string, f: string) => (i.replace(/^0+(?=\d)/, '') + '.' + f.padEnd(width, '0')).padStart(40, '0');
  const x = norm(ai, af);
  const y = norm(bi, bf);
  return x === y ? 0 : x < y ? -sign : sign;
}
