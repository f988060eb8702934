import { EMAIL_RE } from '@b2b/contracts/employees';
import { SHOP_MSG } from '@b2b/contracts/shop';
import {
  ACTUAL_DAYS_MAX,
  BASKET_EXPORT_OPTIONS,
  bikError,
  checkingAccountError,
  corAccountError,
  innError,
  kppError,
  ogrnError,
  postcodeError,
  REQUISITES_MSG,
  type BasketExportOption,
  type CommercialOfferBody,
  type OfferTextField,
} from '@b2b/contracts/shop-requisites';
import type { OfferSettingsChanges, OfferSettingsRow } from './commercial-offer.repo';

/**
 * The rules of the commercial-offer form (§5) over the body its contract has typed: each text field with its
 * check. A field that is not sent keeps its stored value. The organisation's name and INN are required.
 */

type Errors = Record<string, string>;

type Column = keyof OfferSettingsChanges & keyof OfferSettingsRow;
interface Field {
  column: Column;
  max: number;
  required?: boolean;
  /** Digits only are kept (spaces and dashes typed between groups are dropped). */
  digits?: boolean;
  check?: (value: string, all: Record<string, string>) => string | null;
}

/** The text fields by payload name (the names of the answer too). */
export const FIELDS: Record<OfferTextField, Field> = {
  orgName: { column: 'org_name', max: 255, required: true },
  inn: { column: 'inn', max: 12, required: true, digits: true, check: innError },
  ogrn: { column: 'ogrn', max: 15, digits: true, check: ogrnError },
  kpp: { column: 'kpp', max: 9, check: (v) => kppError(v.toUpperCase()) },
  postcode: { column: 'postcode', max: 6, digits: true, check: postcodeError },
  phone: { column: 'phone', max: 40 },
  email: { column: 'email', max: 254, check: (v) => (EMAIL_RE.test(v) ? null : SHOP_MSG.emailInvalid) },
  url: { column: 'url', max: 255, check: (v) => (/^(https?:\/\/)?[^\s/.]+(\.[^\s/.]+)+(\/\S*)?$/i.test(v) ? null : REQUISITES_MSG.urlInvalid) },
  legalAddress: { column: 'legal_address', max: 500 },
  bank: { column: 'bank', max: 255 },
  checkingAccount: { column: 'checking_account', max: 20, digits: true, check: checkingAccountError },
  bik: { column: 'bik', max: 9, digits: true, check: bikError },
  corAccount: { column: 'cor_account', max: 20, digits: true, check: (v, all) => corAccountError(v, all.bik ?? '') },
};

/** A whole number from 1 to `max`, or null. */
function positiveInt(value: string, max: number): number | null {
  if (!/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
}

const textFields = Object.entries(FIELDS) as [OfferTextField, Field][];

export function parseOfferSettings(body: CommercialOfferBody, stored: OfferSettingsRow | undefined): { set: OfferSettingsChanges; errors: Errors } {
  const errors: Errors = {};
  const values: Record<string, string> = {};
  for (const [key, field] of textFields) {
    const raw = body[key] ?? String(stored?.[field.column] ?? '');
    values[key] = field.digits ? raw.replace(/[\s-]/g, '') : raw;
  }
  const set: Record<string, string | null> = {};
  for (const [key, field] of textFields) {
    const value = values[key];
    if (!value) {
      if (field.required) errors[key] = REQUISITES_MSG.required;
    } else {
      // Its own check first: a wrong number of digits reads better than "too long".
      const problem = field.check?.(value, values) ?? (value.length > field.max ? SHOP_MSG.textTooLong(field.max) : null);
      if (problem) errors[key] = problem;
    }
    set[field.column] = value || null;
  }
  const isActualDays = body.isActualDays ?? stored?.is_actual_days ?? false;
  const daysSent = body.actualDays ?? String(stored?.actual_days ?? '');
  const actualDays = daysSent ? positiveInt(daysSent, ACTUAL_DAYS_MAX) : null;
  if ((isActualDays && actualDays === null) || (daysSent && actualDays === null)) errors.actualDays = REQUISITES_MSG.actualDays;
  const vat = body.vat ?? stored?.vat ?? 'WITH_VAT';
  if (vat !== 'WITH_VAT' && vat !== 'WO_VAT') errors.vat = SHOP_MSG.choiceInvalid;

  const storedExport = (stored?.basket_export ?? {}) as Record<string, unknown>;
  const basketExport = Object.fromEntries(
    (Object.keys(BASKET_EXPORT_OPTIONS) as BasketExportOption[]).map((k) => [k, body.basketExport?.[k] ?? storedExport[k] === true]),
  );
  return {
    set: {
      ...set,
      kpp: set.kpp?.toUpperCase() ?? null,
      is_actual_days: isActualDays,
      actual_days: actualDays,
      vat,
      basket_export: JSON.stringify(basketExport),
    },
    errors,
  };
}
