import { isApiError } from '@/api/api-error';
import { errorText } from '@/api/error-text';

export type FieldPath = (string | number)[];

/**
 * Where an error key of a SUCCESS "N" answer shows: its alias (wrong_link → shop_link), a list item for a key
 * ending in its index (notify_email_2 → notify_email[2]), else the field of the same name.
 */
export function fieldOfErrorKey(key: string, aliases: Record<string, string> = {}): FieldPath {
  if (aliases[key]) return [aliases[key]];
  const indexed = /^(.+)_(\d+)$/.exec(key);
  if (indexed) return [indexed[1], Number(indexed[2])];
  return [key];
}

export interface PlacedErrors {
  /** Errors under the fields the form has. */
  fields: { name: FieldPath; errors: string[] }[];
  /** Texts with no field of the form: shown above the buttons. */
  other: string[];
}

/** Splits a failed save into field errors and the rest; any other failure is one text. */
export function placeErrors(error: unknown, fieldNames: readonly string[], aliases: Record<string, string> = {}): PlacedErrors {
  const placed: PlacedErrors = { fields: [], other: [] };
  const errors = isApiError(error) ? error.errors : {};
  if (!Object.keys(errors).length) return { fields: [], other: [errorText(error)] };
  for (const [key, text] of Object.entries(errors)) {
    const name = fieldOfErrorKey(key, aliases);
    if (fieldNames.includes(String(name[0]))) placed.fields.push({ name, errors: [text] });
    else placed.other.push(text);
  }
  return placed;
}

/** The text of one error key of a failed save, else the failure's general text. */
export const errorFor = (error: unknown, key: string): string => (isApiError(error) && error.errors[key]) || errorText(error);
