/**
 * Reading the values of an unflattened form body (http/unflatten): trimmed text, Y/N flags, lists, sums.
 * Shared by the shop-settings domains (shop, tradepoints, delivery, commercial offer).
 */

export type Body = Record<string, unknown>;
export type Errors = Record<string, string>;

export const has = (body: Body, key: string) => Object.prototype.hasOwnProperty.call(body, key);

/** A text value; a repeated field gives its last value; anything else is empty. */
export function text(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.length) return text(value[value.length - 1]);
  return '';
}

/** Y/N, 1/0, true/false, on/off; undefined for anything else (absent). */
export function flag(value: unknown): boolean | undefined {
  const v = text(value).toLowerCase();
  if (['y', '1', 'true', 'on'].includes(v)) return true;
  if (['n', '0', 'false', 'off', ''].includes(v) && value !== undefined) return false;
  return undefined;
}

/** The raw items of a list field in payload order: name[0], name[1]…, a single value, or none (""). */
export function rawList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(text);
  if (value && typeof value === 'object') return Object.values(value).map(text);
  const single = text(value);
  return single ? [single] : [];
}

/** A list of objects: ph[0][PHONE]…, in payload order. */
export function objectList(value: unknown): Body[] {
  const items = Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value) : [];
  return items.filter((item): item is Body => !!item && typeof item === 'object' && !Array.isArray(item));
}

/**
 * A sum as the web sends it: spaces removed, a comma read as the decimal point, at most 4 decimals.
 * '' → null; 'bad' when it is not a non-negative number.
 */
export function money(value: unknown): string | null | 'bad' {
  const v = text(value).replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (!v) return null;
  return /^\d{1,14}(\.\d{1,4})?$/.test(v) ? v : 'bad';
}

/** A positive whole number, or null. */
export function positiveInt(value: unknown, max = 1_000_000): number | null {
  const v = text(value);
  if (!/^\d{1,9}$/.test(v)) return null;
  const n = Number(v);
  return n >= 1 && n <= max ? n : null;
}

/** A stored sum as the spec shows it: a decimal string without trailing zeros ("" for none). */
export function moneyOut(value: string | null): string {
  if (value == null) return '';
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value;
}

/** The request's unflattened body (form or multipart fields), {} when there is none. */
export const bodyOf = (request: { body?: unknown }): Body =>
  request.body && typeof request.body === 'object' ? (request.body as Body) : {};
