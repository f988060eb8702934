/*
 * One phone format for every screen, export and PDF (issue 38 §8): a Russian number reads «+7 (926) 118-27-45»
 * whether it was stored as 79261182745, 89261182745, 9261182745 or already formatted. A text that is not a
 * Russian number (a foreign one, an extension, a note) is shown as it was typed, trimmed.
 */

/** The ten digits after the country code of a Russian number, or undefined for anything else. */
export function russianPhoneDigits(value: string | null | undefined): string | undefined {
  const text = (value ?? '').trim();
  // Letters (доб., ext.) or a foreign country code mean the text is not just a number: keep it as typed.
  if (!text || /[^\d\s()+\-.]/.test(text)) return undefined;
  const digits = text.replace(/\D/g, '');
  if (digits.length === 10 && !text.startsWith('+')) return digits;
  if (digits.length === 11 && (digits[0] === '7' || (digits[0] === '8' && !text.startsWith('+')))) return digits.slice(1);
  return undefined;
}

/** «+7 (926) 118-27-45» of a Russian number; any other text trimmed as typed; '' for none. */
export function formatPhone(value: string | null | undefined): string {
  const d = russianPhoneDigits(value);
  if (!d) return (value ?? '').trim();
  return `+7 (${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6, 8)}-${d.slice(8, 10)}`;
}
