import { LIMITS } from './limits';

/**
 * The domain-name helper (shop-pricing-offers-loyalty.md §5, back-office.md §5): strips trailing invalid
 * characters, each label at most 63 characters, the whole name at most 255. The web limits what is typed with
 * it, the server checks what arrives with it.
 */

const LABEL_CHAR = /[a-z0-9а-яё-]/;
const END_CHAR = /[a-z0-9а-яё]$/;
const LABEL = /^[a-z0-9а-яё](?:[a-z0-9а-яё-]*[a-z0-9а-яё])?$/;

/** "https://Shop.example.ru:8080/catalog?x" → "shop.example.ru". */
export function stripUrlParts(input: string): string {
  return input
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/:\d*$/, '');
}

/** Removes the characters a domain name cannot end with: dots, hyphens, spaces, anything not a letter or digit. */
export function stripDomainTail(input: string): string {
  let value = input;
  while (value && !END_CHAR.test(value)) value = value.slice(0, -1);
  return value;
}

/** What may be typed: domain characters only, each label cut to 63 characters, the name to 255. */
export function limitDomainInput(input: string): string {
  const chars = [...input.toLowerCase()].filter((c) => c === '.' || LABEL_CHAR.test(c)).join('');
  return chars
    .split('.')
    .map((label) => label.slice(0, LIMITS.domainLabelMax))
    .join('.')
    .slice(0, LIMITS.domainTotalMax);
}

/** The helper applied to a whole value: URL parts and the invalid tail removed. */
export const cleanDomainName = (input: string): string => stripDomainTail(stripUrlParts(input));

/** A cleaned name is valid with two or more labels, each 1..63 characters, 255 in all, and a TLD not all digits. */
export function isValidDomainName(name: string): boolean {
  if (!name || name.length > LIMITS.domainTotalMax) return false;
  const labels = name.split('.');
  if (labels.length < 2 || /^\d+$/.test(labels[labels.length - 1])) return false;
  return labels.every((label) => label.length <= LIMITS.domainLabelMax && LABEL.test(label));
}
