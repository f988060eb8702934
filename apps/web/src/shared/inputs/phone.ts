/**
 * Russian phone mask +7 (XXX) XXX-XX-XX, applied while typing. A leading 7 or 8 is taken as the country
 * code, so formatting an already formatted value gives the same text.
 */
export function formatPhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (!digits) return '';
  const local = (/^[78]/.test(digits) ? digits.slice(1) : digits).slice(0, 10);
  let out = '+7';
  if (local.length > 0) out += ` (${local.slice(0, 3)}`;
  if (local.length >= 3) out += ')';
  if (local.length > 3) out += ` ${local.slice(3, 6)}`;
  if (local.length > 6) out += `-${local.slice(6, 8)}`;
  if (local.length > 8) out += `-${local.slice(8, 10)}`;
  return out;
}

/** The digits to send: "+7 (912) 345-67-89" → "79123456789". */
export function phoneDigits(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (!digits) return '';
  return `7${(/^[78]/.test(digits) ? digits.slice(1) : digits).slice(0, 10)}`;
}
