import { BANNER_PLACEMENTS, offerErrorField } from '@b2b/contracts/offers';

export type OfferFieldPath = (string | number)[];

/** The form's own fields that a check_* key can name. */
const FORM_FIELDS = [
  'name',
  'type',
  'description',
  'date_start',
  'date_end',
  'limit',
  'sort',
  'active',
  'not_in_basket',
  'xls_file',
  ...BANNER_PLACEMENTS,
];

/** banner_main_file (the part's name) shows on the banner_main field. */
const fieldName = (field: string) => field.replace(/^(banner_[a-z]+)_file$/, '$1');

export interface PlacedOfferErrors {
  fields: { name: OfferFieldPath; errors: string[] }[];
  /** Errors with no field on the form (check_presents, unknown keys): shown above the buttons. */
  other: string[];
}

/**
 * A refused save's errors on the form (§5 Offers): a gift's key lands on that gift's sum or, for its product, on the
 * gift's code input; check_products on the excel file; others on the field they name.
 */
export function placeOfferErrors(errors: Record<string, string>, presentCount: number): PlacedOfferErrors {
  const placed: PlacedOfferErrors = { fields: [], other: [] };
  for (const [key, text] of Object.entries(errors)) {
    const { field, present } = offerErrorField(key);
    if (present !== undefined && present >= 0 && present < presentCount) {
      placed.fields.push({ name: ['presents', present, field === 'sum' ? 'sum' : 'code'], errors: [text] });
      continue;
    }
    const name = fieldName(field);
    if (present === undefined && FORM_FIELDS.includes(name)) placed.fields.push({ name: [name], errors: [text] });
    else placed.other.push(text);
  }
  return placed;
}
