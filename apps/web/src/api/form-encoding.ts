/**
 * The wire encoding of ARCHITECTURE.md §4: arrays flatten to name[0]=…, objects to name[key]=…,
 * booleans to Y/N (the API's flag values), null and undefined are left out.
 */
export type FieldValue = string | number | boolean | null | undefined | Blob | readonly FieldValue[] | { readonly [key: string]: FieldValue };
export type Fields = { readonly [key: string]: FieldValue };

type FlatValue = string | Blob;

const isBlob = (value: unknown): value is Blob => typeof Blob !== 'undefined' && value instanceof Blob;

export function flattenFields(fields: Fields, prefix = ''): [string, FlatValue][] {
  const out: [string, FlatValue][] = [];
  const visit = (name: string, value: FieldValue) => {
    if (value === null || value === undefined) return;
    if (isBlob(value)) out.push([name, value]);
    else if (typeof value === 'boolean') out.push([name, value ? 'Y' : 'N']);
    else if (typeof value === 'string' || typeof value === 'number') out.push([name, String(value)]);
    else if (Array.isArray(value)) value.forEach((item: FieldValue, index) => visit(`${name}[${index}]`, item));
    else for (const [key, item] of Object.entries(value)) visit(`${name}[${key}]`, item);
  };
  for (const [key, value] of Object.entries(fields)) visit(prefix ? `${prefix}[${key}]` : key, value);
  return out;
}

export function hasFiles(fields: Fields): boolean {
  return flattenFields(fields).some(([, value]) => isBlob(value));
}

/** Form-encoded, or multipart when a file is among the values. */
export function encodeBody(fields: Fields): URLSearchParams | FormData {
  const flat = flattenFields(fields);
  if (!flat.some(([, value]) => isBlob(value))) {
    return new URLSearchParams(flat as [string, string][]);
  }
  const form = new FormData();
  for (const [name, value] of flat) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, value instanceof File ? value.name : 'blob');
  }
  return form;
}

/** A query string; files are never sent in the query. */
export function encodeQuery(fields: Fields): URLSearchParams {
  return new URLSearchParams(flattenFields(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}
