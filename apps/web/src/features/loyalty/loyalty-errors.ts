import { isApiError } from '@/api/api-error';
import { errorText } from '@/api/error-text';

export type FieldPath = (string | number)[];

/** `statuses[1][TITLE]` → ['statuses', 1, 'TITLE']; `title` → ['title']; an index in brackets becomes a number. */
export function errorKeyPath(key: string): FieldPath {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])+)$/.exec(key);
  if (!match) return [key];
  const parts = [...match[2].matchAll(/\[([^[\]]*)\]/g)].map(([, part]) => (/^\d+$/.test(part) ? Number(part) : part));
  return [match[1], ...parts];
}

export interface PlacedLoyaltyErrors {
  /** Errors under the form's own fields, a list's cell included (['statuses', 1, 'TITLE']). */
  fields: { name: FieldPath; errors: string[] }[];
  /** The first message of the answer (§8: the errors list shows its first item), or the failure's general text. */
  first: string;
}

/**
 * A refused save (SUCCESS "N", shop-pricing-offers-loyalty.md §4, §8) on a loyalty form: each key that names one of
 * `fieldNames` lands on that field, a list's `<list>[<index>][<field>]` on the cell of row `index` (the rows are sent
 * in the form's order); the first message is shown above the buttons. Any other failure is one text.
 */
export function placeLoyaltyErrors(error: unknown, fieldNames: readonly string[]): PlacedLoyaltyErrors {
  const errors = isApiError(error) ? Object.entries(error.errors) : [];
  if (!errors.length) return { fields: [], first: errorText(error) };
  const fields: PlacedLoyaltyErrors['fields'] = [];
  for (const [key, text] of errors) {
    const path = errorKeyPath(key);
    const [name, index, cell] = path;
    const isCell = path.length === 3 && typeof index === 'number' && typeof cell === 'string';
    if (fieldNames.includes(String(name)) && (path.length === 1 || isCell)) fields.push({ name: path, errors: [text] });
  }
  return { fields, first: errors[0][1] };
}
