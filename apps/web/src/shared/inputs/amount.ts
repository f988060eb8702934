/** Amount fields are cleaned of spaces (including no-break and thin ones) before sending. */
export function cleanAmount(value: string): string {
  return value.replace(/[\s\u00a0\u202f\u2009]/g, '');
}
